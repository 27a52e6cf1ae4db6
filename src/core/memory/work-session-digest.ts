import type { Question, TaskTheory, WorkSessionSummary } from '../../shared/contract/memory';
import type { AppTime } from '../../shared/contract/observation';
import type { TaskRecord } from '../store/repositories/memory-task-repository';
import { formatClockTime as clock } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { joinNames } from './task-segmentation';
import { tokenCount, truncateToTokens } from '../llm/tokens';

/**
 * The work-session digest: what memory knows about the work session in progress, told as labelled
 * items for the work-session tier of every LLM context, and as the offline summary.
 */

/** What memory knows about the work session in progress, at one moment. */
export interface WorkSessionSnapshot {
  readonly workSessionId: number;
  readonly startMs: number;
  readonly nowMs: number;
  readonly tasks: readonly TaskRecord[];
  readonly appTime: Pick<AppTime, 'apps' | 'totalActiveSeconds'>;
  readonly questions: readonly Question[];
  readonly theory: TaskTheory | null;
  readonly latestSummary: WorkSessionSummary | null;
}

/** One labelled piece of the digest; items come most important first. */
export interface DigestItem {
  readonly label: string;
  readonly text: string;
}

export const SUMMARY_MAX_TOKENS = 500;
export const SUMMARY_INTERVAL_MS = 5 * 60_000;

/** A new rolling summary every 5 minutes, or as soon as a task boundary was crossed. */
export function shouldUpdateSummary(
  state: { lastSummaryAtMs: number | null; workSessionStartMs: number; boundarySinceSummary: boolean },
  nowMs: number,
): boolean {
  if (state.boundarySinceSummary) return true;
  return nowMs - (state.lastSummaryAtMs ?? state.workSessionStartMs) >= SUMMARY_INTERVAL_MS;
}

/** The digest's items, most important first (the LLM context keeps what fits in 500 tokens). */
export function workSessionDigestItems(snapshot: WorkSessionSnapshot): DigestItem[] {
  const items: DigestItem[] = [];
  const current = snapshot.tasks.at(-1);
  items.push({
    label: 'work session',
    text: `Work session since ${clock(snapshot.startMs)} (${formatDuration((snapshot.nowMs - snapshot.startMs) / 1000)}, ${formatDuration(snapshot.appTime.totalActiveSeconds)} active).`,
  });
  if (current?.open) items.push({ label: 'current task', text: `Current task: ${current.name} — ${current.brief}` });
  if (snapshot.theory) items.push({ label: 'task theory', text: `What the user seems to be doing: ${snapshot.theory.text}` });
  if (snapshot.appTime.apps.length) items.push({ label: 'app time', text: `App time: ${appTimeLine(snapshot.appTime)}.` });
  const done = snapshot.tasks.filter((t) => !t.open);
  for (const t of [...done].reverse().slice(0, 12))
    items.push({
      label: `task ${t.name} at ${clock(t.startMs)}`,
      text: `Earlier task ${clock(t.startMs)}–${clock(t.endMs)}: ${t.name} — ${t.brief}`,
    });
  if (snapshot.latestSummary)
    items.push({ label: `summary ${snapshot.latestSummary.id}`, text: `Summary so far: ${snapshot.latestSummary.text}` });
  const asked = snapshot.questions.slice(-5);
  if (asked.length) {
    items.push({
      label: 'questions asked',
      text: `Questions asked: ${asked.map((q) => (q.answer ? `${q.text} → ${q.answer}` : `${q.text} (${q.status})`)).join(' | ')}`,
    });
  }
  return items;
}

/**
 * The offline rolling summary: the work session's span, its tasks (newest kept when it must shrink),
 * app time, the current theory and answered questions, within 500 tokens.
 */
export function offlineWorkSessionSummary(snapshot: WorkSessionSnapshot, final: boolean): string {
  const head = `${final ? 'Work session' : 'So far this work session'} (${clock(snapshot.startMs)}–${clock(snapshot.nowMs)}, ${formatDuration(snapshot.appTime.totalActiveSeconds)} active): ${
    snapshot.tasks.length === 0 ? 'no tasks yet' : `${snapshot.tasks.length} task${snapshot.tasks.length === 1 ? '' : 's'}`
  }, mostly in ${joinNames(snapshot.appTime.apps.slice(0, 3).map((a) => `${a.app} (${formatDuration(a.seconds)})`))}.`;
  const tail: string[] = [];
  if (snapshot.theory && !final) tail.push(`Now: ${snapshot.theory.text}`);
  const answered = snapshot.questions.filter((q) => q.answer);
  if (answered.length) tail.push(`Learned: ${answered.map((q) => `${q.text} — ${q.answer}`).join(' ')}`);
  const taskLines = snapshot.tasks.map((t) => `${clock(t.startMs)}–${t.open ? 'now' : clock(t.endMs)} ${t.name}: ${t.brief}`);
  // Keep the newest tasks when the whole list does not fit; say how many older ones were folded.
  for (let skip = 0; skip <= taskLines.length; skip++) {
    const lines = taskLines.slice(skip);
    const folded = skip > 0 ? [`(${skip} earlier task${skip === 1 ? '' : 's'} not listed)`] : [];
    const text = [head, ...folded, ...lines, ...tail].join('\n');
    if (tokenCount(text) <= SUMMARY_MAX_TOKENS) return text;
  }
  return truncateToTokens([head, ...tail].join('\n'), SUMMARY_MAX_TOKENS);
}

export function appTimeLine(appTime: Pick<AppTime, 'apps'>): string {
  return appTime.apps
    .slice(0, 6)
    .map((a) => `${a.app} ${formatDuration(a.seconds)}`)
    .join(', ');
}

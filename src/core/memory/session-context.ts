import type { Question, TaskTheory, WorkSessionSummary } from '../../shared/contract/memory';
import type { AppTime } from '../../shared/contract/observation';
import type { TaskRecord } from '../store/repositories/memory-task-repository';
import { formatClockTime as clock } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { joinNames } from './task-segmentation';
import { tokenCount, truncateToTokens } from '../llm/tokens';

/** What memory knows about the work session in progress: the session tier of every LLM call's context. */
export interface SessionSnapshot {
  readonly workSessionId: number;
  readonly startMs: number;
  readonly nowMs: number;
  readonly tasks: readonly TaskRecord[];
  readonly appTime: Pick<AppTime, 'apps' | 'totalActiveSeconds'>;
  readonly questions: readonly Question[];
  readonly theory: TaskTheory | null;
  readonly latestSummary: WorkSessionSummary | null;
}

/** A labelled piece of context text, in priority order within its tier. */
export interface ContextItem {
  readonly label: string;
  readonly text: string;
}

export const SUMMARY_MAX_TOKENS = 500;
export const SUMMARY_INTERVAL_MS = 5 * 60_000;

/** A new rolling summary every 5 minutes, or as soon as a task boundary was crossed. */
export function shouldUpdateSummary(state: { lastSummaryAtMs: number | null; sessionStartMs: number; boundarySinceSummary: boolean }, nowMs: number): boolean {
  if (state.boundarySinceSummary) return true;
  return nowMs - (state.lastSummaryAtMs ?? state.sessionStartMs) >= SUMMARY_INTERVAL_MS;
}

/** The session tier's pieces, most important first (assembly keeps what fits in 500 tokens). */
export function sessionContextItems(s: SessionSnapshot): ContextItem[] {
  const items: ContextItem[] = [];
  const current = s.tasks.at(-1);
  items.push({
    label: 'work session',
    text: `Work session since ${clock(s.startMs)} (${formatDuration((s.nowMs - s.startMs) / 1000)}, ${formatDuration(s.appTime.totalActiveSeconds)} active).`,
  });
  if (current?.open) items.push({ label: 'current task', text: `Current task: ${current.name} — ${current.brief}` });
  if (s.theory) items.push({ label: 'task theory', text: `What the user seems to be doing: ${s.theory.text}` });
  if (s.appTime.apps.length) items.push({ label: 'app time', text: `App time: ${appTimeLine(s.appTime)}.` });
  const done = s.tasks.filter((t) => !t.open);
  for (const t of [...done].reverse().slice(0, 12)) items.push({ label: `task ${t.name} at ${clock(t.startMs)}`, text: `Earlier task ${clock(t.startMs)}–${clock(t.endMs)}: ${t.name} — ${t.brief}` });
  if (s.latestSummary) items.push({ label: `summary ${s.latestSummary.id}`, text: `Summary so far: ${s.latestSummary.text}` });
  const asked = s.questions.slice(-5);
  if (asked.length) {
    items.push({
      label: 'questions asked',
      text: `Questions asked: ${asked.map((q) => (q.answer ? `${q.text} → ${q.answer}` : `${q.text} (${q.status})`)).join(' | ')}`,
    });
  }
  return items;
}

/**
 * The offline rolling summary: the session's span, its tasks (newest kept when it must shrink),
 * app time, the current theory and answered questions, within 500 tokens.
 */
export function offlineSessionSummary(s: SessionSnapshot, final: boolean): string {
  const head = `${final ? 'Work session' : 'So far this work session'} (${clock(s.startMs)}–${clock(s.nowMs)}, ${formatDuration(s.appTime.totalActiveSeconds)} active): ${
    s.tasks.length === 0 ? 'no tasks yet' : `${s.tasks.length} task${s.tasks.length === 1 ? '' : 's'}`
  }, mostly in ${joinNames(s.appTime.apps.slice(0, 3).map((a) => `${a.app} (${formatDuration(a.seconds)})`))}.`;
  const tail: string[] = [];
  if (s.theory && !final) tail.push(`Now: ${s.theory.text}`);
  const answered = s.questions.filter((q) => q.answer);
  if (answered.length) tail.push(`Learned: ${answered.map((q) => `${q.text} — ${q.answer}`).join(' ')}`);
  const taskLines = s.tasks.map((t) => `${clock(t.startMs)}–${t.open ? 'now' : clock(t.endMs)} ${t.name}: ${t.brief}`);
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

import type { Question, TaskTheory, WorkSessionSummary, WorkThreadView } from '../../shared/contract/memory';
import type { AppTime } from '../../shared/contract/observation';
import type { TaskRecord } from '../store/repositories/memory-task-repository';
import type { ScreenTextEntry } from '../store/repositories/screen-text-repository';
import { formatClockTime as clock } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';

/**
 * The work-session digest: what memory knows about the work session in progress, told as labelled
 * items for the work-session tier of every LLM context. It is a chain: the latest summary (which
 * covers the work session up to when it was written) and what happened since — tasks, questions and
 * answers, notable screen text — so the next summary, written from both, covers the whole work session.
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
  /** Text read on screen since the latest summary (or the start), newest first. */
  readonly screenText: readonly ScreenTextEntry[];
  /** Its tasks joined into work threads (stored tasks only), when the work items are known. */
  readonly threads?: readonly WorkThreadView[];
}

/** One labelled piece of the digest; items come most important first. */
export interface DigestItem {
  readonly label: string;
  readonly text: string;
  /** The latest summary: it has its own reserved share of the tier, so nothing crowds it out. */
  readonly reserved?: boolean;
}

export const SUMMARY_MAX_TOKENS = 500;
export const SUMMARY_INTERVAL_MS = 5 * 60_000;
/**
 * The share of the work-session tier reserved for the latest summary, and so the length a rolling
 * summary is asked to keep: whatever else the tier holds, the chain carries the whole work session.
 */
export const PREVIOUS_SUMMARY_TOKENS = 300;
/** Notable screen text: windows read since the latest summary, newest first, this many characters each. */
const SCREEN_TEXT_WINDOWS = 4;
const SCREEN_TEXT_CHARS = 240;

/** A new rolling summary every 5 minutes, or as soon as a task boundary was crossed. */
export function shouldUpdateSummary(
  state: { lastSummaryAtMs: number | null; workSessionStartMs: number; boundarySinceSummary: boolean },
  nowMs: number,
): boolean {
  if (state.boundarySinceSummary) return true;
  return nowMs - (state.lastSummaryAtMs ?? state.workSessionStartMs) >= SUMMARY_INTERVAL_MS;
}

/** When the latest summary was written: what happened after it is not in it yet. */
export function summarySince(snapshot: Pick<WorkSessionSnapshot, 'latestSummary' | 'startMs'>): number {
  return snapshot.latestSummary ? Date.parse(snapshot.latestSummary.at) : snapshot.startMs;
}

/**
 * The digest's items, most important first: the work session, the current task and theory, app time,
 * the latest summary (reserved share), then what happened since it — tasks, questions and answers,
 * screen text — and last the earlier tasks the summary already covers, newest first, where room is left.
 */
export function workSessionDigestItems(snapshot: WorkSessionSnapshot): DigestItem[] {
  const items: DigestItem[] = [];
  const since = summarySince(snapshot);
  const current = snapshot.tasks.at(-1);
  items.push({
    label: 'work session',
    text: `Work session since ${clock(snapshot.startMs)} (${formatDuration((snapshot.nowMs - snapshot.startMs) / 1000)}, ${formatDuration(snapshot.appTime.totalActiveSeconds)} active).`,
  });
  if (current?.open)
    items.push({ label: 'current task', text: `Current task since ${clock(current.startMs)}: ${current.name} — ${current.brief}` });
  if (snapshot.theory) items.push({ label: 'task theory', text: `What the user seems to be doing: ${snapshot.theory.text}` });
  if (snapshot.appTime.apps.length) items.push({ label: 'app time', text: `App time: ${appTimeLine(snapshot.appTime)}.` });
  if (snapshot.latestSummary) {
    items.push({
      label: `summary ${snapshot.latestSummary.id}`,
      text: `Summary up to ${clock(since)}: ${snapshot.latestSummary.text}`,
      reserved: true,
    });
  }
  const done = snapshot.tasks.filter((t) => !t.open);
  const newer = done.filter((t) => t.endMs > since);
  for (const t of newer) items.push(taskItem(t, `Task since ${clock(since)}`));
  const asked = snapshot.questions.filter(
    (q) => Date.parse(q.askedAt) >= since || (q.answeredAt !== null && Date.parse(q.answeredAt) >= since),
  );
  for (const q of asked.slice(-5))
    items.push({
      label: `question ${q.id}`,
      text: q.answer ? `Asked ${clock(q.askedAt)}: ${q.text} Answer: ${q.answer}` : `Asked ${clock(q.askedAt)} (${q.status}): ${q.text}`,
    });
  for (const entry of notableScreenText(snapshot.screenText))
    items.push({
      label: `screen text ${entry.app} at ${clock(entry.atMs)}`,
      text: `On screen at ${clock(entry.atMs)}, ${entry.app} “${entry.title}”: ${entry.text}`,
    });
  for (const t of done.filter((d) => d.endMs <= since).reverse()) items.push(taskItem(t, 'Earlier task'));
  return items;
}

function taskItem(t: TaskRecord, prefix: string): DigestItem {
  return {
    label: `task ${t.name} at ${clock(t.startMs)}`,
    text: `${prefix} ${clock(t.startMs)}–${clock(t.endMs)}: ${t.name} — ${t.brief}`,
  };
}

/** The newest text of each window read since the summary, on one line and cut short: what the screen showed. */
function notableScreenText(entries: readonly ScreenTextEntry[]): Array<{ app: string; title: string; atMs: number; text: string }> {
  const seen = new Set<string>();
  const notable: Array<{ app: string; title: string; atMs: number; text: string }> = [];
  for (const e of entries) {
    const key = `${e.app}\u0000${e.title}`;
    const text = e.text.replace(/\s+/g, ' ').trim();
    if (seen.has(key) || !text) continue;
    seen.add(key);
    notable.push({
      app: e.app,
      title: e.title,
      atMs: e.atMs,
      text: text.length > SCREEN_TEXT_CHARS ? `${text.slice(0, SCREEN_TEXT_CHARS - 1)}…` : text,
    });
    if (notable.length >= SCREEN_TEXT_WINDOWS) break;
  }
  return notable;
}

function appTimeLine(appTime: Pick<AppTime, 'apps'>): string {
  return appTime.apps
    .slice(0, 6)
    .map((a) => `${a.app} ${formatDuration(a.seconds)}`)
    .join(', ');
}

import type { TaskRecord } from '../store/repositories/memory-task-repository';
import { formatClockTime as clock } from '../../shared/format-clock-time';
import { formatDuration } from '../../shared/format-duration';
import { joinNames } from './task-segmentation';
import { tokenCount, tokenCountOfLines, truncateToTokens } from '../llm/tokens';
import { PREVIOUS_SUMMARY_TOKENS, type WorkSessionSnapshot } from './work-session-digest';
import type { WorkThreadView } from '../../shared/contract/memory';
import { threadCount, threadLine, threadName } from '../../shared/thread-words';

/** The longest the line of folded earlier tasks may grow: the rest of the summary lists the newest ones. */
const FOLDED_LINE_TOKENS = 120;
/** As long as the share of the work-session tier the next call reserves for it: the chain holds it whole. */
const OFFLINE_SUMMARY_TOKENS = PREVIOUS_SUMMARY_TOKENS;

/**
 * The offline summary of a work session: its span, app time, its tasks and what was learned, within the
 * summary's reserved share, covering the whole work session: when the task list does not fit, the
 * oldest tasks are folded into one line (each task name once, how often and how long) and the newest
 * are listed.
 */
export function offlineWorkSessionSummary(snapshot: WorkSessionSnapshot, final: boolean): string {
  if (snapshot.threads && snapshot.threads.length > 0) return threadSummary(snapshot, snapshot.threads, final);
  const head = `${final ? 'Work session' : 'So far this work session'} (${clock(snapshot.startMs)}–${clock(snapshot.nowMs)}, ${formatDuration(snapshot.appTime.totalActiveSeconds)} active): ${
    snapshot.tasks.length === 0 ? 'no tasks yet' : `${snapshot.tasks.length} task${snapshot.tasks.length === 1 ? '' : 's'}`
  }, mostly in ${joinNames(snapshot.appTime.apps.slice(0, 3).map((a) => `${a.app} (${formatDuration(a.seconds)})`))}.`;
  const tail: string[] = [];
  if (snapshot.theory && !final) tail.push(`Now: ${snapshot.theory.text}`);
  const answered = snapshot.questions.filter((q) => q.answer);
  if (answered.length) tail.push(`Learned: ${answered.map((q) => `${q.text} — ${q.answer}`).join(' ')}`);
  const taskLines = snapshot.tasks.map((t) => `${clock(t.startMs)}–${t.open ? 'now' : clock(t.endMs)} ${t.name}: ${t.brief}`);
  // Each line is tokenized once (tokenCountOfLines), not the whole text once per task folded: that
  // was quadratic in the tasks of the work session, run every five minutes all day.
  for (let fold = 0; fold <= taskLines.length; fold++) {
    const listed = [...taskLines.slice(fold), ...tail];
    // The folded line only adds tokens: while the rest alone is too long, fold on without writing it.
    if (fold > 0 && tokenCountOfLines([head, ...listed]) > OFFLINE_SUMMARY_TOKENS) continue;
    const lines = [head, ...(fold > 0 ? [foldedTasks(snapshot.tasks.slice(0, fold))] : []), ...listed];
    if (tokenCountOfLines(lines) <= OFFLINE_SUMMARY_TOKENS) return lines.join('\n');
  }
  return truncateToTokens([head, ...tail].join('\n'), OFFLINE_SUMMARY_TOKENS);
}

/** Earlier tasks in one line: `Earlier (08:30–13:31, 21 tasks): Spring Forecast.xlsx (Microsoft Excel) 4× 1h 25m; …`, longest first. */
export function foldedTasks(tasks: readonly TaskRecord[]): string {
  const byName = new Map<string, { count: number; ms: number }>();
  for (const t of tasks) {
    const entry = byName.get(t.name) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += t.endMs - t.startMs;
    byName.set(t.name, entry);
  }
  const names = [...byName]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, e]) => `${name}${e.count > 1 ? ` ${e.count}×` : ''} ${formatDuration(e.ms / 1000)}`);
  const line = `Earlier (${clock(tasks[0]!.startMs)}–${clock(tasks.at(-1)!.endMs)}, ${tasks.length} task${tasks.length === 1 ? '' : 's'}): ${names.join('; ')}.`;
  const cut = truncateToTokens(line, FOLDED_LINE_TOKENS);
  if (cut === line) return line;
  // Shortened: end after the last whole entry, never inside a name or its count and time.
  const lastWhole = cut.lastIndexOf('; ');
  return lastWhole > 0 ? `${cut.slice(0, lastWhole)}; …` : cut;
}

/**
 * The offline summary in work threads: the work session's span, active time, its tasks and the threads
 * they join into, then the threads the most time went to (by start, each with when, how long in all,
 * its apps and its state when last seen) and the shorter ones folded into one line, within the
 * summary's reserved share. Lines are dropped whole, so no word is ever cut.
 */
function threadSummary(snapshot: WorkSessionSnapshot, threads: readonly WorkThreadView[], final: boolean): string {
  const tasks = threads.reduce((sum, t) => sum + t.taskIds.length, 0);
  const open = snapshot.tasks.at(-1)?.open ? snapshot.tasks.at(-1)! : null;
  const head = `${final ? 'Work session' : 'So far this work session'} (${clock(snapshot.startMs)}–${clock(snapshot.nowMs)}, ${formatDuration(snapshot.appTime.totalActiveSeconds)} active): ${threadCount(tasks, threads.length)}, mostly in ${joinNames(snapshot.appTime.apps.slice(0, 3).map((a) => `${a.app} (${formatDuration(a.seconds)})`))}.`;
  const tail: string[] = [];
  if (open && !final) tail.push(`Now, since ${clock(open.startMs)}: ${open.name}.`);
  if (snapshot.theory && !final) tail.push(`Now: ${snapshot.theory.text}`);
  const answered = snapshot.questions.filter((q) => q.answer);
  if (answered.length) tail.push(`Learned: ${answered.map((q) => `${q.text} — ${q.answer}`).join(' ')}`);
  const byTime = [...threads].sort((a, b) => b.seconds - a.seconds);
  for (let shown = byTime.length; shown >= 0; shown--) {
    const listed = byTime.slice(0, shown).sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
    const rest = byTime.slice(shown);
    const lines = [head, ...listed.map((t) => `- ${threadLine(t)}`), ...(rest.length > 0 ? [shorterThreads(rest)] : []), ...tail];
    if (tokenCountOfLines(lines) <= OFFLINE_SUMMARY_TOKENS) return lines.join('\n');
  }
  // Even the head and what was learned are too long: whole lines first, then whole words.
  return truncateToTokens([head, ...tail].join('\n'), OFFLINE_SUMMARY_TOKENS);
}

/** The shorter threads in one line: "Also 12 shorter threads, 35m in all: invoice 5102; Inbox and 4 more.", most time first, whole names. */
function shorterThreads(threads: readonly WorkThreadView[]): string {
  const seconds = threads.reduce((sum, t) => sum + t.seconds, 0);
  const head = `Also ${threads.length} shorter thread${threads.length === 1 ? '' : 's'}, ${formatDuration(seconds)} in all`;
  const names = [...threads].sort((a, b) => b.seconds - a.seconds).map(threadName);
  // As many whole names as fit, then how many more: a name is never cut.
  for (let shown = names.length; shown > 0; shown--) {
    const more = names.length - shown;
    const line = `${head}: ${names.slice(0, shown).join('; ')}${more > 0 ? ` and ${more} more` : ''}.`;
    if (tokenCount(line) <= FOLDED_LINE_TOKENS) return line;
  }
  return `${head}.`;
}

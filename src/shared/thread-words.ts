import type { WorkThreadView } from './contract/memory';
import { formatClockTime } from './format-clock-time';
import { formatDuration } from './format-duration';

/**
 * How every surface names a work thread (Today, the summaries, `shadow today`, MCP), so they read alike:
 * what it was ("ticket ENG-142"), when, how long in all, which apps and its state when last seen.
 */

/** What it was: its record with the kind of record ("ticket ENG-142"), else its task's name. */
export function threadName(thread: Pick<WorkThreadView, 'name' | 'kind'>): string {
  const { kind, name } = thread;
  // A file's name says it is a document; "Invoice 5102" already says it is an invoice.
  if (!kind || kind === 'document' || name.toLowerCase().includes(kind.toLowerCase())) return name;
  return `${kind} ${name}`;
}

/** The state it was left in, as the screen wrote it: "resolved", "in review", "SLA breached". */
export function threadState(thread: Pick<WorkThreadView, 'state'>): string | null {
  if (!thread.state) return null;
  const text = thread.state.text.trim();
  // Headings shout ("RESOLVED") and columns capitalise ("In Review"); a state is told in the sentence's case.
  return text === text.toUpperCase() && text.length <= 4 ? text : text.toLowerCase();
}

/** When: "09:02–15:40". */
export function threadSpan(thread: Pick<WorkThreadView, 'startedAt' | 'endedAt'>): string {
  return `${formatClockTime(thread.startedAt)}–${formatClockTime(thread.endedAt)}`;
}

/**
 * What it was, how long in all, its tasks, apps and state: "ticket ENG-142 — 1h 20m in all, 3 tasks, in
 * Chrome, Terminal and Slack; last seen resolved". `appsMax` apps at most, most time first.
 */
export function threadFacts(thread: WorkThreadView, appsMax = 3): string {
  const apps = thread.apps.slice(0, appsMax);
  const more = thread.apps.length - apps.length;
  const inApps = apps.length === 0 ? '' : `, in ${joinAnd([...apps, ...(more > 0 ? [`${more} more`] : [])])}`;
  const tasks = thread.taskIds.length > 1 ? `, ${thread.taskIds.length} tasks` : '';
  const state = threadState(thread);
  return `${threadName(thread)} — ${formatDuration(thread.seconds)} in all${tasks}${inApps}${state ? `; last seen ${state}` : ''}`;
}

/** One line: "09:02–15:40 ticket ENG-142 — 1h 20m in all, 3 tasks, in Chrome, Terminal and Slack; last seen resolved". */
export function threadLine(thread: WorkThreadView, appsMax = 3): string {
  return `${threadSpan(thread)} ${threadFacts(thread, appsMax)}`;
}

/** Whether it joins more than one task or names a record: a thread of work, not a task of its own. */
export function isJoined(thread: Pick<WorkThreadView, 'kind' | 'taskIds'>): boolean {
  return thread.kind !== null || thread.taskIds.length > 1;
}

/** The day's count: "44 tasks in 18 threads of work" (every task is in exactly one thread). */
export function threadCount(tasks: number, threads: number): string {
  const t = `${tasks} task${tasks === 1 ? '' : 's'}`;
  return threads > 0 && threads < tasks ? `${t} in ${threads} thread${threads === 1 ? '' : 's'} of work` : t;
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

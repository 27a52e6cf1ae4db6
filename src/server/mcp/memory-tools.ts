import { z } from 'zod';
import type { Question, Task, WorkThreadView } from '../../shared/contract/index';
import { threadCount, threadLine } from '../../shared/thread-words';
import { formatClockTime } from '../../shared/format-clock-time';
import { formatTimeRange } from '../../shared/format-date';
import { formatDuration } from '../../shared/format-duration';
import { DomainError } from '../../core/errors';
import { cursorArg, pageOf } from './answer-budget';
import { callOperation, defineTool, inputField, type McpToolDeps } from './mcp-tool';

async function latestWorkSessionId(ctx: McpToolDeps): Promise<number> {
  const [latest] = (await callOperation(ctx, 'listWorkSessions', { limit: 1 })).workSessions;
  if (!latest) throw new DomainError('not_found', 'no_work_sessions', 'nothing has been observed yet: there is no work session');
  return latest.id;
}

/** The apps an overview names; the rest are counted. */
const TOP_APPS = 6;
/** Work threads named one a line; the shorter rest is counted. */
const THREADS_LISTED = 12;

type Entry = { kind: 'task'; task: Task } | { kind: 'question'; question: Question };

const sameDay = (a: number, b: number): boolean => new Date(a).toDateString() === new Date(b).toDateString();

/** Words that join facts rather than state one: a brief made of these and facts already said adds nothing. */
const JOINING_WORDS = new Set([
  'in',
  'on',
  'at',
  'and',
  'for',
  'of',
  'the',
  'a',
  'an',
  'with',
  'to',
  'from',
  'between',
  'switching',
  'times',
]);

/** A window title without the app name most apps append to it ("Ledger.xlsx - Excel" of Microsoft Excel). */
function withoutAppSuffix(title: string, apps: readonly string[]): string {
  for (const app of apps)
    for (const name of [app, app.split(' ').at(-1)!]) {
      if (!title.toLowerCase().endsWith(name.toLowerCase())) continue;
      const head = title.slice(0, title.length - name.length);
      const dash = /\s+\p{Pd}\s+$/u.exec(head);
      if (dash) return head.slice(0, dash.index);
    }
  return title;
}

/**
 * A task in one line, each fact once: when, its name, how long, the apps and windows its name does not
 * already say, and its brief only when the brief says something the line does not (a brief of "6m in
 * Outlook on 'Inbox'" repeats it). Structured content keeps every field.
 */
export function taskLine(task: Task, at: (iso: string) => string): string {
  const when = `${at(task.startedAt)}–${task.endedAt ? at(task.endedAt) : 'now'}`;
  // Titles are compared as words: a name says "Bank - Portal" where the window said "Bank — Portal".
  const plain = (text: string): string => text.toLowerCase().replace(/[\s\p{Pd}]+/gu, ' ');
  const named = plain(task.name.replace(/\s*\([^)]*\)$/, ''));
  const apps = task.apps.filter((app) => !task.name.includes(app));
  const windows = task.titles
    .map((title) => withoutAppSuffix(title, task.apps))
    .filter((title) => !plain(title).includes(named) && !named.includes(plain(title)));
  const parts = [
    `${task.name}, ${formatDuration(task.durationSeconds)}`,
    ...(apps.length > 0 ? [`also ${apps.join(', ')}`] : []),
    ...(windows.length > 0 ? [`on ${windows.map((t) => `“${t}”`).join(', ')}`] : []),
    ...(windows.length > 0 && task.switches > 1 ? [`switching ${task.switches} times`] : []),
  ];
  const line = `- ${when} ${parts.join('; ')}`;
  const said = `${line} ${task.apps.join(' ')}`.toLowerCase();
  const adds = (task.brief.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.'’-]*/gu) ?? []).some(
    (word) => !JOINING_WORDS.has(word) && !/^\d+[hms]?$/.test(word) && !said.includes(word.replace(/\.+$/, '')),
  );
  return adds ? `${line}: ${task.brief}` : line;
}

/**
 * The threads the most time went to, by start, then how many shorter ones there were; a thread the
 * summary already names in the same words is not said twice.
 */
function threadLines(threads: readonly WorkThreadView[], summaryText: string): string[] {
  const shown = [...threads].sort((a, b) => b.seconds - a.seconds).slice(0, THREADS_LISTED);
  const rest = threads.filter((t) => !shown.includes(t));
  const lines = threads
    .filter((t) => shown.includes(t))
    .map((t) => `- ${threadLine(t)}`)
    .filter((line) => !summaryText.includes(line));
  if (rest.length > 0)
    lines.push(
      `- and ${rest.length} shorter thread${rest.length === 1 ? '' : 's'}, ${formatDuration(rest.reduce((sum, t) => sum + t.seconds, 0))} in all`,
    );
  return lines;
}

/** "Work threads: 33 tasks in 6 threads of work" and the lines the summary has not already said. */
function threadSection(taskCount: number, threads: readonly WorkThreadView[], summaryText: string): string[] {
  const count = `Work threads: ${threadCount(taskCount, threads.length)}`;
  const lines = threadLines(threads, summaryText);
  if (lines.length > 0) return [`${count}:`, ...lines];
  return [threads.length > 0 ? `${count}, named in the summary above.` : `${count}.`];
}

export const workSessionSummaryTool = defineTool({
  name: 'work_session_summary',
  title: 'Work session summary',
  description:
    'What the user did in a work session (default: the latest), summary first: its latest summary (which covers the whole work session), the current task theory, app time and its work threads (tasks joined by the record they share, with when, time in all, apps and state when last seen), then its tasks with durations and apps and the clarifying questions asked and answered, paged within the answer budget (pass page.nextCursor as cursor for more).',
  input: z.object({
    work_session_id: inputField('getWorkSession', 'id').optional().describe('Default: the latest work session'),
    cursor: cursorArg,
  }),
  async run(ctx, args, budget) {
    const id = args.work_session_id ?? (await latestWorkSessionId(ctx));
    const ws = await callOperation(ctx, 'getWorkSession', { id });
    const summary = ws.summaries.at(-1) ?? null;
    const apps = ws.appTime.apps.slice(0, TOP_APPS).map((a) => ({ app: a.app, seconds: a.seconds }));
    const more = ws.appTime.apps.length - apps.length;
    const startMs = Date.parse(ws.startedAt);
    const span = ws.endedAt ? formatTimeRange(startMs, ws.endedAt) : `${formatTimeRange(startMs, startMs)} until now`;
    // Times within the line of a work session read as clock times on its first day, with their date after it.
    const at = (iso: string): string => (sameDay(startMs, Date.parse(iso)) ? formatClockTime(iso) : formatTimeRange(iso, iso));
    const header = `Work session ${ws.id} (${ws.status}): ${span}; active ${formatDuration(ws.appTime.totalActiveSeconds)}, idle ${formatDuration(ws.appTime.idleSeconds)}, private ${formatDuration(ws.appTime.privateSeconds)}.`;
    const first = !args.cursor;
    const head = first
      ? {
          text: [
            header,
            `Summary${summary ? ` (${summary.kind}, ${at(summary.at)}, ${ws.summaries.length} written)` : ''}: ${summary?.text ?? 'none yet'}`,
            `Task theory${ws.theory ? `, as written at ${at(ws.theory.at)}` : ''}: ${ws.theory?.text ?? 'none'}`,
            `App time: ${apps.map((a) => `${a.app} ${formatDuration(a.seconds)}`).join(', ') || 'none'}${more > 0 ? ` and ${more} more apps` : ''}`,
            ...threadSection(ws.tasks.length, ws.threads, summary?.text ?? ''),
            `Tasks (${ws.tasks.length}) and questions (${ws.questions.length}):`,
          ].join('\n'),
          structured: {
            workSession: {
              id: ws.id,
              status: ws.status,
              startedAt: ws.startedAt,
              endedAt: ws.endedAt,
              summariesWritten: ws.summaries.length,
            },
            // Its task and app lists repeat what follows: the text says it.
            latestSummary: summary && { id: summary.id, at: summary.at, kind: summary.kind, engine: summary.engine, text: summary.text },
            theory: ws.theory,
            appTime: { ...ws.appTime, apps, moreApps: more },
          },
        }
      : { text: `${header}\nTasks and questions, continued:`, structured: { workSession: { id: ws.id, status: ws.status } } };
    const entries: Entry[] = [
      ...ws.tasks.map((task): Entry => ({ kind: 'task', task })),
      ...ws.questions.map((question): Entry => ({ kind: 'question', question })),
    ];
    const page = pageOf({
      items: entries,
      cursor: args.cursor,
      budget,
      head,
      key: 'entries',
      noun: 'tasks and questions',
      line: (e) =>
        e.kind === 'task'
          ? taskLine(e.task, at)
          : `- Question at ${at(e.question.askedAt)}: ${e.question.text} → ${e.question.answer ?? e.question.status}`,
      data: (e) => (e.kind === 'task' ? { kind: e.kind, ...e.task } : { kind: e.kind, ...e.question }),
    });
    // Tasks and questions apart, as before, for agents that read the structure.
    const structured = page.structured!;
    const list = structured.entries as Array<{ kind: string }>;
    const { entries: _entries, ...rest } = structured;
    return {
      text: page.text,
      structured: {
        ...rest,
        tasks: list.filter((e) => e.kind === 'task').map(({ kind: _kind, ...task }) => task),
        questions: list.filter((e) => e.kind === 'question').map(({ kind: _kind, ...question }) => question),
      },
    };
  },
});

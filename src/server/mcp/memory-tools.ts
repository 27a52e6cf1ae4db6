import { z } from 'zod';
import type { Question, Task } from '../../shared/contract/index';
import { formatClockTime } from '../../shared/format-clock-time';
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

type Entry = { kind: 'task'; task: Task } | { kind: 'question'; question: Question };

export const workSessionSummaryTool = defineTool({
  name: 'work_session_summary',
  title: 'Work session summary',
  description:
    'What the user did in a work session (default: the latest), summary first: its latest summary (which covers the whole work session), the current task theory and app time, then its tasks with durations and apps and the clarifying questions asked and answered, paged within the answer budget (pass page.nextCursor as cursor for more).',
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
    const header = `Work session ${ws.id} (${ws.status}): ${ws.startedAt} → ${ws.endedAt ?? 'now'}; active ${formatDuration(ws.appTime.totalActiveSeconds)}, idle ${formatDuration(ws.appTime.idleSeconds)}, private ${formatDuration(ws.appTime.privateSeconds)}.`;
    const first = !args.cursor;
    const head = first
      ? {
          text: [
            header,
            `Summary${summary ? ` (${summary.kind}, ${formatClockTime(summary.at)}, ${ws.summaries.length} written)` : ''}: ${summary?.text ?? 'none yet'}`,
            `Task theory${ws.theory ? `, as written at ${formatClockTime(ws.theory.at)}` : ''}: ${ws.theory?.text ?? 'none'}`,
            `App time: ${apps.map((a) => `${a.app} ${formatDuration(a.seconds)}`).join(', ') || 'none'}${more > 0 ? ` and ${more} more apps` : ''}`,
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
          ? `- ${formatClockTime(e.task.startedAt)} ${e.task.name} (${formatDuration(e.task.durationSeconds)}; ${e.task.apps.join(', ')}): ${e.task.brief}`
          : `- Question at ${formatClockTime(e.question.askedAt)}: ${e.question.text} → ${e.question.answer ?? e.question.status}`,
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

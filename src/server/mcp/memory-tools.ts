import { z } from 'zod';
import { formatDuration } from '../../shared/format-duration';
import { DomainError } from '../../core/errors';
import { callOperation, defineTool, inputField, type McpToolDeps } from './mcp-tool';

async function latestWorkSessionId(ctx: McpToolDeps): Promise<number> {
  const [latest] = (await callOperation(ctx, 'listWorkSessions', { limit: 1 })).workSessions;
  if (!latest) throw new DomainError('not_found', 'no_work_sessions', 'nothing has been observed yet: there is no work session');
  return latest.id;
}

export const workSessionSummaryTool = defineTool({
  name: 'work_session_summary',
  title: 'Work session summary',
  description:
    'What the user did in a work session (default: the latest): its summaries, tasks with durations and apps, the current task theory, app time and the clarifying questions asked and answered.',
  input: z.object({ work_session_id: inputField('getWorkSession', 'id').optional().describe('Default: the latest work session') }),
  async run(ctx, args) {
    const id = args.work_session_id ?? (await latestWorkSessionId(ctx));
    const ws = await callOperation(ctx, 'getWorkSession', { id });
    const summary = ws.summaries.at(-1);
    const lines = [
      `Work session ${ws.id} (${ws.status}): ${ws.startedAt} → ${ws.endedAt ?? 'now'}; active ${formatDuration(ws.appTime.totalActiveSeconds)}, idle ${formatDuration(ws.appTime.idleSeconds)}, private ${formatDuration(ws.appTime.privateSeconds)}.`,
      `Summary: ${summary?.text ?? 'none yet'}`,
      `Current task theory: ${ws.theory?.text ?? 'none'}`,
      'Tasks:',
      ...(ws.tasks.length
        ? ws.tasks.map((t) => `- ${t.name} (${formatDuration(t.durationSeconds)}; ${t.apps.join(', ')}): ${t.brief}`)
        : ['- none recorded']),
      'Questions:',
      ...(ws.questions.length ? ws.questions.map((q) => `- ${q.text} → ${q.answer ?? q.status}`) : ['- none asked']),
    ];
    return { text: lines.join('\n'), structured: ws };
  },
});

import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { sessionIdSchema } from '../../shared/contract/index';
import { toOperationError } from '../../core/api/operation-errors';
import { VERSION } from '../../core/version';
import { mcpTools } from './tool-list';
import { callOperation, type McpToolDeps } from './mcp-tool';
import { registerTools, type ToolCaller } from './register-tools';
import { guardMalformedRequests } from './request-guard';
import { resolveSessionId } from './session-tools';

/**
 * The MCP server: every tool of `mcpTools`, each a thin adapter over the operation table (see
 * register-tools.ts for how calls and failures are answered), plus session resources and a prompt.
 */
export function createMcpServer(ctx: McpToolDeps, caller: ToolCaller = { transport: 'in-memory' }): McpServer {
  const server = new McpServer(
    { name: 'workflow-shadow', version: VERSION },
    {
      instructions:
        "Workflow Shadow's memory of the user's work: chat sessions with the assistant (tables of contents, turns, search, context sets) and the observed workday (current activity, app time, work-session summaries, text seen on screen).",
    },
  );
  // Every transport it is connected to answers malformed requests with -32602 (see request-guard.ts).
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(guardMalformedRequests(transport));
  registerTools(server, ctx, mcpTools, caller);
  registerSessionResources(server, ctx);
  server.registerPrompt(
    'resume_session',
    {
      title: 'Resume a session',
      description: 'The [RESUMED CONVERSATION] block of a session (default: the current one), to continue where it left off.',
      argsSchema: { session_id: sessionIdSchema.optional().describe('Session id ("ses_…")') },
    },
    async ({ session_id }) => {
      const view = await asProtocolError('resume_session', async () =>
        callOperation(ctx, 'previewResume', { id: await resolveSessionId(ctx, session_id) }),
      );
      const warning = view.warning ? `\n\nNote: ${view.warning}` : '';
      return {
        description: `Resume "${view.session.title}"`,
        messages: [{ role: 'user' as const, content: { type: 'text' as const, text: `${view.block}${warning}` } }],
      };
    },
  );
  return server;
}

/** Each session's transcript (Markdown) and table of contents as resources. */
function registerSessionResources(server: McpServer, ctx: McpToolDeps): void {
  const list = async () => {
    const { sessions } = await callOperation(ctx, 'listSessions', { limit: 50 });
    return sessions;
  };
  const idOf = (value: string | string[] | undefined): string => {
    const parsed = sessionIdSchema.safeParse(Array.isArray(value) ? value[0] : value);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `No such resource: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };
  server.registerResource(
    'session-transcript',
    new ResourceTemplate('shadow://sessions/{id}/transcript', {
      list: async () => ({
        resources: (await list()).map((s) => ({
          uri: `shadow://sessions/${s.id}/transcript`,
          name: `${s.title} (transcript)`,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'Session transcript', description: 'The whole conversation of a session as Markdown', mimeType: 'text/markdown' },
    async (uri, { id }) => {
      const exported = await asProtocolError(uri.href, () => callOperation(ctx, 'exportSession', { id: idOf(id) }));
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: exported.files['transcript.md'] }] };
    },
  );
  server.registerResource(
    'session-toc',
    new ResourceTemplate('shadow://sessions/{id}/toc', {
      list: async () => ({
        resources: (await list()).map((s) => ({
          uri: `shadow://sessions/${s.id}/toc`,
          name: `${s.title} (table of contents)`,
          mimeType: 'text/plain',
        })),
      }),
    }),
    { title: 'Session table of contents', description: 'Numbered one-line summaries of the turns of a session', mimeType: 'text/plain' },
    async (uri, { id }) => {
      const toc = await asProtocolError(uri.href, () => callOperation(ctx, 'sessionToc', { id: idOf(id) }));
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `${toc.sessionTitle}\n${toc.formatted}` }] };
    },
  );
}

/**
 * Resources and prompts have no tool-error result: a failure the agent can correct (no such session,
 * no session yet) is answered as invalid params (-32602) with the message every surface gives; only a
 * failure that is not the caller's stays an internal error.
 */
async function asProtocolError<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof McpError) throw error;
    const failure = toOperationError(what, error);
    if (failure.kind === 'internal' || failure.kind === 'unavailable') throw error;
    throw new McpError(ErrorCode.InvalidParams, failure.message);
  }
}

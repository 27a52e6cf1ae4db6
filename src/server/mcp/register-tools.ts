import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeZodError, mcpToolErrorText, toOperationError } from '../../core/api/operation-errors';
import { DomainError } from '../../core/errors';
import { answerSize, fitToBudget, maxTokensArg } from './answer-budget';
import type { AgentRead, McpToolDeps, McpToolSpec } from './mcp-tool';

export interface ToolCaller {
  readonly transport: AgentRead['transport'];
  /** The agent's name when the transport knows it beside `initialize` (HTTP: stateless, one request each). */
  readonly agentHint?: () => string | undefined;
}

/**
 * Serves `tools/list` and `tools/call` for the tools. Their arguments are validated here rather than by
 * the SDK's `registerTool`, so a bad argument is reported with the same formatter and mapping as on every
 * other surface (`src/core/api/operation-errors.ts`). A failing tool answers an `isError` result the
 * agent can read; only an unknown tool is a protocol error. Every answer is kept within its token budget
 * (`max_tokens`, every tool takes it) and recorded: which agent read which tool, how much.
 */
export function registerTools(server: McpServer, ctx: McpToolDeps, tools: readonly McpToolSpec[], caller: ToolCaller): void {
  // Unknown arguments are refused, never ignored: `session_toc {sessionId}` must not answer for the current session.
  const strict = tools.map((tool) => ({ ...tool, input: tool.input.extend({ max_tokens: maxTokensArg }).strict() }));
  const byName = new Map(strict.map((tool) => [tool.name, tool]));
  const listed: Tool[] = strict.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
  }));
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found; tools/list names them.`);
    try {
      const args = tool.input.safeParse(request.params.arguments ?? {}, { error: unknownArgumentMessage(Object.keys(tool.input.shape)) });
      if (!args.success) throw new DomainError('invalid', 'invalid_input', describeZodError(args.error));
      const { max_tokens: maxTokens, ...rest } = args.data as { max_tokens: number };
      const result = await tool.run(ctx, rest, { maxTokens });
      const { answer, cut } = fitToBudget(result, { maxTokens });
      const images = (result.images ?? []).map((image) => ({
        type: 'image' as const,
        data: image.toString('base64'),
        mimeType: image[0] === 0x89 ? 'image/png' : 'image/jpeg',
      }));
      const size = answerSize(answer);
      ctx.recordRead?.({
        agent: server.server.getClientVersion()?.name ?? caller.agentHint?.() ?? 'an unnamed agent',
        transport: caller.transport,
        tool: tool.name,
        tokens: size.tokens,
        bytes: size.bytes + images.reduce((sum, image) => sum + image.data.length, 0),
        paged: cut || isPaged(answer.structured),
      });
      return {
        content: [{ type: 'text' as const, text: answer.text }, ...images],
        ...(answer.structured && { structuredContent: answer.structured }),
      };
    } catch (error) {
      return { content: [{ type: 'text' as const, text: mcpToolErrorText(tool.name, toOperationError(tool.name, error)) }], isError: true };
    }
  });
}

/** Names the unknown arguments and the ones the tool takes, so an agent can correct the call. */
function unknownArgumentMessage(known: readonly string[]) {
  return (issue: { code?: string; keys?: readonly string[] }): string | undefined => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    const keys = (issue.keys ?? []).map((k) => `"${k}"`).join(', ');
    const takes = known.length ? `it takes ${known.join(', ')}` : 'it takes no arguments';
    return `unknown argument${issue.keys?.length === 1 ? '' : 's'} ${keys}; ${takes}`;
  };
}

/** A page that is not the whole list: an earlier page was read, or more are left. */
function isPaged(structured: Record<string, unknown> | undefined): boolean {
  const page = structured?.page as { offset?: number; nextCursor?: string | null } | undefined;
  return !!page && ((page.offset ?? 0) > 0 || !!page.nextCursor);
}

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { describeZodError, mcpToolErrorText, toOperationError } from '../../core/api/operation-errors';
import { DomainError } from '../../core/errors';
import type { McpToolDeps, McpToolSpec } from './mcp-tool';

/**
 * Serves `tools/list` and `tools/call` for the tools. Their arguments are validated here rather than by
 * the SDK's `registerTool`, so a bad argument is reported with the same formatter and mapping as on every
 * other surface (`src/core/api/operation-errors.ts`). A failing tool answers an `isError` result the
 * agent can read; only an unknown tool is a protocol error.
 */
export function registerTools(server: McpServer, ctx: McpToolDeps, tools: readonly McpToolSpec[]): void {
  // Unknown arguments are refused, never ignored: `session_toc {sessionId}` must not answer for the current session.
  const strict = tools.map((tool) => ({ ...tool, input: tool.input.strict() }));
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
      const result = await tool.run(ctx, args.data);
      const images = (result.images ?? []).map((image) => ({
        type: 'image' as const,
        data: image.toString('base64'),
        mimeType: image[0] === 0x89 ? 'image/png' : 'image/jpeg',
      }));
      return {
        content: [{ type: 'text' as const, text: result.text }, ...images],
        ...(result.structured && { structuredContent: result.structured }),
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

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
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listed: Tool[] = tools.map((tool) => ({
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
      const args = tool.input.safeParse(request.params.arguments ?? {});
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

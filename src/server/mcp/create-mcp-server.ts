import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../../core/version';
import { mcpTools } from './tool-list';
import { ToolInputError, type McpContext } from './mcp-tool';

/**
 * The MCP server: every tool of `mcpTools`, each a thin adapter over the operation table. A tool that
 * fails answers with `isError` and a message saying what was wrong; the server keeps serving.
 */
export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: 'workflow-shadow', version: VERSION },
    {
      instructions:
        "Workflow Shadow's memory of the user's work: chat sessions with the assistant (tables of contents, turns, search, context sets) and the observed workday (current activity, app time, work-session summaries, text seen on screen).",
    },
  );
  for (const tool of mcpTools) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input },
      async (args: unknown) => {
        try {
          const result = await tool.run(ctx, tool.input.parse(args));
          return {
            content: [{ type: 'text' as const, text: result.text }],
            ...(result.structured && { structuredContent: result.structured }),
          };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const text = error instanceof ToolInputError ? `Invalid arguments for ${tool.name}: ${message}` : `${tool.name} failed: ${message}`;
          return { content: [{ type: 'text' as const, text }], isError: true };
        }
      },
    );
  }
  return server;
}

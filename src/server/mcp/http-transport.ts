import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './create-mcp-server';
import type { McpToolDeps } from './mcp-tool';

/**
 * Streamable HTTP at `/mcp`, stateless: each request gets a fresh server and transport, so nothing is
 * kept between calls and a broken client cannot wedge the server. Auth and Host checks happen before.
 */
export async function handleMcpRequest(ctx: McpToolDeps, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const server = createMcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './create-mcp-server';
import type { McpToolDeps } from './mcp-tool';

/** Agents' names by User-Agent, from their `initialize` requests (the last 32 seen). */
const agentNames = new Map<string, string>();

/**
 * Streamable HTTP at `/mcp`, stateless: each request gets a fresh server and transport, so nothing is
 * kept between calls and a broken client cannot wedge the server. Auth and Host checks happen before.
 * A tool call arrives without the client's `initialize`, so its agent is named by the one the same
 * User-Agent sent last (else by its User-Agent).
 */
export async function handleMcpRequest(ctx: McpToolDeps, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  const userAgent = req.headers['user-agent'] ?? 'no user agent';
  const named = clientNameOf(body);
  if (named) {
    agentNames.delete(userAgent);
    agentNames.set(userAgent, named);
    if (agentNames.size > 32) agentNames.delete(agentNames.keys().next().value!);
  }
  const server = createMcpServer(ctx, {
    transport: 'http',
    agentHint: () => agentNames.get(userAgent) ?? `an agent over HTTP (${userAgent.slice(0, 60)})`,
  });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** The `clientInfo.name` of an `initialize` request (alone or in a batch), if that is what the body is. */
function clientNameOf(body: unknown): string | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const m = message as { method?: unknown; params?: { clientInfo?: { name?: unknown } } } | null;
    if (m?.method === 'initialize' && typeof m.params?.clientInfo?.name === 'string') return m.params.clientInfo.name.slice(0, 100);
  }
  return null;
}

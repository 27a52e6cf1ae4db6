import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createHandlers } from '../../core/api/handlers';
import { loadOrCreateApiToken } from '../../core/config/api-token';
import { resolveProfilePaths } from '../../core/config/paths';
import { readRuntimeInfo } from '../../core/config/runtime-info';
import { createShadowCore } from '../../core/shadow-core';
import { immediateContextSchema } from '../../shared/contract/index';
import { createMcpServer } from './create-mcp-server';

/**
 * `shadow mcp`: an MCP server on stdio over the profile's database. It reads the store directly (WAL lets
 * it read while the app writes) and asks the running app, if any, for live observation over its API.
 */
export async function runStdioMcpServer(): Promise<void> {
  const paths = resolveProfilePaths();
  const core = createShadowCore({ paths, role: 'reader' });
  const handlers = createHandlers(core);
  const server = createMcpServer(
    {
      handlers,
      recentImages: () => ({ refused: 'screenshots stay in the running app; ask its /mcp endpoint (and allow mcpAllowImages)' }),
      async liveActivity() {
        const app = readRuntimeInfo(paths);
        if (!app) return null;
        const token = loadOrCreateApiToken(paths.apiToken);
        const res = await fetch(`http://127.0.0.1:${app.port}/api/v1/observation/now`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(3000),
        });
        if (!res.ok) throw new Error(`the running app answered ${res.status}`);
        return immediateContextSchema.parse(await res.json());
      },
      // The one write of this reader besides what its operations write: what the agent read, for the privacy report.
      recordRead: (read) => core.privacy.agentRead(read),
    },
    { transport: 'stdio' },
  );
  const transport = new StdioServerTransport();
  transport.onclose = () => core.close();
  await server.connect(transport);
}

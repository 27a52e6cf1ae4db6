import type { Command } from 'commander';
import { runStdioMcpServer } from '../../server/mcp/stdio';

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description("Serve Workflow Shadow's memory to an AI agent over MCP on stdio (add it to Claude Code, Cursor, …; see docs/mcp.md)")
    .action(async () => {
      await runStdioMcpServer();
    });
}

import type { McpToolSpec } from './mcp-tool';
import { appTimeTool, currentActivityTool } from './observation-tools';

/** Every MCP tool, in the order clients list them. */
export const mcpTools: readonly McpToolSpec[] = [currentActivityTool, appTimeTool] as unknown as readonly McpToolSpec[];

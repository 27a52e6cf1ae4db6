import type { McpToolSpec } from './mcp-tool';
import { appTimeTool, currentActivityTool, searchScreenTool } from './observation-tools';
import {
  currentSessionTool,
  getTurnTool,
  getTurnsTool,
  listSessionsTool,
  searchAllSessionsTool,
  searchSessionTool,
  sessionTitleHistoryTool,
  sessionTocTool,
} from './session-tools';

/** Every MCP tool, in the order clients list them. */
export const mcpTools: readonly McpToolSpec[] = [
  currentSessionTool,
  listSessionsTool,
  sessionTocTool,
  sessionTitleHistoryTool,
  getTurnTool,
  getTurnsTool,
  searchSessionTool,
  searchAllSessionsTool,
  currentActivityTool,
  appTimeTool,
  searchScreenTool,
];

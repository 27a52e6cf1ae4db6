import { getRelevantContextTool, setRelevantContextTool } from './context-set-tools';
import type { McpToolSpec } from './mcp-tool';
import { workSessionSummaryTool } from './memory-tools';
import { appTimeTool, currentActivityTool, searchScreenTool } from './observation-tools';
import { getMomentTool } from './recall-tools';
import { listDevicesTool } from './sync-tools';
import { listWorkflowsTool } from './workflow-tools';
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
  getRelevantContextTool,
  setRelevantContextTool,
  currentActivityTool,
  appTimeTool,
  workSessionSummaryTool,
  searchScreenTool,
  getMomentTool,
  listDevicesTool,
  listWorkflowsTool,
];

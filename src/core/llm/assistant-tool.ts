import { z } from 'zod';
import type { LlmToolSpec } from '../llm/llm-client';
import { messageOf } from '../util/message-of';

/** What a tool handler knows about the call: the session the assistant is working in. */
export interface ToolCallScope {
  readonly sessionId: string;
}

export interface ToolResult {
  /** What the model reads back. */
  readonly text: string;
  readonly isError?: boolean;
}

/**
 * A tool the assistant can call, declared once so the chat loop and the MCP server register the same
 * thing: a name, a description, a zod schema for the arguments and a handler.
 */
export interface AssistantTool<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly schema: S;
  handler(args: z.output<S>, scope: ToolCallScope): ToolResult | Promise<ToolResult>;
}

export function defineTool<S extends z.ZodObject>(tool: AssistantTool<S>): AssistantTool<S> {
  return tool;
}

/** The tool as the LLM client sends it (JSON Schema arguments). */
export function toLlmToolSpec(tool: AssistantTool): LlmToolSpec {
  return { name: tool.name, description: tool.description, parameters: z.toJSONSchema(tool.schema, { io: 'input' }) };
}

/**
 * Validates raw JSON arguments (as the model sent them) and runs the tool; bad arguments and
 * refused changes come back as an error result the model can read, never as a thrown error.
 */
export async function callTool(tool: AssistantTool, rawArguments: unknown, scope: ToolCallScope): Promise<ToolResult> {
  let args: unknown = rawArguments;
  if (typeof rawArguments === 'string') {
    try {
      args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
    } catch (error) {
      return { text: `Arguments of ${tool.name} are not valid JSON: ${messageOf(error)}`, isError: true };
    }
  }
  const parsed = tool.schema.safeParse(args);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
    return { text: `Invalid arguments for ${tool.name}: ${problems}`, isError: true };
  }
  try {
    return await tool.handler(parsed.data, scope);
  } catch (error) {
    return { text: `${tool.name} failed: ${messageOf(error)}`, isError: true };
  }
}

import type { z } from 'zod';
import { operations, type OperationKey, type OperationOutput, type Operations } from '../../shared/contract/index';
import { ApiError } from '../../core/api/api-error';
import type { Handlers } from '../../core/api/handlers';
import type { ImmediateContextView, ResumeView } from '../../shared/contract/index';
import { describeZodError } from '../../core/api/describe-zod-error';

/** What a tool can reach: the same operation table as every other surface, plus live observation. */
export interface McpContext {
  readonly handlers: Handlers;
  /** The immediate context of the observing app (in-process, or asked of the running app by `shadow mcp`). */
  liveActivity(): Promise<ImmediateContextView | null>;
  /**
   * Screenshots of the recent frames, oldest first, when this process holds them and the user allowed
   * MCP images (`mcpAllowImages`); otherwise why not.
   */
  recentImages(): { images: Buffer[] } | { refused: string };
  /** The `[RESUMED CONVERSATION]` block of a session, without resuming it. */
  resumePreview(sessionId: string): ResumeView;
}

export interface McpToolResult {
  readonly text: string;
  readonly structured?: Record<string, unknown>;
  /** JPEG or PNG screenshots sent as image content. */
  readonly images?: readonly Buffer[];
}

export interface McpToolSpec<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: S;
  run(ctx: McpContext, args: z.output<S>): Promise<McpToolResult> | McpToolResult;
}

/** Types a tool's handler against its own schema, then erases it so tools of any schema share one list. */
export const defineTool = <S extends z.ZodObject>(spec: McpToolSpec<S>): McpToolSpec =>
  spec as unknown as McpToolSpec;

/** A failure the agent should read: what was wrong with its call. */
export class ToolInputError extends Error {}

/** Calls an operation through its contract schema, so MCP gets the same validation and errors as HTTP. */
export async function callOperation<K extends OperationKey>(
  ctx: McpContext,
  key: K,
  input: unknown,
): Promise<OperationOutput<Operations[K]>> {
  const spec = operations[key];
  const parsed = spec.input.safeParse(input);
  if (!parsed.success) throw new ToolInputError(describeZodError(parsed.error));
  try {
    const handler = ctx.handlers[key] as (i: unknown) => unknown;
    return (await handler(parsed.data)) as OperationOutput<Operations[K]>;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new ToolInputError(error.message);
    throw error;
  }
}

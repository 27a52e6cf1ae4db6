import type { z } from 'zod';
import {
  operations,
  type IntParam,
  type ImmediateContextView,
  type OperationInput,
  type OperationKey,
  type OperationOutput,
  type Operations,
} from '../../shared/contract/index';
import type { Handlers } from '../../core/api/handlers';
import { callOperation as callThroughAdapterCore } from '../../core/api/invoke-operation';
import type { AgentReadRecord } from '../../core/store/repositories/privacy-repository';
import type { AnswerBudget } from './answer-budget';

/** One tool answer an agent read: who, which tool, how much (the privacy report counts them); the store adds when. */
export type AgentRead = Omit<AgentReadRecord, 'atMs'>;

/** What a tool can reach: the same operation table as every other surface, plus live observation. */
export interface McpToolDeps {
  readonly handlers: Handlers;
  /** The immediate context of the observing app (in-process, or asked of the running app by `shadow mcp`). */
  liveActivity(): Promise<ImmediateContextView | null>;
  /**
   * Screenshots of the recent frames, oldest first, when this process holds them and the user allowed
   * MCP images (`mcpAllowImages`); otherwise why not.
   */
  recentImages(): { images: Buffer[] } | { refused: string };
  /** Records what an agent read (the privacy report's agents); absent where nothing is recorded. */
  recordRead?(read: AgentRead): void;
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
  /** `budget`: the tokens the answer may take (text and structured together); `register-tools` enforces it. */
  run(ctx: McpToolDeps, args: z.output<S>, budget: AnswerBudget): Promise<McpToolResult> | McpToolResult;
}

/** Types a tool's handler against its own schema, then erases it so tools of any schema share one list. */
export const defineTool = <S extends z.ZodObject>(spec: McpToolSpec<S>): McpToolSpec => spec;

type InputShape<K extends OperationKey> = Operations[K]['input'] extends z.ZodObject<infer Shape> ? Shape : never;

/**
 * A field of an operation's input as a tool argument: its type, limits and messages are the contract's,
 * so a tool cannot accept what HTTP, IPC and the CLI refuse (or refuse what they accept).
 */
export function inputField<K extends OperationKey, F extends keyof InputShape<K> & string>(key: K, field: F): InputShape<K>[F] {
  return (operations[key].input as unknown as z.ZodObject<InputShape<K>>).shape[field];
}

/** A contract limit with the tool's own default (agents get short answers), described with the contract's maximum. */
export function limitArg(limit: z.ZodDefault<IntParam>, toolDefault: number) {
  const inner = limit.unwrap();
  return inner.default(toolDefault).describe(`At most ${inner.out.maxValue}`);
}

/** Calls an operation through the adapter core, so MCP gets the same validation and errors as every surface. */
export function callOperation<K extends OperationKey>(
  ctx: McpToolDeps,
  key: K,
  input: OperationInput<Operations[K]>,
): Promise<OperationOutput<Operations[K]>> {
  return callThroughAdapterCore(ctx.handlers, key, input);
}

import { createHash } from 'node:crypto';
import type { ContextReceipt } from '../../shared/contract/memory';
import type { LlmResult } from '../llm/llm-client';

/** The assistant's standing instructions; their hash is stored per session to notice changes on resume. */
export const ASSISTANT_INSTRUCTIONS = [
  "You are Workflow Shadow, a desktop assistant that has been quietly observing the user's workday",
  '(apps, windows, screen text) and remembers it. Answer questions about their work using the observed',
  "context that comes with the user's message; say so when it does not contain the answer instead of guessing.",
  'Be brief and concrete: name apps, windows, times and durations.',
].join(' ');

export const promptHash = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The LLM context of one chat call: text for the observed block of the user's message, screenshots when vision is on. */
export interface ChatLlmContext {
  readonly text: string;
  readonly images?: readonly Buffer[];
  /** Told which engine answered and what else the call was given (the memory feature keeps a receipt per call). */
  readonly settle?: (result: LlmResult, parts: Pick<ContextReceipt, 'included' | 'dropped'>) => void;
}

/**
 * What the assistant knows about the user's work right now, sent with the user's message on every turn
 * (observed data, never instructions). The core wires memory's LLM context here (`shadow-core.ts`).
 */
export type LlmContextProvider = () => string | ChatLlmContext | Promise<string | ChatLlmContext>;

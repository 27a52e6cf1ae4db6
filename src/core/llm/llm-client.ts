import type { ContextReceipt } from '../../shared/contract/memory';
import type { LlmStatus } from '../../shared/contract/observation';

/**
 * The one interface every LLM use goes through. The OpenAI-compatible provider is optional; the
 * offline engine (a deterministic function the caller supplies per purpose) always answers.
 */
export type LlmPurpose = 'chat' | 'summary' | 'title' | 'toc' | 'theory' | 'question' | 'interview';

export interface LlmMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  /** On an assistant message: the tool calls it made (so the results can follow as `tool` messages). */
  readonly toolCalls?: readonly LlmToolCall[];
  /** On a `tool` message: the id of the call this is the result of. */
  readonly toolCallId?: string;
}

export interface LlmToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters: Record<string, unknown>;
}

export interface LlmToolCall {
  readonly id: string;
  readonly name: string;
  /** Raw JSON text of the arguments, validated by the tool's own zod schema. */
  readonly arguments: string;
}

export interface LlmRequest {
  readonly purpose: LlmPurpose;
  readonly messages: readonly LlmMessage[];
  /** Encoded screenshots sent with the last user message when a vision model is configured. */
  readonly images?: readonly Buffer[];
  readonly tools?: readonly LlmToolSpec[];
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly signal?: AbortSignal;
}

export interface LlmResult {
  readonly text: string;
  readonly toolCalls: readonly LlmToolCall[];
  /** Which engine produced `text`. */
  readonly engine: 'llm' | 'offline';
  readonly model: string;
  /** Why the offline engine answered although a provider is configured (timeout, 429, ...). */
  readonly fallbackReason: string | null;
  /** Tokens the provider reported (null offline or when the provider does not say). */
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number } | null;
  /**
   * A stream that broke off after text was shown: why. `text` is empty then (what arrived was already
   * delivered), and no offline answer is glued to it.
   */
  readonly interrupted?: string;
  /** The images the request carried to the model and their bytes, as sent (downscaled); absent when none went. */
  readonly imageCount?: number;
  readonly imageBytes?: number;
  /** Which of the request's images (by index) the LLM gate held back: OCR had not found them clean. */
  readonly withheldImages?: readonly number[];
}

/** The deterministic answer for this request when no LLM is configured or the call failed. */
export type OfflineAnswer = () => string | Promise<string>;

export interface LlmClient {
  /** True when an OpenAI-compatible endpoint is configured. */
  readonly configured: boolean;
  readonly visionEnabled: boolean;
  /** The base URL calls go to, when they go over the network (docs/privacy.md: the local-only switch). */
  readonly endpoint?: string;
  complete(request: LlmRequest, offline: OfflineAnswer): Promise<LlmResult>;
  /** Like `complete`, calling `onDelta` with each piece of text as it streams. */
  stream(request: LlmRequest, offline: OfflineAnswer, onDelta: (text: string) => void): Promise<LlmResult>;
  /** Which model is used and why not (health, the banner); `off` when absent. */
  status?(): LlmStatus;
  /** Gets ready before the first call (asks the server for its model when none is set). */
  prepare?(): Promise<void>;
}

/** The status of a client that uses no language model. */
export const LLM_OFF: LlmStatus = { state: 'off', model: null, endpointHost: null, lastError: null };

/** What a call made without an LLM context was given, for its receipt (TOC lines, titles, the interview). */
export interface CallReceipt {
  readonly purpose: LlmPurpose;
  readonly atMs: number;
  readonly included: ContextReceipt['included'];
  readonly dropped?: ContextReceipt['dropped'];
}

/** Stores the receipt of a call: every LLM call leaves one (memory's calls through their LLM context). */
export type RecordCallReceipt = (
  call: CallReceipt,
  result: Pick<LlmResult, 'engine' | 'fallbackReason' | 'imageCount' | 'imageBytes'>,
) => void;

import type { Settings } from '../config/settings';

/** Where the OpenAI client sends requests when no base URL is configured. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** What the OpenAI-compatible provider needs; null when no LLM is configured (offline only). */
export interface LlmConfig {
  readonly baseUrl: string | undefined;
  readonly apiKey: string;
  /** Null when only an endpoint was given: the model is asked of the server (`GET /models`) at start. */
  readonly textModel: string | null;
  readonly visionModel: string | null;
  readonly timeoutMs: number;
  /** Extra attempts after a 429/5xx/connection failure. */
  readonly maxRetries: number;
  readonly retryBaseDelayMs: number;
  readonly maxInFlight: number;
}

const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** A configuration whose model is known (given, or found on the server). */
export type ReadyLlmConfig = LlmConfig & { readonly textModel: string };

/**
 * Reads the LLM configuration from settings and the environment. A configured endpoint needs a base
 * URL (Ollama, LM Studio, vLLM: any key works) or an API key (OpenAI itself); without a model named,
 * OpenAI's default is used, and a base URL's server is asked which model it serves.
 */
export function resolveLlmConfig(settings: Settings, env: NodeJS.ProcessEnv = process.env): LlmConfig | null {
  const baseUrl = nonEmpty(env.OPENAI_BASE_URL) ?? settings.llm.baseUrl;
  const apiKey = nonEmpty(env.OPENAI_API_KEY);
  if (!baseUrl && !apiKey) return null;
  const visionModel = settings.llm.visionModel ?? nonEmpty(env.SHADOW_LLM_VISION_MODEL) ?? null;
  // A vision model reads text too, so naming only that one is enough.
  const textModel = settings.llm.textModel ?? nonEmpty(env.SHADOW_LLM_MODEL) ?? visionModel ?? (baseUrl ? null : DEFAULT_OPENAI_MODEL);
  return {
    baseUrl,
    // Local servers ignore the key, but the client library refuses to start without one.
    apiKey: apiKey ?? 'not-needed',
    textModel,
    visionModel,
    timeoutMs: settings.llm.timeoutMs,
    maxRetries: 2,
    retryBaseDelayMs: 250,
    maxInFlight: 5,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

import type { Settings } from '../config/settings';
import { createLlmClient } from './create-llm-client';
import type { LlmClient } from './llm-client';
import { resolveLlmConfig, type LlmConfig } from './llm-config';
import { createOfflineLlmClient } from './offline-llm-client';

export interface LlmChoice {
  /** The LLM given instead of the configured one (tests). */
  readonly override: LlmClient | undefined;
  /** A reader core makes no model calls: its replies and summaries are the offline engine's. */
  readonly reader: boolean;
  readonly settings: Settings;
  /** OPENAI_API_KEY, OPENAI_BASE_URL. */
  readonly env: NodeJS.ProcessEnv;
}

/** The LLM the core uses, and the one the settings and environment configure (which a reader's offline client does not show). */
export function chooseLlm({ override, reader, settings, env }: LlmChoice): { llm: LlmClient; llmConfig: LlmConfig | null } {
  const llm = override ?? (reader ? createOfflineLlmClient() : createLlmClient(settings, env));
  return { llm, llmConfig: override ? null : resolveLlmConfig(settings, env) };
}

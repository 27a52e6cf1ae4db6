import type { Settings } from '../config/settings';
import type { LlmClient } from './llm-client';
import { resolveLlmConfig } from './llm-config';
import { createOfflineLlmClient } from './offline-llm-client';
import { OpenAiLlmClient, type OpenAiLlmClientOptions } from './openai-llm-client';

/** The LLM every feature uses: the OpenAI-compatible provider when configured, else offline only. */
export function createLlmClient(settings: Settings, env: NodeJS.ProcessEnv = process.env, options: OpenAiLlmClientOptions = {}): LlmClient {
  const config = resolveLlmConfig(settings, env);
  return config ? new OpenAiLlmClient(config, options) : createOfflineLlmClient();
}

import type { Settings } from '../config/settings';
import { OPENAI_DEFAULT_BASE_URL } from '../privacy/llm-destination';
import type { LlmClient } from './llm-client';
import { resolveLlmConfig } from './llm-config';
import { createOfflineLlmClient } from './offline-llm-client';
import type { OpenAiLlmClientOptions } from './openai-llm-client';

/**
 * The LLM every feature uses: the OpenAI-compatible provider when configured, else offline only.
 * The provider (and the `openai` package, ~13 MB) is loaded on the first call, not at start.
 */
export function createLlmClient(settings: Settings, env: NodeJS.ProcessEnv = process.env, options: OpenAiLlmClientOptions = {}): LlmClient {
  const config = resolveLlmConfig(settings, env);
  if (!config) return createOfflineLlmClient();
  let provider: Promise<LlmClient> | null = null;
  const load = (): Promise<LlmClient> =>
    (provider ??= import('./openai-llm-client').then(({ OpenAiLlmClient }) => new OpenAiLlmClient(config, options)));
  return {
    configured: true,
    visionEnabled: config.visionModel !== null,
    endpoint: config.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    complete: async (request, offline) => (await load()).complete(request, offline),
    stream: async (request, offline, onDelta) => (await load()).stream(request, offline, onDelta),
  };
}

import type { LlmStatus } from '../../shared/contract/observation';
import type { Settings } from '../config/settings';
import { OPENAI_DEFAULT_BASE_URL } from './llm-config';
import type { LlmClient, LlmRequest, LlmResult, OfflineAnswer } from './llm-client';
import { resolveLlmConfig, type LlmConfig, type ReadyLlmConfig } from './llm-config';
import { discoverModel } from './model-discovery';
import { createOfflineLlmClient, offlineResult } from './offline-llm-client';
import type { OpenAiLlmClientOptions } from './openai-llm-client';
import { messageOf } from '../util/message-of';

/** After the server could not say which model it serves, when to ask again (it may be starting). */
const REDISCOVER_AFTER_MS = 60_000;

export interface CreateLlmClientOptions extends OpenAiLlmClientOptions {
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

/**
 * The LLM every feature uses: the OpenAI-compatible provider when configured, else offline only.
 * The provider (and the `openai` package, ~13 MB) is loaded on the first call, not at start. With an
 * endpoint and no model, the server is asked which model it serves; until one is known every call is
 * answered offline with the reason, and `status()` says it (health, the banner, the window).
 */
export function createLlmClient(settings: Settings, env: NodeJS.ProcessEnv = process.env, options: CreateLlmClientOptions = {}): LlmClient {
  const config = resolveLlmConfig(settings, env);
  if (!config) return createOfflineLlmClient();
  const endpoint = config.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
  const now = options.now ?? Date.now;
  const status: { -readonly [K in keyof LlmStatus]: LlmStatus[K] } = {
    state: config.textModel ? 'ready' : 'checking',
    model: config.textModel,
    endpointHost: hostOf(endpoint),
    lastError: null,
  };
  let ready: Promise<ReadyLlmConfig | null> | null = config.textModel ? Promise.resolve({ ...config, textModel: config.textModel }) : null;
  let failedAt = Number.NEGATIVE_INFINITY;
  const readyConfig = (): Promise<ReadyLlmConfig | null> => {
    if (ready === null || (status.state === 'unavailable' && now() - failedAt >= REDISCOVER_AFTER_MS)) ready = discover(config);
    return ready;
  };
  const discover = async (base: LlmConfig): Promise<ReadyLlmConfig | null> => {
    status.state = 'checking';
    try {
      const model = await discoverModel({ baseUrl: endpoint, apiKey: base.apiKey, timeoutMs: base.timeoutMs }, options.fetch);
      Object.assign(status, { state: 'ready', model, lastError: null });
      return { ...base, textModel: model };
    } catch (error) {
      failedAt = now();
      Object.assign(status, { state: 'unavailable', model: null, lastError: messageOf(error) });
      return null;
    }
  };
  let provider: Promise<LlmClient> | null = null;
  const load = (ready: ReadyLlmConfig): Promise<LlmClient> =>
    (provider ??= import('./openai-llm-client').then(({ OpenAiLlmClient }) => new OpenAiLlmClient(ready, options)));
  const call = async (request: LlmRequest, offline: OfflineAnswer, onDelta: ((text: string) => void) | null): Promise<LlmResult> => {
    const ready = await readyConfig();
    if (!ready) {
      const result = await offlineResult(offline, status.lastError);
      if (onDelta && result.text) onDelta(result.text);
      return result;
    }
    const client = await load(ready);
    const result = onDelta ? await client.stream(request, offline, onDelta) : await client.complete(request, offline);
    // The model answered, or why its last call fell back: health shows the latest.
    status.lastError = result.fallbackReason ?? result.interrupted ?? null;
    return result;
  };
  return {
    configured: true,
    visionEnabled: config.visionModel !== null,
    endpoint,
    complete: (request, offline) => call(request, offline, null),
    stream: (request, offline, onDelta) => call(request, offline, onDelta),
    status: () => ({ ...status }),
    prepare: async () => {
      await readyConfig();
    },
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

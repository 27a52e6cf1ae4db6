import type { LlmClient, LlmRequest, LlmResult, OfflineAnswer } from './llm-client';

export const OFFLINE_MODEL = 'offline';

/** Answers with the caller's offline answer; `reason` says why when a provider was configured. */
export async function offlineResult(offline: OfflineAnswer, reason: string | null): Promise<LlmResult> {
  return { text: await offline(), toolCalls: [], engine: 'offline', model: OFFLINE_MODEL, fallbackReason: reason, usage: null };
}

/** The client when no LLM is configured: every call answers offline, deterministically. */
export function createOfflineLlmClient(): LlmClient {
  return {
    configured: false,
    visionEnabled: false,
    complete: (_request: LlmRequest, offline: OfflineAnswer) => offlineResult(offline, null),
    async stream(_request: LlmRequest, offline: OfflineAnswer, onDelta: (text: string) => void) {
      const result = await offlineResult(offline, null);
      if (result.text) onDelta(result.text);
      return result;
    },
  };
}

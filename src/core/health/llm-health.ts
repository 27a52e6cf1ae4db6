import type { HealthReason, LlmStatus } from '../../shared/contract/index';

/**
 * The health reason of a language model that is configured but cannot be used: answers still come,
 * from the offline engine, so the engine is degraded, not failing.
 */
export function llmHealthReasons(status: LlmStatus): HealthReason[] {
  if (status.state !== 'unavailable') return [];
  return [
    {
      code: 'llm_unavailable',
      severity: 'degraded',
      message: `The language model at ${status.endpointHost ?? 'the configured endpoint'} cannot be used: ${status.lastError ?? 'no reason given'}.`,
      action:
        'Chat and summaries come from the offline engine meanwhile. Set SHADOW_LLM_MODEL (or llm.textModel in settings.json), or check the server.',
      since: null,
    },
  ];
}

import { LLM_OFF, type LlmClient, type LlmMessage, type LlmRequest, type LlmResult, type OfflineAnswer } from '../llm/llm-client';
import { offlineResult } from '../llm/offline-llm-client';
import { tokenCount } from '../llm/tokens';
import type { LlmCallRecord } from '../store/repositories/privacy-repository';
import type { ImageVerdicts } from './image-verdicts';
import { describeEndpoint, type LlmEndpoint } from './llm-destination';
import type { RedactionCounts, Redactor } from './redactor';

export interface LlmGateDeps {
  readonly base: LlmClient;
  readonly redactor: () => Redactor;
  readonly localOnly: () => boolean;
  readonly images: ImageVerdicts;
  /** OCR runs, so an image it has not read yet is held back rather than sent unchecked. */
  readonly ocrChecksImages: boolean;
  readonly now: () => number;
  readonly record: (call: LlmCallRecord) => void;
  readonly recordRedactions: (counts: RedactionCounts, atMs: number) => void;
}

/** An LLM client whose every call passes the privacy checks; `endpoint` says where calls would go. */
export interface GuardedLlm extends LlmClient {
  /** The configured endpoint; null when none (offline only). An in-process client counts as local. */
  readonly destination: LlmEndpoint | null;
  /** Configured, but the local-only switch refuses it. */
  readonly refused: boolean;
}

const IN_PROCESS: LlmEndpoint = { endpoint: 'in-process', local: true };

/**
 * The one door to any LLM (docs/privacy.md): under the local-only switch a call to an endpoint not on
 * this machine is refused and answered offline; otherwise every message (tool calls and results
 * included) is redacted, screenshots go only when OCR read them and found nothing to redact, and the
 * call is recorded (endpoint, outcome, tokens, images; never the content).
 */
export function guardLlm(deps: LlmGateDeps): GuardedLlm {
  const { base } = deps;
  const destination = base.configured ? (base.endpoint ? describeEndpoint(base.endpoint) : IN_PROCESS) : null;
  const refused = (): boolean => destination !== null && !destination.local && deps.localOnly();

  const call = async (request: LlmRequest, offline: OfflineAnswer, onDelta: ((text: string) => void) | null): Promise<LlmResult> => {
    if (!base.configured) return onDelta ? base.stream(request, offline, onDelta) : base.complete(request, offline);
    const at = deps.now();
    const record = (fields: Omit<LlmCallRecord, 'atMs' | 'purpose' | 'endpoint'>): void =>
      deps.record({ atMs: at, purpose: request.purpose, endpoint: destination!.endpoint, ...fields });
    if (refused()) {
      const reason = `local-only: ${destination!.endpoint} is not on this machine, so nothing was sent`;
      record({
        model: null,
        outcome: 'refused',
        promptTokens: 0,
        completionTokens: 0,
        imagesSent: 0,
        imagesWithheld: 0,
        imageBytes: 0,
        redactions: 0,
        fallbackReason: reason,
      });
      const result = await offlineResult(offline, reason);
      if (onDelta && result.text) onDelta(result.text);
      return result;
    }
    const { request: safe, counts, redactions, withheld: withheldImages } = redactRequest(request, deps);
    const withheld = withheldImages.length;
    if (redactions > 0) deps.recordRedactions(counts, at);
    const result = onDelta ? await base.stream(safe, offline, onDelta) : await base.complete(safe, offline);
    const answered = result.engine !== 'offline';
    record({
      model: answered ? result.model : null,
      outcome: answered ? 'answered' : 'fell-back',
      promptTokens: result.usage?.promptTokens ?? safe.messages.reduce((sum, m) => sum + tokenCount(m.content), 0),
      completionTokens: answered ? (result.usage?.completionTokens ?? tokenCount(result.text)) : 0,
      imagesSent: safe.images?.length ?? 0,
      imagesWithheld: withheld,
      imageBytes: result.imageBytes ?? 0,
      redactions,
      fallbackReason: result.fallbackReason,
    });
    return withheld > 0 ? { ...result, withheldImages } : result;
  };

  return {
    get configured() {
      return base.configured && !refused();
    },
    get visionEnabled() {
      return base.visionEnabled && !refused();
    },
    endpoint: base.endpoint,
    destination,
    get refused() {
      return refused();
    },
    complete: (request, offline) => call(request, offline, null),
    stream: (request, offline, onDelta) => call(request, offline, onDelta),
    status: () => {
      const status = base.status?.() ?? (base.configured ? { ...LLM_OFF, state: 'ready' as const } : LLM_OFF);
      return refused()
        ? { ...status, state: 'unavailable', lastError: `local-only: ${destination!.endpoint} is not on this machine` }
        : status;
    },
    prepare: async () => {
      if (!refused()) await base.prepare?.();
    },
  };
}

function redactRequest(
  request: LlmRequest,
  deps: LlmGateDeps,
): { request: LlmRequest; counts: RedactionCounts; redactions: number; withheld: number[] } {
  const redactor = deps.redactor();
  const counts: RedactionCounts = {};
  let redactions = 0;
  const clean = (text: string): string => {
    const result = redactor.redact(text);
    for (const [kind, n] of Object.entries(result.counts) as [keyof RedactionCounts, number][]) counts[kind] = (counts[kind] ?? 0) + n;
    redactions += result.total;
    return result.text;
  };
  const messages = request.messages.map((m): LlmMessage => ({
    ...m,
    content: clean(m.content),
    ...(m.toolCalls && { toolCalls: m.toolCalls.map((c) => ({ ...c, arguments: clean(c.arguments) })) }),
  }));
  const withheld: number[] = [];
  const images = (request.images ?? []).filter((image, index) => {
    const verdict = deps.images.verdict(image);
    const send = verdict === 'clean' || (verdict === 'unchecked' && !deps.ocrChecksImages);
    if (!send) withheld.push(index);
    return send;
  });
  return { request: { ...request, messages, ...(request.images && { images }) }, counts, redactions, withheld };
}

import { describe, expect, it } from 'vitest';
import type { LlmClient, LlmRequest } from '../../src/core/llm/llm-client';
import { ImageVerdicts } from '../../src/core/privacy/image-verdicts';
import { describeEndpoint, isLoopbackHost } from '../../src/core/privacy/llm-destination';
import { guardLlm, type LlmGateDeps } from '../../src/core/privacy/llm-gate';
import { redactionSettingsSchema } from '../../src/core/config/redaction-settings';
import { createRedactor, type RedactionCounts } from '../../src/core/privacy/redactor';
import type { LlmCallRecord } from '../../src/core/store/repositories/privacy-repository';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_IBAN } from '../helpers/secret-samples';

/** A provider that records what it was sent and answers "ok". */
function recordingProvider(endpoint: string, vision = true): LlmClient & { sent: LlmRequest[] } {
  const sent: LlmRequest[] = [];
  const answer = (request: LlmRequest) => {
    sent.push(request);
    return Promise.resolve({ text: 'ok', toolCalls: [], engine: 'llm' as const, model: 'm', fallbackReason: null, usage: null });
  };
  return {
    sent,
    configured: true,
    visionEnabled: vision,
    endpoint,
    complete: (request) => answer(request),
    stream: async (request, _offline, onDelta) => {
      const result = await answer(request);
      onDelta(result.text);
      return result;
    },
  };
}

function gate(base: LlmClient, options: Partial<Omit<LlmGateDeps, 'localOnly'>> & { localOnly?: boolean } = {}) {
  const calls: LlmCallRecord[] = [];
  const redactions: RedactionCounts[] = [];
  const images = options.images ?? new ImageVerdicts();
  const guarded = guardLlm({
    base,
    redactor: () => createRedactor(redactionSettingsSchema.parse({})),
    localOnly: () => options.localOnly ?? false,
    images,
    ocrChecksImages: options.ocrChecksImages ?? true,
    now: () => Date.parse('2026-03-14T10:00:00Z'),
    record: (call) => void calls.push(call),
    recordRedactions: (counts) => void redactions.push(counts),
  });
  return { guarded, calls, redactions, images };
}

const offline = () => 'offline answer';
const SECRET_TEXT = `Pay with ${SAMPLE_CARD}, refund ${SAMPLE_IBAN}, key ${SAMPLE_AWS_KEY}.`;

describe('loopback', () => {
  it('counts localhost, 127.0.0.0/8 and ::1 as this machine, and nothing that only resolves there', () => {
    for (const host of ['localhost', 'LOCALHOST', 'ollama.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['api.openai.com', '10.0.0.5', '192.168.1.2', '0.0.0.0', 'localhost.example.com', '127.0.0.1.nip.io', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    expect(describeEndpoint('http://127.0.0.1:11434/v1')).toEqual({ endpoint: '127.0.0.1:11434', local: true });
    expect(describeEndpoint('https://api.openai.com/v1')).toEqual({ endpoint: 'api.openai.com', local: false });
  });
});

describe('the LLM gate', () => {
  it('redacts every message, tool call and tool result before the provider sees them, and records the call', async () => {
    const provider = recordingProvider('https://api.openai.com/v1');
    const { guarded, calls, redactions } = gate(provider);
    await guarded.complete(
      {
        purpose: 'chat',
        messages: [
          { role: 'system', content: 'You help.' },
          { role: 'user', content: SECRET_TEXT },
          { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'note', arguments: `{"text":"password: hunter2"}` }] },
          { role: 'tool', content: `file: .env\nOPENAI_API_KEY=sk-proj-abc123DEF456ghi789JKL012mno`, toolCallId: 't1' },
        ],
      },
      offline,
    );
    const sent = JSON.stringify(provider.sent);
    for (const secret of ['4111', 'DE89', SAMPLE_AWS_KEY, 'hunter2', 'sk-proj']) expect(sent).not.toContain(secret);
    expect(provider.sent[0]!.messages[1]!.content).toBe('Pay with [card], refund [iban], key [secret].');
    expect(redactions).toEqual([{ card: 1, iban: 1, secret: 2, password: 1 }]);
    expect(calls).toEqual([
      expect.objectContaining({
        purpose: 'chat',
        endpoint: 'api.openai.com',
        outcome: 'answered',
        redactions: 5,
        imagesSent: 0,
        imagesWithheld: 0,
      }),
    ]);
    expect(calls[0]!.promptTokens).toBeGreaterThan(10);
    expect(calls[0]!.completionTokens).toBe(1);
  });

  it('under local-only refuses an endpoint not on this machine: nothing is sent, the offline answer comes back', async () => {
    const provider = recordingProvider('https://api.openai.com/v1');
    const { guarded, calls } = gate(provider, { localOnly: true });
    expect(guarded.configured).toBe(false);
    expect(guarded.visionEnabled).toBe(false);
    expect(guarded.refused).toBe(true);
    const deltas: string[] = [];
    const result = await guarded.stream(
      { purpose: 'chat', messages: [{ role: 'user', content: 'hi' }] },
      offline,
      (d) => void deltas.push(d),
    );
    expect(provider.sent).toEqual([]);
    expect(result).toMatchObject({ engine: 'offline', text: 'offline answer' });
    expect(result.fallbackReason).toMatch(/local-only: api\.openai\.com is not on this machine/);
    expect(deltas).toEqual(['offline answer']);
    expect(calls).toEqual([expect.objectContaining({ outcome: 'refused', endpoint: 'api.openai.com', promptTokens: 0 })]);
  });

  it('under local-only lets an LLM on this machine answer', async () => {
    const provider = recordingProvider('http://127.0.0.1:11434/v1');
    const { guarded, calls } = gate(provider, { localOnly: true });
    expect(guarded.configured).toBe(true);
    await guarded.complete({ purpose: 'summary', messages: [{ role: 'user', content: 'summarize' }] }, offline);
    expect(provider.sent).toHaveLength(1);
    expect(calls[0]).toMatchObject({ outcome: 'answered', endpoint: '127.0.0.1:11434' });
  });

  it('sends a screenshot only when OCR read it and found nothing to redact', async () => {
    const provider = recordingProvider('https://api.openai.com/v1');
    const clean = Buffer.from('clean');
    const sensitive = Buffer.from('sensitive');
    const unchecked = Buffer.from('unchecked');
    const { guarded, calls, images } = gate(provider);
    images.judge(clean, false);
    images.judge(sensitive, true);
    const result = await guarded.complete(
      { purpose: 'theory', messages: [{ role: 'user', content: 'what now?' }], images: [clean, sensitive, unchecked] },
      offline,
    );
    expect(provider.sent[0]!.images).toEqual([clean]);
    expect(calls[0]).toMatchObject({ imagesSent: 1, imagesWithheld: 2 });
    // The caller learns which it held back, so memory can send those later once they are clean.
    expect(result.withheldImages).toEqual([1, 2]);

    // With OCR off nothing can check them: they go as taken (docs/privacy.md says so).
    const withoutOcr = gate(recordingProvider('https://api.openai.com/v1'), { ocrChecksImages: false, images });
    await withoutOcr.guarded.complete(
      { purpose: 'theory', messages: [{ role: 'user', content: 'x' }], images: [clean, sensitive, unchecked] },
      offline,
    );
    expect(withoutOcr.calls[0]).toMatchObject({ imagesSent: 2, imagesWithheld: 1 });
  });

  it('passes an offline client through untouched and records nothing', async () => {
    const offlineClient: LlmClient = {
      configured: false,
      visionEnabled: false,
      complete: async (_r, answer) => ({ text: await answer(), toolCalls: [], engine: 'offline', model: 'offline', fallbackReason: null }),
      stream: async (_r, answer) => ({ text: await answer(), toolCalls: [], engine: 'offline', model: 'offline', fallbackReason: null }),
    };
    const { guarded, calls } = gate(offlineClient, { localOnly: true });
    expect(guarded.destination).toBeNull();
    expect((await guarded.complete({ purpose: 'toc', messages: [{ role: 'user', content: SECRET_TEXT }] }, offline)).text).toBe(
      'offline answer',
    );
    expect(calls).toEqual([]);
  });
});

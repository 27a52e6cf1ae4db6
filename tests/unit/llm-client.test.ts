import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsSchema, type Settings } from '../../src/core/config/settings';
import { createLlmClient } from '../../src/core/llm/create-llm-client';
import type { LlmRequest } from '../../src/core/llm/llm-client';
import { allText, imageUrls, startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function settings(server: FakeOpenAiServer, llm: Partial<Settings['llm']> = {}): Settings {
  return settingsSchema.parse({ llm: { baseUrl: server.baseUrl, textModel: 'fake-text', timeoutMs: 10_000, ...llm } });
}

const request = (extra: Partial<LlmRequest> = {}): LlmRequest => ({
  purpose: 'summary',
  messages: [
    { role: 'system', content: 'You summarise work.' },
    { role: 'user', content: 'Ledger.xlsx in Excel for 20 minutes' },
  ],
  ...extra,
});

describe('LLM client without configuration', () => {
  it('answers every call offline and streams the offline text', async () => {
    const client = createLlmClient(settingsSchema.parse({}), {});
    expect(client.configured).toBe(false);
    const result = await client.complete(request(), () => 'offline summary');
    expect(result).toMatchObject({ text: 'offline summary', engine: 'offline', fallbackReason: null });
    const deltas: string[] = [];
    const streamed = await client.stream(
      request(),
      () => 'offline reply',
      (d) => deltas.push(d),
    );
    expect(deltas.join('')).toBe('offline reply');
    expect(streamed.engine).toBe('offline');
  });
});

describe('LLM client against an OpenAI-compatible server', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends the messages and returns the reply', async () => {
    server.enqueue({ text: 'You reconciled the ledger.' });
    const client = createLlmClient(settings(server), {});
    const result = await client.complete(request(), () => 'offline');
    expect(result).toMatchObject({ text: 'You reconciled the ledger.', engine: 'llm', fallbackReason: null });
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body;
    expect(body.model).toBe('fake-text');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(allText(body)).toContain('Ledger.xlsx in Excel for 20 minutes');
  });

  it('sends images as data URLs to the vision model when one is set, and none otherwise', async () => {
    const vision = createLlmClient(settings(server, { visionModel: 'fake-vision' }), {});
    expect(vision.visionEnabled).toBe(true);
    await vision.complete(request({ images: [PNG, JPEG] }), () => 'offline');
    const body = server.requests[0]!.body;
    expect(body.model).toBe('fake-vision');
    expect(imageUrls(body)).toEqual([
      `data:image/png;base64,${PNG.toString('base64')}`,
      `data:image/jpeg;base64,${JPEG.toString('base64')}`,
    ]);

    const textOnly = createLlmClient(settings(server), {});
    await textOnly.complete(request({ images: [PNG] }), () => 'offline');
    expect(server.requests[1]!.body.model).toBe('fake-text');
    expect(imageUrls(server.requests[1]!.body)).toEqual([]);
  });

  it('passes tools and returns the tool calls, plain and streamed', async () => {
    const tools = [
      {
        name: 'get_relevant_context',
        description: 'Read a context set',
        parameters: { type: 'object', properties: { set: { type: 'string' } } },
      },
    ];
    server.enqueue({ toolCalls: [{ name: 'get_relevant_context', arguments: '{"set":"files"}' }] });
    server.enqueue({ text: 'Looking it up', toolCalls: [{ name: 'get_relevant_context', arguments: '{"set":"tickets"}' }] });
    const client = createLlmClient(settings(server), {});
    const plain = await client.complete(request({ purpose: 'chat', tools }), () => 'offline');
    expect(plain.toolCalls).toEqual([{ id: expect.any(String), name: 'get_relevant_context', arguments: '{"set":"files"}' }]);
    expect(server.requests[0]!.body.tools?.[0]?.function.name).toBe('get_relevant_context');
    const deltas: string[] = [];
    const streamed = await client.stream(
      request({ purpose: 'chat', tools }),
      () => 'offline',
      (d) => deltas.push(d),
    );
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Looking it up');
    expect(streamed.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['get_relevant_context', '{"set":"tickets"}']]);
  });

  it('sends tool results back as tool messages', async () => {
    const client = createLlmClient(settings(server), {});
    await client.complete(
      {
        purpose: 'chat',
        messages: [
          { role: 'user', content: 'what files?' },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_relevant_context', arguments: '{}' }] },
          { role: 'tool', content: '["a.ts"]', toolCallId: 'call_1' },
        ],
      },
      () => 'offline',
    );
    const messages = server.requests[0]!.body.messages;
    expect(messages[1]!.tool_calls).toHaveLength(1);
    expect(messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1', content: '["a.ts"]' });
  });

  it('falls back to the offline answer on 429 after retrying', async () => {
    server.respondWith(() => ({ kind: 'error', status: 429, message: 'slow down' }));
    const client = createLlmClient(settings(server), {});
    const result = await client.complete(request(), () => 'offline summary');
    expect(result.engine).toBe('offline');
    expect(result.text).toBe('offline summary');
    expect(result.fallbackReason).toMatch(/429/);
    expect(server.requests.length).toBe(3);
  });

  it('recovers when a retry succeeds after a 500', async () => {
    server.enqueue({ kind: 'error', status: 500 }, { text: 'second time lucky' });
    const client = createLlmClient(settings(server), {});
    const result = await client.complete(request(), () => 'offline');
    expect(result).toMatchObject({ text: 'second time lucky', engine: 'llm' });
  });

  it('falls back on 500 and on a 400 without retrying the 400', async () => {
    server.respondWith(() => ({ kind: 'error', status: 500 }));
    const client = createLlmClient(settings(server), {});
    const five = await client.complete(request(), () => 'offline 500');
    expect(five).toMatchObject({ engine: 'offline', text: 'offline 500' });
    expect(five.fallbackReason).toMatch(/500/);
    server.requests.length = 0;
    server.respondWith(() => ({ kind: 'error', status: 400, message: 'bad model' }));
    const four = await client.complete(request(), () => 'offline 400');
    expect(four.fallbackReason).toMatch(/400/);
    expect(server.requests).toHaveLength(1);
  });

  it('falls back when the server hangs (timeout), for plain and streamed calls', async () => {
    server.respondWith(() => ({ kind: 'hang' }));
    const client = createLlmClient(settings(server, { timeoutMs: 200 }), {});
    const started = Date.now();
    const result = await client.complete(request(), () => 'offline after timeout');
    expect(result).toMatchObject({ engine: 'offline', text: 'offline after timeout' });
    expect(result.fallbackReason).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(2000);
    const deltas: string[] = [];
    const streamed = await client.stream(
      request(),
      () => 'offline stream',
      (d) => deltas.push(d),
    );
    expect(streamed.fallbackReason).toMatch(/timeout/);
    expect(deltas.join('')).toBe('offline stream');
  });

  it('keeps what a stream that breaks midway delivered, says it was interrupted, and glues no offline answer on', async () => {
    server.enqueue({ text: 'one two three four five', breakAfterChunks: 2 });
    const client = createLlmClient(settings(server), {});
    const deltas: string[] = [];
    let offlineAsked = false;
    const result = await client.stream(
      request(),
      () => {
        offlineAsked = true;
        return 'offline whole';
      },
      (d) => deltas.push(d),
    );
    expect(result.engine).toBe('llm');
    expect(result.text).toBe('');
    expect(result.interrupted).toBeTruthy();
    expect(result.fallbackReason).toMatch(/partial reply was kept/);
    expect(deltas.join('')).toMatch(/^one two/);
    expect(deltas.join('')).not.toContain('offline');
    expect(offlineAsked).toBe(false);
  });

  it('falls back when nothing listens at the base URL', async () => {
    const url = server.baseUrl;
    await server.close();
    const client = createLlmClient(settingsSchema.parse({ llm: { baseUrl: url, textModel: 'x', timeoutMs: 500 } }), {});
    const result = await client.complete(request(), () => 'offline');
    expect(result.engine).toBe('offline');
    expect(result.fallbackReason).toMatch(/reach|connect/i);
    server = await startFakeOpenAiServer();
  });

  it('keeps at most 5 calls in flight', async () => {
    server.respondWith(() => ({ text: 'ok', delayMs: 80 }));
    const client = createLlmClient(settings(server, { timeoutMs: 5000 }), {});
    const results = await Promise.all(Array.from({ length: 12 }, () => client.complete(request(), () => 'offline')));
    expect(results.every((r) => r.engine === 'llm')).toBe(true);
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight).toBe(5);
  });

  it('reads OPENAI_BASE_URL and OPENAI_API_KEY from the environment', async () => {
    const client = createLlmClient(settingsSchema.parse({ llm: { textModel: 'env-model' } }), {
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_API_KEY: 'sk-test-123',
    });
    expect(client.configured).toBe(true);
    await client.complete(request(), () => 'offline');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test-123');
    expect(server.requests[0]!.body.model).toBe('env-model');
  });
});

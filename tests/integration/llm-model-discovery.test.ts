import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import type { Health } from '../../src/shared/contract/index';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { quietSource } from '../helpers/quiet-core';
import { startHeadlessShadow } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

/**
 * An endpoint without a model never leaves the LLM off without a word (issue 18, point 1): the server is
 * asked which model it serves; when it cannot say, health, its reason and the offline answers say why.
 */

let fake: FakeOpenAiServer;
let home: TempShadowHome | undefined;
let core: ShadowCore | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(() => fake.close());
afterEach(() => {
  core?.close();
  core = undefined;
  home?.remove();
  home = undefined;
  fake.requests.length = 0;
  fake.setModels(['fake-model']);
});

function open(env: NodeJS.ProcessEnv): ShadowCore {
  home = createTempShadowHome();
  core = createShadowCore({ paths: home.paths, source: quietSource, env, settings: { ocrEnabled: false } });
  return core;
}

const health = (c: ShadowCore): Promise<Health> => callOperation(createHandlers(c), 'health', {});
const chatRequests = (): number => fake.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

describe('an endpoint given without a model', () => {
  it('uses the first model the server lists that can chat, and says so in health', async () => {
    fake.setModels(['text-embedding-3-small', 'whisper-1', 'llama3.1:8b', 'qwen2.5']);
    const c = open({ OPENAI_BASE_URL: fake.baseUrl });
    await c.llm.prepare?.();
    const session = c.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await c.sessions.send(session.id, 'Say hello');
    await c.sessions.idle();
    expect(turn.engine).toBe('llm');
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body.model)).toContain('llama3.1:8b');
    const h = await health(c);
    expect(h.llm).toEqual({ state: 'ready', model: 'llama3.1:8b', endpointHost: new URL(fake.baseUrl).host, lastError: null });
    expect(h.reasons.map((r) => r.code)).not.toContain('llm_unavailable');
  });

  it('when the server cannot say, uses no model, says why in health, and answers offline without claiming none is configured', async () => {
    fake.setModels(null);
    const c = open({ OPENAI_BASE_URL: fake.baseUrl });
    await c.llm.prepare?.();
    const h = await health(c);
    expect(h.llm.state).toBe('unavailable');
    expect(h.llm.lastError).toMatch(/answered 404 .*SHADOW_LLM_MODEL/);
    expect(h.status).toBe('degraded');
    expect(h.reasons.find((r) => r.code === 'llm_unavailable')?.message).toContain(new URL(fake.baseUrl).host);

    const before = chatRequests();
    const session = c.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await c.sessions.send(session.id, 'what should I do next?');
    await c.sessions.idle();
    expect(turn.engine).toBe('offline');
    expect(turn.reply).not.toMatch(/no language model is configured/i);
    expect(turn.reply).toMatch(/cannot be used \(No model is set and .*answered 404/);
    expect(chatRequests() - before).toBe(0);
  });

  it('lists only models that cannot chat: unavailable with the reason', async () => {
    fake.setModels(['text-embedding-3-small', 'tts-1']);
    const c = open({ OPENAI_BASE_URL: fake.baseUrl });
    await c.llm.prepare?.();
    expect((await health(c)).llm).toMatchObject({ state: 'unavailable', model: null });
    expect((await health(c)).llm.lastError).toMatch(/lists no model that can chat/);
  });

  it('a named model is used as named, without asking the server; no endpoint at all is "off"', async () => {
    const named = open({ OPENAI_BASE_URL: fake.baseUrl, SHADOW_LLM_MODEL: 'my-model' });
    await named.llm.prepare?.();
    expect((await health(named)).llm).toMatchObject({ state: 'ready', model: 'my-model' });
    expect(fake.requests.filter((r) => r.path.endsWith('/models'))).toHaveLength(0);
    named.close();
    home!.remove();
    const offline = open({});
    expect((await health(offline)).llm).toEqual({ state: 'off', model: null, endpointHost: null, lastError: null });
    const session = offline.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await offline.sessions.send(session.id, 'what should I do next?');
    expect(turn.reply).toMatch(/needs a language model, and none is configured/);
  });

  it('a failed title call keeps the last good title instead of a filler one', async () => {
    const c = open({ OPENAI_BASE_URL: fake.baseUrl, SHADOW_LLM_MODEL: 'fake-model' });
    fake.respondWith((request) =>
      request.body.messages.some((m) => typeof m.content === 'string' && m.content.includes('title'))
        ? { text: 'Ledger reconciliation' }
        : { text: 'ok' },
    );
    const session = c.sessions.create({ type: 'chat', tools: [] });
    await c.sessions.send(session.id, 'Help me reconcile the March ledger');
    await c.sessions.idle();
    expect(c.sessions.get(session.id).title).toBe('Ledger reconciliation');
    fake.respondWith(() => ({ kind: 'error', status: 500, message: 'model crashed' }));
    // Two prompts on another topic: the offline rule alone would rename the conversation after them.
    await c.sessions.send(session.id, 'Plan a team offsite in Lisbon for June');
    await c.sessions.send(session.id, 'Which hotels in Lisbon suit a team offsite?');
    await c.sessions.idle();
    expect(c.sessions.get(session.id).title).toBe('Ledger reconciliation');
    fake.respondWith((request) => ({ text: `fake reply to: ${String(request.body.messages.at(-1)?.content)}` }));
  });
});

describe('the banner of `shadow start --headless`', () => {
  it('says which model answers, or why none does', async () => {
    const bannerHome = createTempShadowHome();
    try {
      fake.setModels(['qwen2.5']);
      let engine = await startHeadlessShadow([], { ...bannerHome.env, OPENAI_BASE_URL: fake.baseUrl });
      try {
        const banner = await waitFor(() => Promise.resolve(engine.output()), {
          what: 'the banner',
          until: (out) => out.includes('Press Ctrl+C'),
        });
        expect(banner).toContain(`LLM:        qwen2.5 at ${new URL(fake.baseUrl).host}`);
      } finally {
        await engine.stop();
      }
      fake.setModels(null);
      engine = await startHeadlessShadow([], { ...bannerHome.env, OPENAI_BASE_URL: fake.baseUrl });
      try {
        const banner = await waitFor(() => Promise.resolve(engine.output()), {
          what: 'the banner',
          until: (out) => out.includes('Press Ctrl+C'),
        });
        expect(banner).toMatch(/LLM:\s+NOT USED: No model is set and .*answered 404.*; the offline engine answers/);
        expect(banner).toMatch(/language model at .* cannot be used/);
      } finally {
        await engine.stop();
      }
    } finally {
      bannerHome.remove();
    }
  }, 120_000);
});

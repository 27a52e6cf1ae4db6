import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { extractiveSummary } from '../../src/core/sessions/extractive';
import {
  allText,
  observedBlockOf,
  startFakeOpenAiServer,
  userQuestion,
  type FakeOpenAiServer,
  type RecordedRequest,
} from '../helpers/fake-openai-server';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

const isTitleRequest = (r: RecordedRequest): boolean => allText(r.body).includes('Generate a session title');
const isTocRequest = (r: RecordedRequest): boolean => allText(r.body).includes('Summarize this exchange in one line');

/** A model stand-in: TOC lines echo the prompt, titles follow what the [RECENT] lines talk about. */
function respond(request: RecordedRequest) {
  const text = allText(request.body);
  if (isTitleRequest(request)) {
    const recent = text.split('\n').filter((l) => l.startsWith('[RECENT]'));
    const budget = recent.filter((l) => /budget/i.test(l)).length;
    return { text: budget >= 2 ? '"Quarterly budget forecast"' : 'Invoice reconciliation' };
  }
  if (isTocRequest(request)) {
    const prompt = /^User: (.*)$/m.exec(text)?.[1] ?? '';
    return { text: `Asked: ${prompt}` };
  }
  return { text: `Model answer about ${userQuestion(request.body)} with several streamed words` };
}

let home: TempShadowHome;
let fake: FakeOpenAiServer;
let core: ShadowCore;

beforeAll(async () => {
  home = createTempShadowHome();
  fake = await startFakeOpenAiServer(respond);
  core = createShadowCore({
    paths: home.paths,
    settings: { ocrEnabled: false },
    env: { OPENAI_BASE_URL: fake.baseUrl, SHADOW_LLM_MODEL: 'fake-model' },
  });
});

afterAll(async () => {
  core?.close();
  await fake?.close();
  home?.remove();
});

describe('sessions with an OpenAI-compatible model', () => {
  it('streams replies, writes LLM TOC lines, and retitles when the newest turns change topic', async () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const prompts = [
      'Reconcile invoice 4471 with the bank statement',
      'The invoice from Acme is missing a VAT number',
      'Mark invoice 4472 as paid',
      'Send the invoice summary to Dana',
      'Start the quarterly budget forecast',
      'Budget for travel should drop ten percent',
      'Budget review meeting is on Thursday',
    ];
    for (const prompt of prompts) {
      const deltas: string[] = [];
      const { turn } = await core.sessions.send(session.id, prompt, (d) => deltas.push(d));
      expect(deltas.length).toBeGreaterThan(3);
      expect(deltas.join('')).toBe(turn.reply);
      expect(turn).toMatchObject({ engine: 'llm', status: 'complete', reply: `Model answer about ${prompt} with several streamed words` });
      await core.sessions.idle();
    }
    const chat = fake.requests.filter((r) => !isTitleRequest(r) && !isTocRequest(r));
    expect(chat).toHaveLength(prompts.length);
    expect(chat.every((r) => r.body.stream === true)).toBe(true);
    // The system prompt carries our instructions only; the observed context comes with the question; the history carries earlier turns.
    const lastChat = chat.at(-1)!.body;
    expect(lastChat.messages[0]!.role).toBe('system');
    expect(String(lastChat.messages[0]!.content)).toMatch(/^You are Workflow Shadow/);
    expect(String(lastChat.messages[0]!.content)).not.toContain('## Now');
    expect(observedBlockOf(lastChat)).toContain('## Now');
    expect(allText(lastChat)).toContain('Budget for travel should drop ten percent');

    const toc = core.sessions.toc(session.id);
    expect(toc.entries.map((e) => [e.summary, e.summarySource])).toEqual(prompts.map((p) => [`Asked: ${p}`, 'llm']));

    const history = core.sessions.titleHistory(session.id);
    expect(history.entries.map((e) => [e.turn, e.title])).toEqual([
      [6, 'Quarterly budget forecast'],
      [1, 'Invoice reconciliation'],
    ]);
    const titleAtTurn6 = fake.requests.filter(isTitleRequest)[5]!;
    const lines = allText(titleAtTurn6.body).split('\n');
    const firstTurnLine = lines.findIndex((l) => /Turn \d+:/.test(l));
    expect(lines.slice(firstTurnLine, firstTurnLine + 4)).toEqual([
      `[RECENT] Turn 6: Asked: ${prompts[5]}`,
      `[RECENT] Turn 5: Asked: ${prompts[4]}`,
      `[RECENT] Turn 4: Asked: ${prompts[3]}`,
      `Turn 3: Asked: ${prompts[2]}`,
    ]);
    // Summary and title calls never become turns.
    expect(core.sessions.get(session.id).turnCount).toBe(prompts.length);

    // Every call leaves a receipt, in one engine vocabulary: TOC lines and titles what they were given,
    // chat replies the conversation beside the LLM context.
    const receipts = core.memory.repositories.receipts.list(500);
    const of = (purpose: string) => receipts.filter((r) => r.purpose === purpose);
    expect(of('toc')).toHaveLength(fake.requests.filter(isTocRequest).length);
    expect(of('title')).toHaveLength(fake.requests.filter(isTitleRequest).length);
    expect(of('chat')).toHaveLength(prompts.length);
    for (const r of [...of('toc'), ...of('title'), ...of('chat')]) {
      expect(r).toMatchObject({ engine: 'llm', fallbackReason: null, imageCount: 0, imageBytes: 0 });
      expect(r.included.some((i) => i.tier === 'conversation' && i.tokens > 0)).toBe(true);
      expect(r.tokens.conversation).toBe(r.included.filter((i) => i.tier === 'conversation').reduce((sum, i) => sum + i.tokens, 0));
    }
    expect(of('toc').map((r) => r.included[0]!.label)).toEqual(expect.arrayContaining(['turn 1', 'turn 7']));
    expect(of('chat')[0]!.included.map((i) => i.label)).toEqual(expect.arrayContaining(['12 earlier messages', 'the question']));

    // After a pause, the next message carries the [RESUMED CONVERSATION] block to the model, once.
    core.sessions.pause(session.id);
    await core.sessions.send(session.id, 'Where were we with the budget?');
    await core.sessions.send(session.id, 'And the travel line?');
    const [resumed, after] = fake.requests.filter((r) => !isTitleRequest(r) && !isTocRequest(r) && r.body.stream).slice(-2);
    expect(observedBlockOf(resumed!.body)).toMatch(
      /\[RESUMED CONVERSATION\][\s\S]*Messages: 7 exchanges[\s\S]*Status before resuming: paused/,
    );
    expect(allText(resumed!.body).match(/\[RESUMED CONVERSATION\]/g)).toHaveLength(1);
    expect(allText(after!.body)).not.toContain('[RESUMED CONVERSATION]');
  });

  it('falls back to extractive TOC lines when the model fails, and keeps the reply the user saw', async () => {
    fake.respondWith((request) =>
      isTocRequest(request) || isTitleRequest(request) ? { kind: 'error', status: 400, message: 'model overloaded' } : respond(request),
    );
    const session = core.sessions.create({ type: 'support', tools: [] });
    const prompt = 'Customer says the export button is greyed out\nsecond line with details';
    const { turn } = await core.sessions.send(session.id, prompt);
    await core.sessions.idle();
    expect(core.sessions.toc(session.id).entries[0]).toMatchObject({
      summary: extractiveSummary(prompt, turn.reply),
      summarySource: 'extractive',
    });
    expect(core.sessions.toc(session.id).entries[0]!.summary).toBe('Customer says the export button is greyed out');
    // The failed call has its receipt too: answered offline, and why.
    const failed = core.memory.repositories.receipts.list(20).find((r) => r.purpose === 'toc')!;
    expect(failed).toMatchObject({ engine: 'offline' });
    expect(failed.fallbackReason).toMatch(/HTTP 400/);

    fake.respondWith((request) =>
      isTocRequest(request) || isTitleRequest(request)
        ? { kind: 'error', status: 400, message: 'model overloaded' }
        : { text: 'This reply will break off after a few words for sure', breakAfterChunks: 3 },
    );
    const deltas: string[] = [];
    const broken = await core.sessions.send(session.id, 'How long was I in Excel today?', (d) => deltas.push(d));
    // What arrived is kept, marked interrupted with the reason; no offline answer is glued to it.
    expect(broken.turn).toMatchObject({ engine: 'llm', status: 'interrupted' });
    expect(broken.turn.interruptedReason).toBeTruthy();
    expect(broken.turn.reply).toBe(deltas.join(''));
    expect(broken.turn.reply).toMatch(/^This reply will /);
    expect(broken.turn.reply).not.toMatch(/no activity recorded today/);
    expect(core.sessions.get(session.id).turnCount).toBe(2);
    await core.sessions.idle();
    expect(core.sessions.toc(session.id).entries[1]).toMatchObject({
      summary: 'How long was I in Excel today?',
      summarySource: 'extractive',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { tokenCount } from '../../src/core/llm/tokens';
import { RECALL_CONTEXT_TOKENS } from '../../src/core/sessions/reply-streamer';
import { databaseOf, createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { formatDuration } from '../../src/shared/format-duration';
import { DemoDayOracle } from '../fixtures/demo-day-oracle';
import { demoReplayOptions, replayDemoDayForRecall } from '../fixtures/recall-replay';
import { observedBlockOf, startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

let home: TempShadowHome;
let fake: FakeOpenAiServer;
let core: ShadowCore;

const isChat = (r: RecordedRequest): boolean => r.body.stream === true;
/** What the chat request carried as observed data (its block in the user message). */
const observedText = (r: RecordedRequest): string => observedBlockOf(r.body);
const evidenceTier = (observed: string): string =>
  observed.slice(observed.indexOf('Evidence from the screen and memory')).split('\n\n')[0]!;

beforeAll(async () => {
  home = createTempShadowHome();
  // The day is observed offline, then the profile is opened with a model on the replayed day's clock.
  const observing = createShadowCore({ env: {}, paths: home.paths, ...demoReplayOptions });
  await replayDemoDayForRecall(observing);
  const end = observing.clock.now();
  observing.close();
  fake = await startFakeOpenAiServer(() => ({ text: 'Acme Supplies sent it: the mail “Invoice 4471 from Acme Supplies”.' }));
  core = createShadowCore({
    paths: home.paths,
    clock: new ManualClock(end),
    settings: { ocrEnabled: false },
    env: { OPENAI_BASE_URL: fake.baseUrl, SHADOW_LLM_MODEL: 'fake-model' },
  });
}, 120_000);

afterAll(async () => {
  core?.close();
  await fake?.close();
  home?.remove();
});

describe('recall with a model configured', () => {
  it('gives the model the evidence retrieved for the question, within its budget, and keeps it with the reply', async () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await core.sessions.send(session.id, 'who sent me invoice 4471?');
    expect(turn.engine).toBe('llm');
    const request = fake.requests.filter(isChat).at(-1)!;
    const tier = evidenceTier(observedText(request));
    expect(tier).toContain('Invoice 4471 from Acme Supplies');
    expect(tier).toContain('From: billing@acmesupplies.example');
    expect(tokenCount(tier)).toBeLessThanOrEqual(RECALL_CONTEXT_TOKENS);
    // What the reply rests on is what the model was given, openable moment by moment.
    expect(turn.evidence.length).toBeGreaterThan(2);
    for (const e of turn.evidence) expect(tier).toContain(e.windowTitle ?? e.snippet.slice(0, 20));
    expect(turn.evidence.some((e) => e.source === 'screen_text' && e.open.screenTextId !== null)).toBe(true);
    expect(core.sessions.turn(session.id, 1).turn.evidence).toEqual(turn.evidence);
  });

  it('gives the model the day’s app and window times after the day ended, so it has the figure the offline answer gives', async () => {
    const question = 'how long was I in the ledger today?';
    const offline = core.recall.answer(question, core.clock.now()).markdown;
    const figure = /You spent (\d+h \d+m|\d+m) in/.exec(offline)?.[1];
    expect(figure).toBe(formatDuration(new DemoDayOracle().appSeconds(new DemoDayOracle().day, (s) => s.title.includes('Ledger 2026'))));
    const session = core.sessions.create({ type: 'chat', tools: [] });
    await core.sessions.send(session.id, question);
    const observed = observedText(fake.requests.filter(isChat).at(-1)!);
    expect(observed).toContain('Not observing now (stopped).');
    expect(observed).toMatch(
      new RegExp(`App and window time today[^\n]*\n(- .*\n)*- Microsoft Excel [^\n]*“Ledger 2026\\.xlsx - Excel” ${figure}`),
    );
    // Within the same 600-token tier as the evidence, and counted on the receipt as evidence.
    const tier = observed.slice(observed.indexOf('App and window time today'), observed.lastIndexOf('</observed_screen_data>'));
    expect(tokenCount(tier)).toBeLessThanOrEqual(RECALL_CONTEXT_TOKENS);
    await core.sessions.idle();
    const receipt = core.memory.repositories.receipts.list(50).find((r) => r.purpose === 'chat')!;
    expect(receipt.included.map((i) => i.label)).toContain('app and window time of the day asked about');
    expect(receipt.tokens.evidence).toBeGreaterThan(0);
    expect(receipt.tokens.evidence).toBeLessThanOrEqual(RECALL_CONTEXT_TOKENS);
  });

  it('answers offline with the offline answer’s evidence when the model fails', async () => {
    await core.sessions.idle();
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 500 })));
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await core.sessions.send(session.id, 'what was the total on the Acme invoice?');
    expect(turn.engine).toBe('offline');
    expect(turn.reply).toContain('**12,480.00**');
    expect(turn.evidence[0]).toMatchObject({ source: 'screen_text', app: 'Adobe Acrobat Reader' });
  });

  it('exports the evidence with the conversation and imports it back', async () => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    await core.sessions.send(session.id, 'when did I see invoice 4471?');
    const exported = core.sessions.export(session.id);
    const before = core.sessions.turn(session.id, 1).turn.evidence;
    databaseOf(core).prepare('DELETE FROM sessions WHERE id = ?').run(session.id);
    core.sessions.import(exported.files);
    expect(core.sessions.turn(session.id, 1).turn.evidence).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});

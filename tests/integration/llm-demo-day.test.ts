import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import { TOKEN_BUDGETS } from '../../src/core/memory/llm-context-assembly';
import { PREVIOUS_SUMMARY_TOKENS } from '../../src/core/memory/work-session-digest';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import type { ContextReceipt, Task } from '../../src/shared/contract/memory';
import { formatClockTime } from '../../src/shared/format-clock-time';
import { DemoDayOracle } from '../fixtures/demo-day-oracle';
import { demoDayCoreWithModel, demoReplayOptions, replayDemoDayForRecall } from '../fixtures/recall-replay';
import { imageUrls, lastUserText, startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server';
import { clock24, purposeOfRequest, scriptedModel, tasksInRequest } from '../helpers/scripted-model';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * The LLM path over the demo day (issue 18), against a scripted OpenAI-compatible server: the summary
 * chain, screen text in prompts, lean vision, and a receipt for every call. The day is replayed once,
 * with a question asked after it ended; the tests read what that run produced.
 */

const oracle = new DemoDayOracle();
let home: TempShadowHome;
let fake: FakeOpenAiServer;
let core: ShadowCore;
let tasks: Task[];
let receipts: ContextReceipt[];
const framesKept: Array<{ at: number; hash: string }> = [];

const decoded = (url: string): Buffer => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
const requestsFor = (purpose: string): RecordedRequest[] => fake.requests.filter((r) => purposeOfRequest(r) === purpose);
/** The receipts of one purpose's calls, oldest first: the calls were made one after another, so they pair with the requests. */
const receiptsFor = (purpose: string): ContextReceipt[] => receipts.filter((r) => r.purpose === purpose);
const taskAt = (ms: number): Task | undefined =>
  tasks.find((t) => Date.parse(t.startedAt) <= ms && (t.endedAt === null || ms < Date.parse(t.endedAt)));

beforeAll(async () => {
  fake = await startFakeOpenAiServer(scriptedModel);
  home = createTempShadowHome();
  core = demoDayCoreWithModel(home.paths, fake.baseUrl);
  core.events.on('frame:kept', ({ frame }) => framesKept.push({ at: frame.at, hash: frame.hash }));
  await replayDemoDayForRecall(core);
  // After the day ended (capture stopped, its frames still in memory): a question in the chat.
  const session = core.sessions.create({ type: 'chat', tools: [] });
  await core.sessions.send(session.id, 'how long was I in the ledger today?');
  await core.sessions.idle();
  const [ws] = core.activity.listWorkSessions(1);
  tasks = core.memory.workSessionDetail(ws!.id)!.tasks;
  receipts = core.memory.repositories.receipts.list(2000).reverse();
}, 120_000);

afterAll(async () => {
  core?.close();
  await fake?.close();
  home?.remove();
});

describe('the LLM path over the demo day', () => {
  it('writes each summary from the previous one and what happened since, so the final one covers the whole work session', () => {
    const requests = requestsFor('summary');
    const summaryReceipts = receiptsFor('summary');
    expect(requests.length).toBeGreaterThanOrEqual(30);
    expect(summaryReceipts).toHaveLength(requests.length);
    for (const [i, receipt] of summaryReceipts.entries()) {
      expect(receipt.tokens.session).toBeLessThanOrEqual(TOKEN_BUDGETS.workSession);
      if (i === 0) continue;
      // The previous summary is never crowded out: it has its reserved share of the work-session tier.
      const previous = receipt.included.find((item) => item.tier === 'session' && item.label.startsWith('summary '));
      expect(previous, `summary call ${i} at ${receipt.at}`).toBeDefined();
      expect(previous!.tokens).toBeLessThanOrEqual(PREVIOUS_SUMMARY_TOKENS);
      expect(receipt.dropped.some((d) => d.label.startsWith('summary '))).toBe(false);
      expect(lastUserText(requests[i]!.body)).toContain('Summary up to');
    }
    // The final summary's request carries the morning: every task of the day, by its name and start.
    const final = lastUserText(requests.at(-1)!.body);
    expect(final).toContain('The work session has ended');
    const known = tasksInRequest(final);
    for (const t of tasks) expect(known.get(t.name), `${t.name} at ${t.startedAt}`).toContain(clock24(formatClockTime(t.startedAt)));
    expect(final).toContain(`Inbox - dana@example.com (Microsoft Outlook) at ${clock24(formatClockTime(oracle.startMs))}`);
    const stored = core.memory.repositories.summaries.finalSummaries(1)[0]!;
    expect(stored).toMatchObject({ kind: 'final', engine: 'llm' });
    expect(stored.text).toContain(
      `Q3 Budget.xlsx (Microsoft Excel) at ${clock24(formatClockTime(oracle.opened('Q3 Budget.xlsx - Excel').first))}`,
    );
  });

  it('gives the prompts the text read on screen, never a private window’s (the user’s own words may name it)', () => {
    const withScreenText = fake.requests.filter((r) =>
      /On screen at [^\n]*“Ledger 2026\.xlsx - Excel”: [^\n]*Accounts payable ledger - March 2026/.test(lastUserText(r.body)),
    );
    expect(withScreenText.length).toBeGreaterThanOrEqual(3);
    expect(requestsFor('summary').filter((r) => lastUserText(r.body).includes('On screen at')).length).toBeGreaterThanOrEqual(20);
    expect(requestsFor('theory').filter((r) => lastUserText(r.body).includes('On screen at')).length).toBeGreaterThanOrEqual(50);
    for (const r of fake.requests) expect(JSON.stringify(r.body)).not.toMatch(/Private vault|one-time code|512 804/);
  });

  it('refreshes the task theory at each new task, and within one task at most once a minute however often the app switches', () => {
    const theory = requestsFor('theory');
    const at = receiptsFor('theory').map((r) => Date.parse(r.at));
    const currentTask = (r: RecordedRequest): string | null => /Current task since [^\n]*? —/.exec(lastUserText(r.body))?.[0] ?? null;
    let sameTask = 0;
    for (let i = 1; i < theory.length; i++) {
      if (currentTask(theory[i]!) !== currentTask(theory[i - 1]!)) continue;
      sameTask++;
      expect(at[i]! - at[i - 1]!, `two theories of one task at ${receiptsFor('theory')[i]!.at}`).toBeGreaterThanOrEqual(60_000);
    }
    expect(sameTask).toBeGreaterThan(10);
    // The demo day switches apps inside its tasks (mail while budgeting): fewer theories than kept frames.
    expect(theory.length).toBeLessThan(framesKept.length * 0.8);
  });

  it('sends only distinct pictures of the current task, downscaled, each once per task, none once capture stopped', async () => {
    const theory = requestsFor('theory');
    const theoryReceipts = receiptsFor('theory');
    expect(theoryReceipts).toHaveLength(theory.length);
    const sentPerTask = new Map<Task | undefined, Set<string>>();
    let sent = 0;
    for (const [i, request] of theory.entries()) {
      const images = imageUrls(request.body).map(decoded);
      expect(images.length).toBeLessThanOrEqual(3);
      expect(theoryReceipts[i]!.imageCount).toBe(images.length);
      expect(theoryReceipts[i]!.imageBytes).toBe(images.reduce((sum, image) => sum + image.length, 0));
      const task = taskAt(Date.parse(theoryReceipts[i]!.at));
      const seen = sentPerTask.get(task) ?? new Set<string>();
      for (const image of images) {
        const digest = createHash('sha1').update(image).digest('hex');
        expect(seen.has(digest), `a picture sent twice during ${task?.name}`).toBe(false);
        seen.add(digest);
        const { width, height } = await sharp(image).metadata();
        expect(Math.max(width, height)).toBeLessThanOrEqual(1024);
      }
      sentPerTask.set(task, seen);
      sent += images.length;
    }
    // No more pictures than distinct pictures per task (the day has 9 distinct screens over 33 tasks).
    const distinctPerTask = new Map<Task | undefined, Set<string>>();
    for (const f of framesKept) distinctPerTask.set(taskAt(f.at), (distinctPerTask.get(taskAt(f.at)) ?? new Set()).add(f.hash));
    const bound = [...distinctPerTask.values()].reduce((sum, hashes) => sum + hashes.size, 0);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(bound);
    expect(sent).toBeLessThan(framesKept.length);
    // Nothing else looks at the screen; the chat after the day ended sends none of the frames still held.
    for (const purpose of ['summary', 'question', 'chat', 'toc', 'title'])
      for (const r of requestsFor(purpose)) expect(imageUrls(r.body)).toEqual([]);
    expect(
      receiptsFor('chat')[0]!
        .dropped.filter((d) => d.tier === 'immediate')
        .map((d) => d.reason),
    ).toContain('capture is not observing');
    // The privacy report counts what went, in images and bytes.
    const report = await callOperation(createHandlers(core), 'privacyReport', {
      date: new Date(oracle.startMs).toISOString().slice(0, 10),
    });
    const bytes = fake.requests.flatMap((r) => imageUrls(r.body).map(decoded)).reduce((sum, image) => sum + image.length, 0);
    expect(report.llm).toMatchObject({ imagesSent: sent, imageBytes: bytes });
  });

  it('leaves a receipt for every call, in one engine vocabulary', () => {
    expect(receipts).toHaveLength(fake.requests.length);
    expect(new Set(receipts.map((r) => r.purpose))).toEqual(new Set(['theory', 'summary', 'question', 'chat', 'toc', 'title']));
    for (const r of receipts) expect(r).toMatchObject({ engine: 'llm', fallbackReason: null });
    for (const purpose of ['theory', 'summary', 'question', 'chat', 'toc', 'title'])
      expect(receiptsFor(purpose)).toHaveLength(requestsFor(purpose).length);
  });
});

describe('the LLM path over the demo day when the model fails', () => {
  let failing: { home: TempShadowHome; fake: FakeOpenAiServer; core: ShadowCore } | null = null;
  afterAll(async () => {
    failing?.core.close();
    await failing?.fake.close();
    failing?.home.remove();
  });

  it('answers offline with the reason, keeps the summary chain going through an offline summary, and keeps a broken reply', async () => {
    let summaryRequests = 0;
    const fakeServer = await startFakeOpenAiServer((request) => {
      const purpose = purposeOfRequest(request);
      // Three summary calls in a row fail (each is tried three times), the clarifying questions hang,
      // and the theory is rate limited whenever the Q3 budget is in front.
      if (purpose === 'summary' && ++summaryRequests > 9 && summaryRequests <= 18) return { kind: 'error', status: 500, message: 'boom' };
      if (purpose === 'question') return { kind: 'hang' };
      if (purpose === 'theory' && lastUserText(request.body).includes('Active window: Microsoft Excel — “Q3 Budget.xlsx - Excel”'))
        return { kind: 'error', status: 429 };
      return scriptedModel(request);
    });
    const tempHome = createTempShadowHome();
    const c = createShadowCore({
      env: {},
      paths: tempHome.paths,
      ...demoReplayOptions,
      settings: { ...demoReplayOptions.settings, llm: { baseUrl: fakeServer.baseUrl, textModel: 'scripted-text', timeoutMs: 1500 } },
    });
    failing = { home: tempHome, fake: fakeServer, core: c };
    await replayDemoDayForRecall(c);

    const [ws] = c.activity.listWorkSessions(1);
    const detail = c.memory.workSessionDetail(ws!.id)!;
    const offline = detail.summaries.filter((s) => s.engine === 'offline');
    expect(offline).toHaveLength(3);
    for (const s of offline) expect(s.fallbackReason).toMatch(/HTTP 500.*after 3 attempts/);
    expect(detail.theory).not.toBeNull();
    const theories = c.memory.repositories.receipts.list(500, ws!.id).filter((r) => r.purpose === 'theory');
    expect(theories.some((r) => r.engine === 'offline' && /HTTP 429/.test(r.fallbackReason ?? ''))).toBe(true);
    expect(detail.questions.length).toBeGreaterThanOrEqual(1);
    for (const q of detail.questions) expect(q.engine).toBe('offline');
    expect(c.memory.pipeline.health().errors).toBe(0);

    // The next summary the model wrote was given the offline one, whole, as the summary so far.
    const summaryCalls = fakeServer.requests.filter((r) => purposeOfRequest(r) === 'summary');
    const afterFailure = lastUserText(summaryCalls[18]!.body);
    expect(afterFailure).toContain(`Summary up to ${formatClockTime(offline.at(-1)!.at)}: ${offline.at(-1)!.text.split('\n')[0]}`);
    // And the final one still names the whole day, from its first task on.
    const final = lastUserText(summaryCalls.at(-1)!.body);
    for (const name of new Set(detail.tasks.map((t) => t.name))) expect(final).toContain(name);
    expect(final).toContain(`at ${clock24(formatClockTime(oracle.startMs))}`);
    expect(detail.summaries.at(-1)).toMatchObject({ kind: 'final', engine: 'llm' });

    // A reply whose stream breaks keeps what arrived, marked interrupted; its receipt says why.
    fakeServer.enqueue({ text: 'You were in the ledger for most of the afternoon, and then', breakAfterChunks: 4 });
    const session = c.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await c.sessions.send(session.id, 'what did I do this afternoon?');
    expect(turn).toMatchObject({ engine: 'llm', status: 'interrupted', reply: 'You were in the ' });
    expect(turn.interruptedReason).toBeTruthy();
    const chatReceipt = c.memory.repositories.receipts.list(20).find((r) => r.purpose === 'chat')!;
    expect(chatReceipt).toMatchObject({ engine: 'llm' });
    expect(chatReceipt.fallbackReason).toMatch(/partial reply was kept/);
  }, 120_000);
});

import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_BUDGETS } from '../../src/core/memory/llm-context-assembly';
import { tokenCount } from '../../src/core/llm/tokens';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import {
  allText,
  imageUrls,
  lastUserText,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type FakeReply,
} from '../helpers/fake-openai-server';
import { replayWithMemory } from '../helpers/memory-replay';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay, type TinyDaySegment } from '../helpers/tiny-day';

/** Reconciling: the ledger and the bank portal back and forth, then an invoice PDF and the inbox. */
const SEGMENTS: TinyDaySegment[] = [
  ...Array.from({ length: 4 }, (): TinyDaySegment[] => [
    { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 50, text: ['Ledger 2026', 'Acme Supplies 1,250.00'] },
    {
      app: 'Google Chrome',
      title: 'Northwind Bank — Business Portal - Google Chrome',
      seconds: 40,
      text: ['Northwind Bank', 'ACH ACME 1,250.00'],
    },
  ]).flat(),
  { app: 'Adobe Acrobat Reader', title: 'Invoice-4471.pdf - Adobe Acrobat Reader', seconds: 150, text: ['INVOICE 4471', 'Acme Supplies'] },
  // Excluded by the default rules: it must never reach the LLM.
  { app: '1Password', title: '1Password — Private vault', seconds: 30, text: ['Private vault'] },
  { app: 'Microsoft Outlook', title: 'Inbox - dana@example.com - Outlook', seconds: 200, text: ['Inbox'] },
];

let home: TempShadowHome | undefined;
let core: ShadowCore | undefined;
let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  core?.close();
  core = undefined;
  home?.remove();
  home = undefined;
  await server?.close();
  server = undefined;
});

async function run(
  respond: (body: FakeOpenAiServer['requests'][number]) => FakeReply,
  timeoutMs = 2000,
): Promise<{ core: ShadowCore; server: FakeOpenAiServer }> {
  server = await startFakeOpenAiServer(respond);
  home = createTempShadowHome();
  const day = await writeTinyDay(SEGMENTS);
  core = createShadowCore({
    paths: home.paths,
    replayDir: day,
    env: {},
    settings: {
      pollIntervalMs: 1000,
      ocrEnabled: false,
      questionMinIntervalMin: 1,
      llm: { baseUrl: server.baseUrl, textModel: 'fake-text', visionModel: 'fake-vision', timeoutMs },
    },
  });
  await core.memory.interview.saveAnswers({
    role: 'Accounts payable specialist at Contoso',
    systems: 'Excel, Northwind Bank portal, Outlook',
  });
  framesKept = 0;
  core.events.on('frame:kept', () => framesKept++);
  await replayWithMemory(core);
  return { core, server };
}

let framesKept = 0;

function purposeOf(system: string): string {
  if (system.includes('onboarding interview')) return 'interview';
  if (system.includes('clarifying question')) return 'question';
  if (system.includes('running record')) return 'summary';
  return 'theory';
}

describe('memory through an OpenAI-compatible endpoint', () => {
  it('sends the assembled context and the frames as images, and stores the replies with their receipts', async () => {
    const { core, server } = await run((req) => {
      const purpose = purposeOf(String(req.body.messages[0]?.content));
      if (purpose === 'question') return { text: 'What are you matching between the ledger and the bank portal?' };
      if (purpose === 'summary') return { text: 'LLM summary: reconciling Ledger 2026.xlsx against the Northwind Bank portal.' };
      if (purpose === 'interview') return { text: 'Dana is an accounts payable specialist at Contoso using Excel and the bank portal.' };
      return { text: 'LLM theory: matching bank transactions to the ledger.' };
    });
    const memoryCalls = server.requests.filter((r) => purposeOf(String(r.body.messages[0]?.content)) !== 'interview');
    expect(memoryCalls.length).toBeGreaterThanOrEqual(5);
    const sentImages: Buffer[] = [];
    for (const req of memoryCalls) {
      const user = lastUserText(req.body);
      expect(user).toContain('## Now');
      // While observing, the immediate tier names the window; the final summary comes after capture stopped.
      if (!user.includes('The work session has ended')) {
        expect(user).toMatch(/Active window: (Microsoft Excel|Google Chrome|Adobe Acrobat Reader|Microsoft Outlook)/);
      }
      expect(user).toContain('## About the user (onboarding interview)');
      expect(user).toContain('accounts payable specialist at Contoso');
      // The text is the assembled context: within the total budget by the real tokenizer.
      expect(tokenCount(user)).toBeLessThanOrEqual(TOKEN_BUDGETS.totalText + 40);
      const images = imageUrls(req.body).map((url) => {
        expect(url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
        return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
      });
      // Only the theory looks at the screen; summaries and questions read the text record with the text model.
      if (purposeOf(String(req.body.messages[0]?.content)) !== 'theory') expect(images).toEqual([]);
      expect(req.body.model).toBe(images.length > 0 ? 'fake-vision' : 'fake-text');
      expect(images.length).toBeLessThanOrEqual(3);
      sentImages.push(...images);
    }
    // Lean vision: every picture downscaled to 1024 px at most, and sent no more often than frames were kept.
    expect(sentImages.length).toBeGreaterThanOrEqual(1);
    for (const image of sentImages) {
      const { width, height } = await sharp(image).metadata();
      expect(Math.max(width, height)).toBe(1024);
    }
    expect(sentImages.length).toBeLessThanOrEqual(framesKept);
    expect(memoryCalls.some((r) => allText(r.body).includes('## This work session'))).toBe(true);
    for (const req of server.requests) expect(JSON.stringify(req.body)).not.toMatch(/1Password|Private vault/);

    const [ws] = core.activity.listWorkSessions(1);
    const detail = core.memory.workSessionDetail(ws!.id)!;
    expect(detail.theory).toMatchObject({ engine: 'llm', text: 'LLM theory: matching bank transactions to the ledger.' });
    expect(detail.summaries.at(-1)).toMatchObject({ kind: 'final', engine: 'llm' });
    expect(detail.questions.map((q) => q.text)).toContain('What are you matching between the ledger and the bank portal?');
    const receipts = core.memory.repositories.receipts.list(100, ws!.id).reverse();
    expect(receipts).toHaveLength(memoryCalls.length);
    for (const [i, r] of receipts.entries()) {
      expect(r.engine).toBe('llm');
      // Each receipt says how many images its call sent and what they weighed, as sent.
      const images = imageUrls(memoryCalls[i]!.body);
      expect(r.imageCount).toBe(images.length);
      expect(r.imageBytes).toBe(images.reduce((sum, url) => sum + Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').length, 0));
      expect(r.tokens.total).toBeLessThanOrEqual(TOKEN_BUDGETS.totalText);
      expect(r.included.some((i) => i.tier === 'baseline')).toBe(true);
    }
    expect(core.memory.interview.view().summary).toMatchObject({ engine: 'llm' });
  }, 60_000);

  const failures: Array<[string, FakeReply, RegExp]> = [
    ['429', { kind: 'error', status: 429, message: 'rate limited' }, /429/],
    ['500', { kind: 'error', status: 500, message: 'boom' }, /500/],
    ['a timeout', { kind: 'hang' }, /timeout/],
  ];
  it.each(failures)(
    'falls back to the offline engine on %s and loses nothing observed',
    async (_name, reply, reason) => {
      const { core, server } = await run(() => reply, 250);
      expect(server.requests.length).toBeGreaterThan(0);
      const [ws] = core.activity.listWorkSessions(1);
      const detail = core.memory.workSessionDetail(ws!.id)!;
      // What was observed is all there: app time, tasks, summaries, the question, each from the offline engine.
      expect(detail.appTime.apps.map((a) => a.app).sort()).toEqual([
        'Adobe Acrobat Reader',
        'Google Chrome',
        'Microsoft Excel',
        'Microsoft Outlook',
      ]);
      expect(detail.activeSeconds).toBeGreaterThan(700);
      expect(detail.tasks.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Ledger 2026.xlsx (Microsoft Excel)', 'Invoice-4471.pdf (Adobe Acrobat Reader)']),
      );
      expect(detail.summaries.length).toBeGreaterThanOrEqual(2);
      for (const s of detail.summaries) {
        expect(s.engine).toBe('offline');
        expect(s.fallbackReason).toMatch(reason);
      }
      expect(detail.summaries.at(-1)!.text).toContain('Ledger 2026.xlsx');
      expect(detail.theory).toMatchObject({ engine: 'offline' });
      expect(detail.theory!.fallbackReason).toMatch(reason);
      expect(detail.questions.length).toBeGreaterThanOrEqual(1);
      expect(detail.questions[0]!.text).toMatch(/Ledger 2026\.xlsx|Northwind Bank/);
      for (const r of core.memory.repositories.receipts.list(100, ws!.id)) {
        expect(r.engine).toBe('offline');
        expect(r.fallbackReason).toMatch(reason);
      }
      expect(core.memory.pipeline.health().errors).toBe(0);
    },
    90_000,
  );
});

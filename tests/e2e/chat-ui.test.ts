import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, Toc } from '../../src/shared/contract/sessions';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { spawnShadow, TEST_API_TOKEN } from '../helpers/shadow-process';
import { waitFor } from '../helpers/wait';
import { demoDay, openWebUi, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * The chat in web mode, in Chromium: conversations, streaming replies, the table of contents,
 * search in a conversation, save-and-pause, and the resume dialog.
 */

/** An answered interview question keeps the first-run wizard out of the way of these tests. */
async function skipOnboarding(ui: WebUi): Promise<void> {
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Accounts payable clerk' } });
}

async function openChat(ui: WebUi): Promise<Page> {
  const page = await ui.newPage();
  await page.goto(ui.uiUrl);
  await page.getByTestId('nav-chat').click();
  return page;
}

async function sendFromComposer(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

/** Turn numbers and replies shown, once no reply is streaming. */
async function shownTurns(page: Page): Promise<Array<[number, string]>> {
  return page
    .getByTestId('turn')
    .evaluateAll((items) =>
      items.map((li) => [Number(li.getAttribute('data-turn')), li.querySelector('[data-testid="turn-reply"]')?.textContent ?? '']),
    );
}

describe('chat with the offline engine, over the demo day', () => {
  const web = webUiForSuite(['--replay', demoDay, '--speed', '2000']);
  let ui: WebUi;

  beforeAll(async () => {
    ui = web();
    await skipOnboarding(ui);
    // Wait until the day has been replayed far enough to answer from (Excel time, invoice 4471 on screen).
    await waitFor(() => ui.shadow.get<{ capture: { framesCaptured: number } }>('/health'), {
      what: 'ten frames of the demo day replayed',
      until: (health) => health.capture.framesCaptured >= 10,
      timeoutMs: 30_000,
      intervalMs: 200,
    });
  }, 60_000);

  it('answers from memory, lists the turns in the TOC, finds a word, pauses and resumes through the dialog', async () => {
    const page = await openChat(ui);

    // A new chat starts with its first message; the answer comes from the observed day.
    expect(await page.getByTestId('llm-state').textContent()).toBe('answers from memory (no model)');
    await sendFromComposer(page, 'How long was I in Excel today?');
    await expect.poll(() => shownTurns(page), { timeout: 15_000 }).toEqual([[1, expect.stringMatching(/in Microsoft Excel today/)]]);
    const sessionId = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;
    expect(sessionId).toMatch(/^ses_/);

    await sendFromComposer(page, 'When did I see the reconciliation spreadsheet?');
    await expect.poll(async () => (await shownTurns(page)).length, { timeout: 15_000 }).toBe(2);
    await sendFromComposer(page, 'Draft a note to Dana about the vendor payment run');
    await expect.poll(async () => (await shownTurns(page)).length, { timeout: 15_000 }).toBe(3);

    // The table of contents: a line per turn, the same lines the API gives.
    const toc = page.getByTestId('toc-entry');
    await expect.poll(() => toc.count(), { timeout: 15_000 }).toBe(3);
    const api = await ui.shadow.get<Toc>(`/sessions/${sessionId}/toc`);
    await expect
      .poll(() => toc.evaluateAll((entries) => entries.map((e) => e.textContent)))
      .toEqual(api.entries.map((e) => `${e.turn}${e.summary}`));
    expect(api.entries[2]!.summary).toContain('vendor payment run');

    // Search within the conversation finds turn 3 by a word only it has.
    await page.getByTestId('session-search').fill('vendor');
    await page.getByTestId('session-search').press('Enter');
    const hits = page.getByTestId('search-hit');
    await expect.poll(() => hits.evaluateAll((items) => items.map((h) => h.getAttribute('data-turn')))).toEqual(['3']);
    expect(await hits.first().locator('mark').textContent()).toBe('vendor');
    await hits.first().click();
    await expect.poll(() => page.locator('#turn-3').getAttribute('class')).toContain('highlighted');

    // Save and pause.
    await page.getByTestId('session-pause').click();
    await expect.poll(() => page.getByTestId('session-status').getAttribute('data-status')).toBe('paused');
    expect((await ui.shadow.get<Session>(`/sessions/${sessionId}`)).status).toBe('paused');

    // The resume dialog finds it by a misspelt word of its title and brings it back with the resume block.
    const title = (await ui.shadow.get<Session>(`/sessions/${sessionId}`)).title;
    const word = title.split(/\s+/).find((w) => w.length >= 5) ?? title;
    await page.getByTestId('new-session').click();
    await page.getByTestId('open-resume').click();
    await page.getByTestId('resume-search').fill(`${word.slice(0, -1)}x`);
    const items = page.getByTestId('resume-item');
    await expect.poll(() => items.first().getAttribute('data-session-id')).toBe(sessionId);
    await items.first().click();
    await expect.poll(() => page.getByTestId('resume-dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('session-status').getAttribute('data-status')).toBe('active');
    // The conversation's turns load after its status: wait for them rather than read them at once.
    await expect.poll(() => shownTurns(page), { timeout: 15_000 }).toHaveLength(3);
    const block = await page.getByTestId('resume-block').textContent();
    expect(block).toContain('[RESUMED CONVERSATION]');
    expect(block).toContain(title);

    // "Let's stop here" asks first; "Yes, pause" pauses.
    await sendFromComposer(page, "Let's stop here for today");
    await page.getByTestId('pause-confirm').getByRole('button').click();
    await expect.poll(() => page.getByTestId('session-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('paused');
    await expect.poll(async () => (await shownTurns(page)).map(([n]) => n), { timeout: 15_000 }).toEqual([1, 2, 3, 4, 5]);

    // A reload comes back to the same conversation.
    await page.reload();
    await page.getByTestId('nav-chat').click();
    await expect.poll(() => shownTurns(page).then((t) => t.length), { timeout: 15_000 }).toBe(5);
    expect(await page.getByTestId('session-item').first().getAttribute('class')).toContain('selected');
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('shows the newest 20 turns of a long conversation and jumps to an early one from the TOC', async () => {
    const session = await ui.shadow.post<Session>('/sessions', { title: 'Long ledger review' });
    for (let n = 1; n <= 26; n++)
      await ui.shadow.post(`/sessions/${session.id}/messages`, { content: `Checkpoint number ${n} of the ledger review` });
    const page = await openChat(ui);
    await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
    await expect
      .poll(async () => (await shownTurns(page)).map(([n]) => n), { timeout: 15_000 })
      .toEqual(Array.from({ length: 20 }, (_, i) => i + 7));
    expect(await page.getByTestId('load-earlier').textContent()).toContain('6 more');

    await page.locator('[data-testid="toc-entry"][data-turn="2"]').click();
    await expect.poll(async () => (await shownTurns(page)).map(([n]) => n)).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
    await expect.poll(() => page.locator('#turn-2').getAttribute('class')).toContain('highlighted');
    expect(await page.locator('#turn-2 .bubble.user').textContent()).toBe('Checkpoint number 2 of the ledger review');
    await page.getByTestId('load-earlier').click();
    await expect.poll(async () => (await shownTurns(page)).length).toBe(26);
    expect(await page.getByTestId('load-earlier').count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('`shadow resume` resumes in the running app and prints a link that opens the window at the conversation', async () => {
    const session = await ui.shadow.post<Session>('/sessions', { title: 'Vendor statement questions' });
    await ui.shadow.post(`/sessions/${session.id}/messages`, { content: 'Which vendor statements are still open?' });
    // What the assistant showed in that turn: a command's output and an image (a 2×1 PNG).
    await ui.shadow.post(`/sessions/${session.id}/outputs`, {
      kind: 'command',
      content: 'ACME-0042  open  1,200.00',
      metadata: { command: 'ledger open-statements', exitCode: 0 },
      turn: 1,
    });
    await ui.shadow.post(`/sessions/${session.id}/outputs`, {
      kind: 'image',
      encoding: 'base64',
      mimeType: 'image/png',
      content: 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAHAAE2Pue9AAAAAElFTkSuQmCC',
      metadata: { title: 'Statement chart' },
      turn: 1,
    });
    await ui.shadow.post(`/sessions/${session.id}/pause`);
    const cli = spawnShadow(['resume', session.id], { ...ui.home.env, SHADOW_API_TOKEN: TEST_API_TOKEN });
    let printed = '';
    cli.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    cli.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    expect(await new Promise((resolve) => cli.once('exit', resolve)), printed).toBe(0);
    expect(printed).toContain('[RESUMED CONVERSATION]');
    expect((await ui.shadow.get<Session>(`/sessions/${session.id}`)).status).toBe('active');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+&session=ses_\S+)/.exec(printed)?.[1];
    expect(link, printed).toBeDefined();

    const page = await ui.newPage();
    await page.goto(link!);
    await expect.poll(() => page.getByTestId('session-title').textContent(), { timeout: 15_000 }).toBe(session.title);
    await expect.poll(() => shownTurns(page)).toEqual([[1, expect.any(String)]]);
    expect(await page.locator('[data-testid="session-item"].selected').getAttribute('data-session-id')).toBe(session.id);

    // The turn's outputs come back with it, their content loaded when opened.
    const cards = page.locator('#turn-1 [data-testid="output-card"]');
    await expect.poll(() => cards.count()).toBe(2);
    await cards.nth(0).locator('summary').click();
    expect(await cards.nth(0).locator('summary').textContent()).toContain('$ ledger open-statements (exit 0)');
    await expect.poll(() => cards.nth(0).locator('pre').textContent()).toBe('ACME-0042  open  1,200.00');
    await cards.nth(1).locator('summary').click();
    await expect
      .poll(() =>
        cards
          .nth(1)
          .locator('img')
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(2);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('chat with an OpenAI-compatible model', () => {
  let fake: FakeOpenAiServer;
  let ui: WebUi;
  const answer = 'The ledger and the bank statement agree except for invoice 4471, which was paid twice on Tuesday.';

  beforeAll(async () => {
    // Chat replies stream slowly enough to watch; TOC lines and titles answer at once.
    fake = await startFakeOpenAiServer((request) =>
      request.body.stream ? { text: answer, chunkDelayMs: 120 } : { text: 'Ledger versus bank statement' },
    );
    ui = await openWebUi([], (home) => {
      Object.assign(home.env, { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key', SHADOW_LLM_MODEL: 'fake-model' });
    });
    await skipOnboarding(ui);
  }, 300_000);

  afterAll(async () => {
    await ui?.close();
    await fake?.close();
  });

  it('shows the reply growing as it streams, then the stored turn', async () => {
    const page = await openChat(ui);
    await sendFromComposer(page, 'Does the ledger match the bank statement?');
    const live = page.getByTestId('live-reply');
    // Part of the reply is on screen while the rest is still coming.
    const partlyShown = async (): Promise<boolean> => {
      const text = (await live.count()) ? ((await live.textContent()) ?? '') : '';
      return text.length > 0 && text.length < answer.length && answer.startsWith(text);
    };
    await expect.poll(partlyShown, { timeout: 15_000, interval: 50 }).toBe(true);
    await expect.poll(() => shownTurns(page), { timeout: 15_000 }).toEqual([[1, answer]]);
    expect(await page.getByTestId('live-turn').count()).toBe(0);
    const sessionId = (await page.getByTestId('session-item').first().getAttribute('data-session-id'))!;
    const stored = await ui.shadow.get<{ turn: { reply: string; engine: string } }>(`/sessions/${sessionId}/turns/1`);
    expect(stored.turn).toMatchObject({ reply: answer, engine: 'llm' });
    // The header says which model answers.
    expect(await page.getByTestId('llm-state').textContent()).toBe(`model fake-model at ${new URL(fake.baseUrl).host}`);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('keeps a reply that broke off, says why, and asks again on request', async () => {
    const page = await openChat(ui);
    await page.getByTestId('new-session').click();
    fake.enqueue({ text: 'The ledger shows three open items and the', breakAfterChunks: 3, chunkDelayMs: 30 });
    await sendFromComposer(page, 'What is still open in the ledger?');
    const note = page.locator('[data-testid="turn"][data-turn="1"] [data-testid="turn-note"]');
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/^reply interrupted: /);
    const sessionId = (await page.locator('[data-testid="session-item"].selected').getAttribute('data-session-id'))!;
    const stored = await ui.shadow.get<{ turn: { reply: string; status: string; engine: string } }>(`/sessions/${sessionId}/turns/1`);
    expect(stored.turn).toMatchObject({ status: 'interrupted', engine: 'llm' });
    expect(stored.turn.reply.length).toBeGreaterThan(0);
    expect('The ledger shows three open items and the'.startsWith(stored.turn.reply)).toBe(true);
    await page.getByTestId('turn-retry').click();
    await expect.poll(async () => (await shownTurns(page)).map(([n]) => n), { timeout: 15_000 }).toEqual([1, 2]);
    await expect.poll(async () => (await shownTurns(page))[1]![1], { timeout: 15_000 }).toBe(answer);
    expect(await page.getByTestId('turn-retry').count()).toBe(1);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

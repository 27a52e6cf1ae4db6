import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyStatus } from '../../src/shared/contract/index';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_IBAN } from '../helpers/secret-samples';
import { TEST_API_TOKEN } from '../helpers/shadow-process';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';
import { openWebUi, type WebUi } from '../helpers/web-ui';

/** The privacy card on Today, in web mode, after a replayed morning with secrets on screen and private windows. */
let ui: WebUi;

beforeAll(async () => {
  const day = await writeTinyDay([
    {
      app: 'Thunderbird',
      title: 'Supplier payment - Mozilla Thunderbird',
      seconds: 120,
      text: ['Invoice 4471', `Card ${SAMPLE_CARD}`, `IBAN ${SAMPLE_IBAN}`, `Key ${SAMPLE_AWS_KEY}`],
    },
    { app: '1Password', title: '1Password — Work vault', seconds: 90 },
    { app: 'Microsoft Excel', title: 'Budget 2026.xlsx - Excel', seconds: 120, text: ['Budget 2026'] },
  ]);
  ui = await openWebUi(['--replay', day]);
  // An answered interview question keeps the first-run wizard out of the way.
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Accounts payable clerk' } });
  await waitFor(() => Promise.resolve(ui.shadow.output()), {
    what: 'the replay to finish',
    until: (out) => out.includes('Replay finished'),
    timeoutMs: 60_000,
  });
  // OCR reads the last frames after the replay ends.
  await waitFor(() => ui.shadow.get<{ queued: number }>('/screen/ocr'), { what: 'OCR to catch up', until: (s) => s.queued === 0 });
  // An agent reads the day over MCP: the card names it.
  const agent = new Client({ name: 'card-agent', version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(ui.shadow.apiUrl.replace(/\/api\/v1$/, '/mcp')), {
      requestInit: { headers: { authorization: `Bearer ${TEST_API_TOKEN}` } },
    }),
  );
  await agent.callTool({ name: 'app_time', arguments: {} });
  await agent.callTool({ name: 'work_session_summary', arguments: {} });
  await agent.close();
}, 300_000);

afterAll(async () => {
  await ui?.close();
});

describe('the privacy card', () => {
  it('says where data may go, that the store is not encrypted, and what was kept private, in counts', async () => {
    // Axe needs a page of its own browser context.
    const context = await ui.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(ui.uiUrl);
    const card = page.getByTestId('privacy-card');
    await card.waitFor();
    expect(await page.getByTestId('privacy-destination').textContent()).toBe('Nothing leaves this machine.');
    const store = page.getByTestId('privacy-store');
    expect(await store.getAttribute('data-encrypted')).toBe('false');
    expect(await store.textContent()).toMatch(/^The store is not encrypted: anyone who can read .*shadow\.db can read your history/);
    expect(await page.getByTestId('privacy-excluded').textContent()).toMatch(
      /password manager 1 min 30 s|password manager 1m 30s|password manager/,
    );
    const redactions = page.getByTestId('privacy-redactions');
    await expect.poll(async () => Number(await redactions.getAttribute('data-total')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const said = (await redactions.textContent()) ?? '';
    expect(said).toMatch(/1 card number/);
    expect(said).toMatch(/1 IBAN/);
    expect(said).toMatch(/1 key or token/);
    expect(await page.getByTestId('privacy-llm').textContent()).toBe('No call to a model.');
    expect(await page.getByTestId('privacy-agents').textContent()).toMatch(
      /^card-agent: 2 calls, about [\d,]+ words \((app_time 1, work_session_summary 1|work_session_summary 1, app_time 1)\)$/,
    );
    expect(await card.textContent()).not.toMatch(/4111|DE89|AKIA/);
    const axe = await new AxeBuilder({ page }).include('[data-testid="privacy-card"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns the local-only switch off and on, saved in the profile’s settings', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const toggle = page.getByTestId('local-only');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect((await ui.shadow.get<PrivacyStatus>('/privacy/status')).localOnly).toEqual({ enabled: false, source: 'setting' });
    expect(JSON.parse(readFileSync(ui.home.paths.settings, 'utf8'))).toMatchObject({ localOnly: false });
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect((await ui.shadow.get<PrivacyStatus>('/privacy/status')).localOnly).toEqual({ enabled: true, source: 'setting' });
  });
});

import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_DATES } from '../../scripts/day/demo-week';
import { createHandlers } from '../../src/core/api/handlers';
import type { ShadowCore } from '../../src/core/shadow-core';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { replayDemoWeek } from '../fixtures/demo-week-replay';
import { truthStepOf, WEEK_TRUTH } from '../fixtures/demo-week-truth';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { ensureRendererBuilt } from '../helpers/web-ui';

/**
 * The Workflows view over the demo week (issue 28, done when): the week replayed with memory and a perfect
 * reading of its screens, the window served in web mode and read in Chromium against the week's truth
 * script — every workflow, its occurrences per day, its usual steps in order, its variants and the last
 * day's deviations.
 */
const FROM = WEEK_DATES[0];
const TO = WEEK_DATES.at(-1)!;
const TOKEN = 'workflows-week-ui-token-0123456789';

let home: TempShadowHome;
let core: ShadowCore;
let http: RunningHttpServer;
let browser: Browser;

beforeAll(async () => {
  await ensureRendererBuilt();
  home = createTempShadowHome();
  core = await replayDemoWeek(home);
  http = await startHttpServer({ core, handlers: createHandlers(core), token: TOKEN, port: 0 });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await http?.close();
  core?.close();
  home?.remove();
});

describe('the Workflows view over the demo week', () => {
  it('shows each workflow of the truth script: occurrences per day, the usual steps in order, the variants and the deviations', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${http.url}/#token=${TOKEN}`);
    await page.getByTestId('nav-workflows').click();
    await page.getByTestId('workflows-from').fill(FROM);
    await page.getByTestId('workflows-to').fill(TO);
    await page.getByTestId('workflows-apply').click();
    await page.locator(`[data-testid="workflow-card"][data-kind="${WEEK_TRUTH.workflows[0]!.kind}"]`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('workflow-card').count()).toBe(WEEK_TRUTH.workflows.length);

    for (const truth of WEEK_TRUTH.workflows) {
      const card = page.locator(`[data-testid="workflow-card"][data-kind="${truth.kind}"]`);
      const total = Object.values(truth.occurrences).reduce((a, b) => a + b, 0);
      const shown = Number(/^(\d+) times/.exec((await card.getByTestId('workflow-summary').textContent()) ?? '')?.[1]);
      expect(Math.abs(shown - total), `${truth.name}: ${shown} shown, ${total} in the script`).toBeLessThanOrEqual(1);
      const calendar = card.getByTestId('workflow-calendar');
      for (const date of WEEK_DATES) {
        const count = Number(await calendar.locator(`td[data-date="${date}"]`).getAttribute('data-count'));
        expect(Math.abs(count - truth.occurrences[date]), `${truth.name} on ${date}`).toBeLessThanOrEqual(1);
      }
      const steps = await card.getByTestId('workflow-procedure').locator('li strong').allTextContents();
      const places = await card.getByTestId('workflow-procedure').locator('li').allTextContents();
      expect(steps.map((name, i) => truthStepOf({ name, where: places[i]! }))).toEqual(truth.usual);
      const variants = await card.getByTestId('workflow-variants').locator('tbody tr').allTextContents();
      for (const variant of truth.variants)
        expect(
          variants.some((row) => row.includes(variant.words) && variant.cases.every((c) => row.includes(c))),
          `${variant.name} among ${variants.join(' | ')}`,
        ).toBe(true);
    }
    const deviations = await page.getByTestId('workflow-deviations').allTextContents();
    for (const truth of WEEK_TRUTH.lastDayDeviations) expect(deviations.join(' ')).toContain(truth.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_DAYS, writeClaimDays } from '../fixtures/claim-days';
import { waitFor } from '../helpers/wait';
import { openWebUi, type WebUi } from '../helpers/web-ui';

/**
 * The Workflows view (issue 28 point 6) in web mode, after `shadow start --headless --replay` played three
 * days of a claims adjuster (tests/fixtures/claim-days.ts) into one profile, their screens read by OCR:
 * the claim's steps as a map, the procedure with a moment per step, the variants, the calendar and how the
 * last day differed.
 */
let ui: WebUi;
let days: Awaited<ReturnType<typeof writeClaimDays>>;
const FROM = CLAIM_DAYS[0]!.startIso.slice(0, 10);
const TO = CLAIM_DAYS.at(-1)!.startIso.slice(0, 10);
const DAY_BEFORE = new Date(Date.parse(FROM) - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  days = await writeClaimDays();
  ui = await openWebUi(['--replay', days.dir]);
  // An answered interview question keeps the first-run wizard out of the way.
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Claims adjuster' } });
  await waitFor(() => Promise.resolve(ui.shadow.output()), {
    what: 'the replay to finish',
    until: (out) => out.includes('Replay finished'),
    timeoutMs: 120_000,
  });
  // Tesseract reads each day's 9 frames; on a loaded machine a frame may take 10 s.
  await waitFor(() => ui.shadow.get<{ queued: number }>('/screen/ocr'), {
    what: 'OCR to catch up',
    until: (s) => s.queued === 0,
    timeoutMs: 400_000,
  });
}, 600_000);

afterAll(async () => {
  await ui?.close();
  days?.remove();
});

describe('the Workflows view', () => {
  it('shows the claim workflow of the three days: steps as a map, the procedure, variants, calendar and the last day’s deviation', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-workflows').click();
    await page.getByTestId('workflows-view').waitFor();
    await page.getByTestId('workflows-from').fill(FROM);
    await page.getByTestId('workflows-to').fill(TO);
    await page.getByTestId('workflows-apply').click();

    const card = page.locator('[data-testid="workflow-card"][data-kind="claim"]');
    await card.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('workflow-card').count()).toBe(1);
    expect(await card.getByTestId('workflow-summary').textContent()).toMatch(/^6 times · typically /);

    // The map: the four usual steps, each with its share of cases.
    await card.getByTestId('step-map').waitFor();
    const nodes = card.getByTestId('step-node');
    expect(await nodes.count()).toBe(4);
    const map = (await card.locator('svg[role="img"]').getAttribute('aria-label')) ?? '';
    expect(map).toMatch(/1\. .* in Microsoft Outlook; 2\. .* in ClaimCenter; 3\. .* in Microsoft Excel; 4\. .* in BillingCenter$/);

    // The procedure names each step's app, in order.
    const steps = await card.getByTestId('workflow-procedure').locator('li').allTextContents();
    expect(steps).toHaveLength(4);
    expect(
      steps.map((s) => /in (Microsoft Outlook|ClaimCenter \(Chromium\)|Microsoft Excel|BillingCenter \(Chromium\))/.exec(s)?.[1]),
    ).toEqual(['Microsoft Outlook', 'ClaimCenter (Chromium)', 'Microsoft Excel', 'BillingCenter (Chromium)']);

    // The usual variant and the one that skipped the estimate, with its case.
    const rows = await card.getByTestId('workflow-variants').locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^usual5/);
    expect(rows[1]).toMatch(/^skips .*estimate.*Microsoft Excel.*117%CLM-4125$/);

    // Two claims on each day of the calendar.
    const calendar = card.getByTestId('workflow-calendar');
    for (const day of CLAIM_DAYS)
      expect(await calendar.locator(`td[data-date="${day.startIso.slice(0, 10)}"]`).getAttribute('data-count')).toBe('2');

    // The last day: the claim paid without its estimate.
    expect(await card.getByTestId('workflow-deviations').textContent()).toMatch(/CLM-4125 went on to .*Pay .* without .*estimate/);

    // A step's moment is one click away: the mail that brought a claim.
    await card.getByTestId('step-moment').first().click();
    const dialog = page.getByTestId('moment-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('moment-window').textContent()).toMatch(/Microsoft Outlook — New claim CLM-41\d\d from /);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const axe = await new AxeBuilder({ page }).include('[data-testid="workflows-view"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(ui.errors).toEqual([]);
  });

  it('the guide in About you gives the procedure as numbered steps, each step’s moment one click away', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-you').click();
    const guide = page.getByTestId('guide');
    await expect.poll(() => guide.locator('h2', { hasText: 'Procedures' }).count(), { timeout: 30_000 }).toBe(1);
    const moments = guide.getByTestId('markdown-moment');
    expect(await moments.count()).toBeGreaterThanOrEqual(4);
    await moments.first().click();
    const dialog = page.getByTestId('moment-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('moment-window').textContent()).toMatch(/Microsoft Outlook — New claim CLM-41\d\d from /);
    expect(ui.errors).toEqual([]);
  });

  it('says plainly when nothing repeated in the range', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-workflows').click();
    await page.getByTestId('workflows-from').fill(DAY_BEFORE);
    await page.getByTestId('workflows-to').fill(DAY_BEFORE);
    await page.getByTestId('workflows-apply').click();
    await expect.poll(() => page.getByTestId('workflows-empty').textContent(), { timeout: 30_000 }).toMatch(/^Nothing repeated from /);
    expect(await page.getByTestId('workflow-card').count()).toBe(0);
    expect(ui.errors).toEqual([]);
  });
});

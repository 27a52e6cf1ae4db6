import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShadowCore } from '../../src/core/shadow-core';
import type { AppTime, Session, Timeline } from '../../src/shared/contract/index';
import { internalWordsIn } from '../helpers/internal-words';
import { computedStyles, innerTexts, overlappingBoxes, renderedText } from '../helpers/page-dom';
import type { TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * The window's charts, app time and words in Chromium, over the replayed demo day (a 9-hour day) and a
 * 25-minute day stored before it: axis labels that never overlap at 760 and 1280 px, measured by their
 * boxes; the week filled as the day is, with a legend; each app's windows one click away; About you as
 * written; and no word of the code in any view.
 */

const SHORT_DAY = '2026-03-09';
const WIDTHS = [760, 1280] as const;

/** A 25-minute afternoon the day before the demo day: three windows, a private one and a pause for coffee. */
function seedShortDay(home: TempShadowHome): void {
  mkdirSync(home.paths.dir, { recursive: true });
  writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
  const core = createShadowCore({ paths: home.paths, role: 'reader', env: {} });
  const at = (hhmm: string): number => Date.parse(`${SHORT_DAY}T${hhmm}:00Z`);
  try {
    const ws = core.activity.startWorkSession(at('16:05'), 'desktop');
    const sink = core.activity.spanSink(() => ws);
    const spans: [kind: 'app' | 'idle' | 'private', app: string | null, title: string | null, from: string, to: string][] = [
      ['app', 'Thunderbird', 'Inbox - Thunderbird', '16:05', '16:11'],
      ['app', 'LibreOffice Calc', 'Rota March.ods - LibreOffice Calc', '16:11', '16:19'],
      ['private', null, null, '16:19', '16:21'],
      ['idle', null, null, '16:21', '16:24'],
      ['app', 'Firefox', 'Staff portal — Mozilla Firefox', '16:24', '16:30'],
    ];
    for (const [kind, app, title, from, to] of spans)
      sink.open({ kind, app, title, privateReason: kind === 'private' ? 'password manager' : null, startMs: at(from), endMs: at(to) });
    core.activity.endWorkSession(ws, at('16:30'), 'the app quit');
  } finally {
    core.close();
  }
}

const web = webUiForSuite(['--replay', demoDay], seedShortDay);
let ui: WebUi;

beforeAll(async () => {
  ui = web();
  await waitFor(() => ui.shadow.get<{ capture: { state: string } }>('/health'), {
    what: 'the demo day to be replayed to its end',
    until: (health) => health.capture.state === 'stopped',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}, 90_000);

/** Minutes after midnight of a clock time as the window writes it ("16:05", or "04:05 PM"). */
function clockMinutes(text: string): number {
  const [, h, m, half] = /(\d{1,2}):(\d{2})\s*([AP]M)?/i.exec(text)!;
  const hour = (Number(h) % (half ? 12 : 24)) + (half?.toUpperCase() === 'PM' ? 12 : 0);
  return hour * 60 + Number(m);
}

async function openToday(width: number): Promise<Page> {
  const page = await ui.newPage({ viewport: { width, height: 900 } });
  await page.goto(ui.uiUrl);
  await expect.poll(() => page.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page;
}

/** The axis labels of the chart shown: their text and boxes. */
async function tickLabels(page: Page): Promise<{ text: string; box: { x: number; y: number; width: number; height: number } }[]> {
  const labels = page.locator('[data-testid="day-chart"] .tick-label');
  const texts = await labels.allTextContents();
  const boxes = await Promise.all(texts.map((_, i) => labels.nth(i).boundingBox()));
  return texts.map((text, i) => ({ text, box: boxes[i]! }));
}

describe('the day chart’s axis', () => {
  it('labels a 9-hour and a 25-minute day at 760 and 1280 px without two labels touching or one leaving the chart', async () => {
    for (const width of WIDTHS) {
      const page = await openToday(width);
      const chart = (await page.getByTestId('day-chart').boundingBox())!;
      for (const day of ['the demo day', SHORT_DAY]) {
        if (day === SHORT_DAY) {
          await page.getByTestId('chart-previous').click();
          await expect.poll(() => page.getByTestId('chart-span').count()).toBe(3);
        }
        const labels = await tickLabels(page);
        const what = `${day} at ${width} px: ${labels.map((l) => l.text).join(' ')}`;
        expect(labels.length, what).toBeGreaterThanOrEqual(4);
        expect(overlappingBoxes(labels.map((l) => l.box)), what).toEqual([]);
        for (const { box } of labels) {
          expect(box.x, what).toBeGreaterThanOrEqual(chart.x);
          expect(box.x + box.width, what).toBeLessThanOrEqual(chart.x + chart.width);
        }
        // Round times a step apart: hours on the long day, minutes on the short one.
        const minutes = labels.map((l) => clockMinutes(l.text));
        const steps = new Set(minutes.slice(1).map((m, i) => m - minutes[i]!));
        expect(steps.size, what).toBe(1);
        const [step] = steps;
        if (day === SHORT_DAY) expect(step, what).toBeLessThanOrEqual(15);
        else expect([60, 120], what).toContain(step);
      }
      await page.close();
    }
    expect(ui.errors).toEqual([]);
  });
});

describe('the week', () => {
  it('fills idle and private time as the day chart does, never solid black, and has a legend for the apps and the shading', async () => {
    const page = await openToday(1280);
    await page.getByTestId('chart-mode-week').click();
    await expect.poll(() => page.getByTestId('week-day').count()).toBe(7);
    const stretches = page.getByTestId('week-stretch');
    await expect.poll(() => stretches.count()).toBeGreaterThan(0);
    const attributes = await stretches.evaluateAll((rects) =>
      rects.map((r) => ({ kind: r.getAttribute('data-kind'), fill: r.getAttribute('fill') })),
    );
    const painted = await computedStyles(page, '[data-testid="week-stretch"]', 'fill');
    const fills = attributes.map((a, i) => ({ ...a, painted: painted[i] }));
    const kinds = new Set(fills.map((f) => f.kind));
    expect(kinds).toContain('idle');
    expect(kinds).toContain('private');
    for (const f of fills) {
      expect(f.painted, `${f.kind}`).not.toBe('rgb(0, 0, 0)');
      if (f.kind === 'idle' || f.kind === 'private') expect(f.fill, f.kind ?? '').toMatch(/^url\(#.+-(idle|private)\)$/);
    }
    // The fills refer to patterns that exist in the page.
    for (const f of fills.filter((x) => x.fill))
      expect(await page.locator(`pattern[id="${/#([^)]+)/.exec(f.fill)![1]}"]`).count(), f.fill).toBe(1);
    const legend = page.getByTestId('week-chart').getByTestId('shade-legend');
    expect(await legend.textContent()).toMatch(/Idle.*Private/);
    expect(await page.getByTestId('week-chart').locator('.chart-legend[aria-label="Apps"]').textContent()).toContain('Microsoft Excel');
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('app time', () => {
  it('lists each app’s windows with their times, folded until asked', async () => {
    const appTime = await ui.shadow.get<AppTime>('/observation/app-time');
    const top = appTime.apps[0]!;
    expect(top.titles.length).toBeGreaterThan(1);
    const page = await openToday(1280);
    const row = page.locator(`[data-testid="app-row"][data-app="${top.app}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.getByTestId('app-window').count()).toBe(0);
    const toggle = row.getByTestId('app-windows-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.textContent()).toContain(`${top.titles.length} windows`);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const windows = page.getByTestId('app-window');
    await expect.poll(() => windows.count()).toBe(Math.min(top.titles.length, 15));
    const shown = await windows.evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('td')!.textContent, Number(r.getAttribute('data-seconds'))]),
    );
    expect(shown).toEqual(top.titles.slice(0, 15).map((t) => [t.title, t.seconds]));
    // Every window's time is shown beside it, and the second window of the top app (the one its top window hid) is there.
    expect(await windows.nth(1).locator('td.num').textContent()).toMatch(/^(\d+h )?\d+m$|^\d+s$/);
    await toggle.click();
    expect(await windows.count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('About you', () => {
  it('grows each box with its text, keeps the guide’s headings as written and its addresses as text', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-you').click();
    const guide = page.getByTestId('guide');
    await expect.poll(() => guide.locator('h2, h3').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const selector = '[data-testid="guide"] :is(h1, h2, h3, h4)';
    const [texts, shown, transforms] = await Promise.all([
      guide.locator('h1, h2, h3, h4').allTextContents(),
      innerTexts(page, selector),
      computedStyles(page, selector, 'textTransform'),
    ]);
    expect(texts.length).toBeGreaterThan(1);
    texts.forEach((text, i) => {
      expect(transforms[i], text).toBe('none');
      expect(shown[i], text).toBe(text);
    });
    expect(await guide.locator(':is(h1, h2, h3, h4) a').count()).toBe(0);
    expect(await guide.textContent()).toMatch(/[\w.]+@[\w.]+/);
    expect(await guide.locator('a[href^="mailto:"]').count()).toBe(0);

    // A long answer shows every line: the box is as tall as its text.
    const answer = page.getByTestId('interview-answer').first();
    await answer.fill(
      ['Payroll on Mondays', 'Supplier statements on Tuesdays', 'Bank reconciliation daily', 'Month-end close', 'Audit requests'].join(
        '\n',
      ),
    );
    const fits = await answer.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
    expect(fits).toBe(true);
    for (const box of await page.locator('.about-you textarea').all())
      expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    // The heading of the baseline stays on one line beside its details.
    const heading = (await page.locator('#baseline-title').boundingBox())!;
    const lineHeight = parseFloat((await computedStyles(page, '#baseline-title', 'lineHeight'))[0]!);
    expect(heading.height).toBeLessThan(lineHeight * 1.5);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('the words of the window', () => {
  it('holds no settings key, engine word or token count in any view, dialog or folded part', async () => {
    const session = await ui.shadow.post<Session>('/sessions', { type: 'chat' });
    for (const content of ['What did I do before lunch?', 'How long was I in Excel today?', 'Which apps did I use most today?'])
      await ui.shadow.post(`/sessions/${session.id}/messages`, { content });
    const day = (await ui.shadow.get<Timeline>('/timeline')).days[0]!;
    const page = await openToday(1280);
    const seen: Record<string, string[]> = {};
    const read = async (view: string): Promise<void> => {
      seen[view] = internalWordsIn(await renderedText(page));
    };

    await page.locator('.latest-summary summary').click();
    await page.getByTestId('app-windows-toggle').first().click();
    await page.locator(`[data-testid="chart-task"][data-task-id="${day.tasks[3]!.id}"]`).click();
    await read('Today with a task, its summary and an app’s windows open');
    await page.getByTestId('task-see-screen').click();
    await expect.poll(() => page.getByTestId('moment-window').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('moment-frame-note').count()).toBe(1);
    await read('what was on screen');
    await page.keyboard.press('Escape');
    await page.getByTestId('chart-mode-week').click();
    await expect.poll(() => page.getByTestId('week-day').count()).toBe(7);
    await read('the week');

    await page.getByTestId('nav-chat').click();
    await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
    await expect.poll(() => page.getByTestId('turn').count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('toc-entry').first().textContent()).not.toContain('summarizing');
    await page.locator('.evidence summary').first().click();
    await read('a conversation with its evidence and contents');
    await page.getByTestId('open-resume').click();
    await expect.poll(() => page.getByTestId('resume-item').count()).toBeGreaterThan(0);
    await read('the resume dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('session-delete').click();
    await read('the delete dialog');
    await page.keyboard.press('Escape');

    await page.getByTestId('nav-you').click();
    await expect.poll(() => page.getByTestId('guide').count(), { timeout: 15_000 }).toBe(1);
    await read('About you');
    await page.getByTestId('start-interview').click();
    await read('the interview');

    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((view) => [view, []])));
    expect(Object.keys(seen)).toHaveLength(8);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

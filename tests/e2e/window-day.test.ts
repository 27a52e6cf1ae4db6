import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShadowCore } from '../../src/core/shadow-core';
import type { Session, Timeline } from '../../src/shared/contract/index';
import { focusedAttribute } from '../helpers/page-dom';
import type { TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/**
 * Today in Chromium over the replayed demo day: the day chart's marks against the API, hover and
 * keyboard, the week; Markdown rendered in replies, snippets, summaries and the guide; and stored
 * HTML (screen text, a window title, a prompt, an interview answer) that must stay text.
 */

/** Markup that would run if the window ever parsed stored text as HTML. */
const PROBE = '<img src=x onerror="window.__probe=1"><script>window.__probe=2</script>';
const PROBE_DAY = '2026-03-09';

/** Stored before the app starts: screen text and a window title carrying the probe (OCR stays off). */
function seedProbes(home: TempShadowHome): void {
  mkdirSync(home.paths.dir, { recursive: true });
  writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
  const core = createShadowCore({ paths: home.paths, role: 'reader', env: {} });
  try {
    // The day before the replayed one: replaying a day replaces what was stored inside its hours.
    core.screenText.insert({
      atMs: Date.parse(`${PROBE_DAY}T09:20:00Z`),
      app: 'Google Chrome',
      title: `Vendor ${PROBE}`,
      text: `Quokka vendor note ${PROBE} remit to Acme Supplies by Friday`,
    });
    const ws = core.activity.startWorkSession(Date.parse(`${PROBE_DAY}T09:00:00Z`), 'desktop');
    const sink = core.activity.spanSink(() => ws);
    sink.open({
      kind: 'app',
      privateReason: null,
      app: 'Google Chrome',
      title: `Vendor ${PROBE}`,
      startMs: Date.parse(`${PROBE_DAY}T09:00:00Z`),
      endMs: Date.parse(`${PROBE_DAY}T10:30:00Z`),
    });
    core.activity.endWorkSession(ws, Date.parse(`${PROBE_DAY}T10:30:00Z`), 'the app quit');
  } finally {
    core.close();
  }
}

async function probeRan(page: Page): Promise<unknown> {
  return page.evaluate(() => (globalThis as { __probe?: unknown }).__probe);
}

async function openToday(ui: WebUi): Promise<Page> {
  const page = await ui.newPage();
  await page.goto(ui.uiUrl);
  await expect.poll(() => page.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return page;
}

async function sendFromComposer(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}

const web = webUiForSuite(['--replay', demoDay], seedProbes);
let ui: WebUi;
let day: Timeline['days'][number];

beforeAll(async () => {
  ui = web();
  // The demo day plays as fast as it can; once it is over the chart has the whole day to draw.
  await waitFor(() => ui.shadow.get<{ capture: { state: string } }>('/health'), {
    what: 'the demo day to be replayed to its end',
    until: (health) => health.capture.state === 'stopped',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
  day = (await ui.shadow.get<Timeline>('/timeline')).days[0]!;
}, 90_000);

describe('the day chart', () => {
  it('draws one mark per task, per window span and per idle, private or unobserved stretch the API has', async () => {
    expect(day.date).toBe('2026-03-10');
    expect(day.tasks.length).toBeGreaterThan(20);
    const page = await openToday(ui);
    expect(await page.getByTestId('day-title').textContent()).toMatch(/^Today · /);
    const taskIds = await page.getByTestId('chart-task').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-task-id'))));
    expect(taskIds).toEqual(day.tasks.map((task) => task.id));
    const appSpans = day.spans.filter((span) => span.kind === 'app');
    const drawn = await page.getByTestId('chart-span').evaluateAll((rects) => rects.map((r) => r.getAttribute('data-app')));
    expect(drawn.sort()).toEqual(appSpans.map((span) => span.app).sort());
    const stretches = await page.getByTestId('chart-stretch').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-kind')));
    const expected = [...day.spans.filter((s) => s.kind !== 'app').map((s) => s.kind), ...day.gaps.map((g) => g.kind)];
    expect(stretches.sort()).toEqual(expected.sort());
    expect(stretches).toContain('idle');
    expect(stretches).toContain('private');
    // Labelled: the legend names what the shading means.
    expect(await page.locator('.chart-legend').first().textContent()).toMatch(/Idle.*Private/);
    // The disk meter says what the profile occupies against its cap, as the API does.
    const disk = await ui.shadow.get<{ capBytes: number }>('/disk');
    await expect.poll(() => page.getByTestId('disk-bar').getAttribute('max')).toBe(String(disk.capBytes));
    expect(await page.getByTestId('disk-meter').textContent()).toMatch(/Database.*Kept frames.*Screen text/);
    // The day is a chart now, not a 33-row list (2,558 px): it fits in most of one 800 px screen.
    expect((await page.locator('.day-card').boundingBox())!.height).toBeLessThan(600);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('names the window and how long on hover, and opens a task by click or by keyboard', async () => {
    const page = await openToday(ui);
    const span = day.spans.find(
      (s) => s.kind === 'app' && s.title?.startsWith('Ledger 2026.xlsx') && Date.parse(s.to) - Date.parse(s.from) > 600_000,
    )!;
    const mark = page
      .locator(`[data-testid="chart-span"][data-app="${span.app}"]`)
      .nth(day.spans.filter((s) => s.kind === 'app' && s.app === span.app).indexOf(span));
    await mark.hover();
    const tooltip = page.getByTestId('chart-tooltip');
    await expect.poll(() => tooltip.textContent()).toContain(span.title!);
    expect(await tooltip.textContent()).toMatch(/\d{2}:\d{2}( [AP]M)?–\d{2}:\d{2}( [AP]M)? · (\d+h )?\d+m/);

    const task = day.tasks[3]!;
    await page.locator(`[data-testid="chart-task"][data-task-id="${task.id}"]`).click();
    const detail = page.getByTestId('task-detail');
    await expect.poll(() => detail.getAttribute('data-task-id')).toBe(String(task.id));
    expect(await detail.locator('h3').textContent()).toBe(task.name);
    await detail.getByRole('button', { name: 'Close the task' }).click();
    expect(await detail.count()).toBe(0);

    // Keyboard: the tasks are buttons in the tab order; Enter opens one.
    const second = day.tasks[1]!;
    await page.locator(`[data-testid="chart-task"][data-task-id="${second.id}"]`).focus();
    await expect.poll(() => tooltip.textContent()).toContain(second.name);
    await page.keyboard.press('Tab');
    expect(await focusedAttribute(page, 'data-task-id')).toBe(String(day.tasks[2]!.id));
    await page.keyboard.press('Enter');
    await expect.poll(() => detail.getAttribute('data-task-id')).toBe(String(day.tasks[2]!.id));
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('shows the week as one band per day and opens a day from it', async () => {
    const page = await openToday(ui);
    await page.getByTestId('chart-mode-week').click();
    const rows = page.getByTestId('week-day');
    await expect.poll(() => rows.count()).toBe(7);
    const week = await ui.shadow.get<Timeline>('/timeline?date=2026-03-09&days=7');
    expect(await rows.evaluateAll((items) => items.map((li) => li.getAttribute('data-date')))).toEqual(week.days.map((d) => d.date));
    const spans = week.days.flatMap((d) => d.spans.filter((s) => s.kind === 'app'));
    expect(await page.getByTestId('week-span').count()).toBe(spans.length);
    expect(await page.getByTestId('day-title').textContent()).toMatch(/^Week of Mon/);
    await page.locator('[data-testid="week-day"][data-date="2026-03-09"] button').click();
    await expect.poll(() => page.getByTestId('day-title').textContent()).toMatch(/9 Mar 2026|Mar 9, 2026/);
    await expect.poll(() => page.getByTestId('chart-span').count()).toBe(1);
    await page.getByTestId('chart-next').click();
    await expect.poll(() => page.getByTestId('day-title').textContent()).toMatch(/^Today · /);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('text that reads as text', () => {
  it('renders Markdown: the guide’s table, a reply’s list, the day’s summary and search snippets with <mark>', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-you').click();
    const guide = page.getByTestId('guide');
    await expect.poll(() => guide.locator('table').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await guide.locator('table th').first().textContent()).toBe('App');
    expect(await guide.textContent()).not.toMatch(/\|\s*-{3}|\*\*/);

    await page.getByTestId('nav-chat').click();
    await sendFromComposer(page, 'What did I do before lunch?');
    const reply = page.locator('[data-testid="turn"][data-turn="1"] [data-testid="turn-reply"]');
    await expect.poll(() => reply.locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    // Each "- " line of the reply became a list item: none is left as text.
    expect(await reply.innerText()).not.toMatch(/^- /m);
    await page.getByTestId('session-search').fill('lunch');
    await page.getByTestId('session-search').press('Enter');
    await expect.poll(() => page.getByTestId('search-hit').locator('mark').first().textContent()).toMatch(/^lunch$/i);
    expect(await page.getByTestId('search-hit').first().textContent()).not.toContain('**');

    await page.getByTestId('nav-today').click();
    await page.locator('.latest-summary summary').click();
    await expect.poll(() => page.getByTestId('latest-summary').locator('.markdown').count()).toBe(1);
    expect(await page.getByTestId('latest-summary').textContent()).not.toContain('**');
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('keeps a list apart from the sentence before it, and shows a reply’s evidence once', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('new-session').click();
    await sendFromComposer(page, 'What was I working on today?');
    const body = (n: number) => page.locator(`[data-testid="turn"][data-turn="${n}"] [data-testid="turn-reply"] > .markdown`);
    await expect.poll(() => body(1).locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    // The day's sentence is a paragraph of its own, never folded into the list of threads below it
    // (the line counting what a list left out is kept apart the same way: tests/unit/reply-blocks.test.ts).
    expect(
      await body(1)
        .locator('p', { hasText: /^Today you were active/ })
        .count(),
    ).toBe(1);
    expect(await body(1).locator('li', { hasText: 'you were active' }).count()).toBe(0);

    await sendFromComposer(page, 'When did I see the quokka vendor note?');
    const second = page.locator('[data-testid="turn"][data-turn="2"]');
    await expect.poll(() => second.getByTestId('evidence').count(), { timeout: 15_000 }).toBe(1);
    const sessionId = (await page.locator('[data-testid="session-item"].selected').getAttribute('data-session-id'))!;
    const stored = await ui.shadow.get<{ turns: { reply: string; evidence: unknown[] }[] }>(`/sessions/${sessionId}/turns`);
    // The evidence is kept with the turn, never repeated in the reply's text; the window lists it once, below it.
    expect(stored.turns[1]!.reply).not.toContain('**Evidence**');
    expect(stored.turns[1]!.evidence.length).toBeGreaterThan(0);
    expect(await body(2).innerText()).not.toMatch(/evidence/i);
    expect(await second.getByText(/evidence/i).count()).toBe(1);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('shows stored HTML as the text it is: screen text, a window title, a prompt and an interview answer run nothing', async () => {
    await ui.shadow.send('PUT', '/interview/answers', { answers: { role: `Clerk ${PROBE}` } });
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-chat').click();
    await sendFromComposer(page, `Compare ${PROBE} with the ledger`);
    await expect
      .poll(() => page.locator('[data-testid="turn"] .bubble.user').first().textContent(), { timeout: 15_000 })
      .toBe(`Compare ${PROBE} with the ledger`);
    await sendFromComposer(page, 'When did I see the quokka vendor note?');
    const reply = page.locator('[data-testid="turn"][data-turn="2"] [data-testid="turn-reply"]');
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain('<img src=x onerror="window.__probe=1">');
    const sessionId = (await page.locator('[data-testid="session-item"].selected').getAttribute('data-session-id'))!;
    expect((await ui.shadow.get<Session>(`/sessions/${sessionId}`)).turnCount).toBe(2);

    await page.getByTestId('session-search').fill('onerror');
    await page.getByTestId('session-search').press('Enter');
    await expect.poll(() => page.getByTestId('search-hit').count()).toBeGreaterThan(0);

    await page.getByTestId('nav-you').click();
    await expect.poll(() => page.getByTestId('guide').textContent(), { timeout: 15_000 }).toContain(`Clerk ${PROBE}`);

    await page.getByTestId('nav-today').click();
    await page.getByTestId('chart-previous').click();
    const probeSpan = page.getByTestId('chart-span');
    await expect.poll(() => probeSpan.count()).toBe(1);
    await probeSpan.hover();
    await expect.poll(() => page.getByTestId('chart-tooltip').textContent()).toContain(`Vendor ${PROBE}`);

    expect(await probeRan(page)).toBeUndefined();
    expect(await page.locator('#root img[src="x"], #root script').count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

describe('evidence one click away', () => {
  it('opens what was on screen from a task: its window at the start, then the moments after it', async () => {
    const page = await openToday(ui);
    const task = day.tasks.find((t) => t.apps.length > 0 && t.titles.length > 0)!;
    await page.locator(`[data-testid="chart-task"][data-task-id="${task.id}"]`).click();
    await page.getByTestId('task-see-screen').click();
    const dialog = page.getByTestId('moment-dialog');
    await expect
      .poll(() => dialog.getByTestId('moment-window').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(task.apps.join('|')));
    const moment = await ui.shadow.get<{ at: string; app: string; windowTitle: string; next: { at: string } | null }>(
      `/moments?at=${encodeURIComponent(task.startedAt)}`,
    );
    expect(await dialog.getByTestId('moment-window').textContent()).toBe(`${moment.app} — ${moment.windowTitle}`);
    expect(await dialog.getByTestId('moment-time').getAttribute('datetime')).toBe(moment.at);
    await dialog.getByTestId('moment-next').click();
    await expect.poll(() => dialog.getByTestId('moment-time').getAttribute('datetime')).toBe(moment.next!.at);
    await dialog.getByTestId('moment-previous').click();
    await expect
      .poll(async () => Date.parse((await dialog.getByTestId('moment-time').getAttribute('datetime'))!))
      .toBeLessThan(Date.parse(moment.next!.at));
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('opens each piece of a chat answer’s evidence: the window, and the text read on that frame shown as text', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await page.getByTestId('nav-chat').click();
    await page.getByTestId('new-session').click();
    await sendFromComposer(page, 'When did I see the quokka vendor note?');
    const turn = page.locator('[data-testid="turn"][data-turn="1"]');
    await expect.poll(() => turn.getByTestId('evidence').count(), { timeout: 15_000 }).toBe(1);
    const sessionId = (await page.locator('[data-testid="session-item"].selected').getAttribute('data-session-id'))!;
    const stored = await ui.shadow.get<{ turns: { evidence: { windowTitle: string | null; open: { screenTextId: number | null } }[] }[] }>(
      `/sessions/${sessionId}/turns`,
    );
    const evidence = stored.turns[0]!.evidence;
    const quoted = evidence.findIndex((e) => e.open.screenTextId !== null);
    expect(quoted).toBeGreaterThanOrEqual(0);
    await turn.locator('.evidence summary').click();
    expect(await turn.getByTestId('evidence-open').count()).toBe(evidence.length);
    await turn.getByTestId('evidence-open').nth(quoted).click();
    const dialog = page.getByTestId('moment-dialog');
    await expect.poll(() => dialog.getByTestId('moment-text').textContent(), { timeout: 15_000 }).toContain('Quokka vendor note');
    expect(await dialog.getByTestId('moment-text').textContent()).toContain(PROBE);
    expect(await dialog.getByTestId('moment-window').textContent()).toContain(evidence[quoted]!.windowTitle!);
    expect(await probeRan(page)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Close what was on screen' }).click();
    expect(await dialog.count()).toBe(0);
    expect(ui.errors).toEqual([]);
    await page.close();
  });
});

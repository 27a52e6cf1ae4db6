import { databaseOf } from '../../src/core/shadow-core';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import type { Moment, SyncRun, Timeline } from '../../src/shared/contract/index';
import { internalWordsIn } from '../helpers/internal-words';
import { openQuietCore } from '../helpers/quiet-core';
import { writeTinyDay } from '../helpers/tiny-day';
import { openWebUi, type WebUi } from '../helpers/web-ui';

/**
 * The window's Devices card and device filter (issue 17), in web mode: the laptop replays a morning; a
 * desktop profile has written its day and a second, damaged, segment into the shared sync folder.
 */
let ui: WebUi;
const folder = mkdtempSync(join(tmpdir(), 'shadow-sync-ui-'));
const desktopHome = mkdtempSync(join(tmpdir(), 'shadow-sync-ui-desktop-'));

beforeAll(async () => {
  const desktop = openQuietCore(desktopHome, {
    settings: { sync: { folder, deviceName: 'desktop', share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 } },
  });
  fillSyntheticDays(databaseOf(desktop), { days: 1, startMs: Date.parse('2026-11-02T00:00:00Z'), framesPerDay: 40 });
  await desktop.sync.run();
  fillSyntheticDays(databaseOf(desktop), { days: 1, startMs: Date.parse('2026-11-03T00:00:00Z'), framesPerDay: 40 });
  const second = await desktop.sync.run();
  const desktopDevice = { id: second.status.device.id, fingerprint: second.status.fingerprint! };
  const dir = join(folder, second.status.device.id);
  const last = readdirSync(dir)
    .filter((f) => f.startsWith('seg-'))
    .sort()
    .at(-1)!;
  const bytes = readFileSync(join(dir, last));
  writeFileSync(join(dir, last), bytes.subarray(0, bytes.length >> 1));
  desktop.close();

  const day = await writeTinyDay([
    { app: 'Thunderbird', title: 'Supplier payment - Mozilla Thunderbird', seconds: 240, text: ['Invoice 4471'] },
    { app: 'Visual Studio Code', title: 'forecast.py - budget-tools', seconds: 300, text: ['def forecast()'] },
  ]);
  ui = await openWebUi(['--replay', day], (home) => {
    mkdirSync(home.paths.dir, { recursive: true });
    writeFileSync(home.paths.settings, JSON.stringify({ sync: { folder, deviceName: 'laptop' } }));
  });
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Accounts payable clerk' } });
  await ui.shadow.post(`/sync/devices/${desktopDevice.id}/trust`, { fingerprint: desktopDevice.fingerprint });
  const run = await ui.shadow.post<SyncRun>('/sync/run');
  expect(run.status.devices.find((d) => !d.local)?.appliedSegments, JSON.stringify(run)).toBe(1);
}, 300_000);

afterAll(async () => {
  await ui?.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(desktopHome, { recursive: true, force: true });
});

describe('the Devices card', () => {
  it('shows this computer and the other, the last import, and the damaged segment it skipped', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const card = page.getByTestId('sync-card');
    await card.waitFor();
    expect(await page.getByTestId('sync-folder').textContent()).toContain(folder);
    // What is shared, in a person's words (the setting lists `screenText`).
    expect(await page.getByTestId('sync-folder').textContent()).toMatch(/sharing activity, memory, screen text and conversations\.$/);
    expect(internalWordsIn(await card.innerText())).toEqual([]);
    const devices = page.getByTestId('sync-device');
    await expect.poll(() => devices.count()).toBe(2);
    expect(await page.locator('[data-testid="sync-device"][data-local="true"]').textContent()).toMatch(/^laptop \(this computer\)/);
    const desktop = page.locator('[data-testid="sync-device"][data-device="desktop"]');
    expect(await desktop.textContent()).toMatch(/2 work sessions · 1 of 2 segments imported · last \d/);
    expect(await page.getByTestId('sync-last-import').textContent()).toMatch(/^Last import \d/);
    const problem = page.locator('[data-testid="sync-problems"] li');
    expect(await problem.getAttribute('data-kind')).toBe('corrupt');
    expect(await problem.textContent()).toMatch(/^Skipped \(desktop, segment 2\): .*\(incomplete or damaged\)/);
    const axe = await new AxeBuilder({ page }).include('[data-testid="sync-card"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("filters Today's app time by device, and says which device each app was used on", async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const filter = page.getByTestId('device-filter').locator('select');
    await filter.waitFor();
    const apps = page.getByTestId('app-row');
    await expect
      .poll(async () => (await apps.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-app')))).sort())
      .toEqual(expect.arrayContaining(['Microsoft Excel', 'Thunderbird', 'Visual Studio Code']));
    expect(await page.locator('[data-app="Thunderbird"] [data-testid="app-devices"]').textContent()).toBe('on laptop');
    expect(await page.locator('[data-app="Microsoft Excel"] [data-testid="app-devices"]').textContent()).toBe('on desktop');
    await filter.selectOption({ label: 'desktop' });
    await expect.poll(async () => apps.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-app')))).not.toContain('Thunderbird');
    expect(await apps.count()).toBeGreaterThan(0);
    expect(ui.errors).toEqual([]);
  });

  it('opens what was on screen on the computer a task was done on, named, though both were in use then', async () => {
    const { days } = await ui.shadow.get<Timeline>('/timeline?date=2026-11-02');
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    await expect.poll(() => page.getByTestId('chart-task').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const dialog = page.getByTestId('moment-dialog');
    // The laptop's Thunderbird task (09:00) and the desktop's task under way then.
    const laptopTask = days[0]!.tasks.find((t) => t.device?.name === 'laptop' && t.apps.includes('Thunderbird'))!;
    const startMs = Date.parse(laptopTask.startedAt);
    const desktopTask = days[0]!.tasks.find(
      (t) => t.device?.name === 'desktop' && Date.parse(t.startedAt) <= startMs && startMs < Date.parse(t.endedAt ?? t.startedAt),
    )!;
    for (const [task, name] of [
      [laptopTask, 'laptop'],
      [desktopTask, 'desktop'],
    ] as const) {
      const moment = await ui.shadow.get<Moment>(`/moments?at=${encodeURIComponent(task.startedAt)}&device=${name}`);
      const mark = page.locator(`[data-testid="chart-task"][data-task-id="${task.id}"]`);
      await mark.focus();
      await mark.press('Enter');
      await page.getByTestId('task-see-screen').click();
      await expect.poll(() => dialog.getByTestId('moment-device').textContent(), { timeout: 15_000 }).toBe(` (on ${name})`);
      expect(await dialog.getByTestId('moment-window').textContent()).toBe(`${moment.app} — ${moment.windowTitle} (on ${name})`);
      if (name === 'laptop') expect(moment.app).toBe('Thunderbird');
      else expect(await dialog.getByTestId('moment-frame-note').textContent()).toMatch(/stay on the computer that took them/);
      const axe = await new AxeBuilder({ page }).include('[data-testid="moment-dialog"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    }
    expect(ui.errors).toEqual([]);
  }, 90_000);
});

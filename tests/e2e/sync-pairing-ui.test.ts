import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncRun, SyncStatus } from '../../src/shared/contract/index';
import { handWrittenDevice, workSessionRecord } from '../helpers/sync-profiles';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';
import { openWebUi, type WebUi } from '../helpers/web-ui';

/**
 * Pairing two computers through the window (issue 25): a laptop and a desktop, each an engine with its
 * own window, share a sync folder where someone else has also placed a folder calling itself "desktop".
 * Each window shows its own key's fingerprint and the other devices waiting with theirs; the person
 * trusts the device whose fingerprint is the one the other window shows, and refuses the impostor.
 */
const folder = mkdtempSync(join(tmpdir(), 'shadow-pairing-ui-'));
let laptop: WebUi;
let desktop: WebUi;
const impostor = handWrittenDevice(folder, '0000000000000001', 'desktop');

async function openDevice(name: string, app: string): Promise<WebUi> {
  const day = await writeTinyDay([{ app, title: `${app} - ${name}`, seconds: 300, text: [`${name} notes`] }]);
  const ui = await openWebUi(['--replay', day], (home) => {
    mkdirSync(home.paths.dir, { recursive: true });
    writeFileSync(home.paths.settings, JSON.stringify({ sync: { folder, deviceName: name } }));
  });
  await ui.shadow.send('PUT', '/interview/answers', { answers: { role: 'Accounts payable clerk' } });
  await waitFor(async () => (await ui.shadow.get<SyncStatus>('/sync')).devices.find((d) => d.local)!.workSessions > 0, {
    what: `${name} observing its first work session`,
    timeoutMs: 30_000,
  });
  await ui.shadow.post<SyncRun>('/sync/run');
  return ui;
}

beforeAll(async () => {
  impostor.segment(1, [workSessionRecord(1, 1)]);
  impostor.publish(1);
  laptop = await openDevice('laptop', 'Thunderbird');
  desktop = await openDevice('desktop', 'Visual Studio Code');
  // Each now sees the other's signed manifest (and the impostor's).
  for (const ui of [laptop, desktop]) await ui.shadow.post<SyncRun>('/sync/run');
}, 300_000);

afterAll(async () => {
  await laptop?.close();
  await desktop?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function card(ui: WebUi): Promise<{ page: Page; own: string; row: (id: string) => Locator }> {
  const page = await ui.newPage();
  await page.goto(ui.uiUrl);
  await page.getByTestId('sync-card').waitFor();
  const own = (await page.getByTestId('sync-fingerprint').textContent())!;
  return { page, own, row: (id) => page.locator(`[data-testid="sync-device"][data-device-id="${id}"]`) };
}

describe('pairing through the Devices card', { timeout: 120_000 }, () => {
  it('shows each key on both screens, trusts the device whose fingerprint matches, and refuses the impostor', async () => {
    const laptopId = (await laptop.shadow.get<SyncStatus>('/sync')).device.id;
    const desktopId = (await desktop.shadow.get<SyncStatus>('/sync')).device.id;
    const onLaptop = await card(laptop);
    const onDesktop = await card(desktop);
    expect(onLaptop.own).toMatch(/^([0-9A-F]{4}-){7}[0-9A-F]{4}$/);
    expect(onDesktop.own).not.toBe(onLaptop.own);

    // The laptop's window: two devices called "desktop" wait, each with its key.
    const waiting = onLaptop.page.locator('[data-testid="sync-device"][data-trust="pending"]');
    await expect.poll(() => waiting.count()).toBe(2);
    expect(await onLaptop.row(desktopId).getByTestId('sync-device-fingerprint').textContent()).toBe(onDesktop.own);
    expect(await onLaptop.row(impostor.id).getByTestId('sync-device-fingerprint').textContent()).toBe(impostor.key.fingerprint);
    expect(await onLaptop.row(desktopId).textContent()).toMatch(/^desktop · waiting for you.*Nothing of it is imported yet/);
    const axe = await new AxeBuilder({ page: onLaptop.page }).include('[data-testid="sync-card"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The person compares with the desktop's own screen: the matching one is trusted, the other refused.
    await onLaptop.row(desktopId).getByTestId('sync-trust').click();
    await expect.poll(() => onLaptop.row(desktopId).getAttribute('data-trust'), { timeout: 20_000 }).toBe('trusted');
    await expect
      .poll(() => onLaptop.row(desktopId).textContent(), { timeout: 20_000 })
      .toMatch(/1 work session · \d+ of \d+ segments? imported/);
    await onLaptop.row(impostor.id).getByTestId('sync-refuse').click();
    await expect.poll(() => onLaptop.row(impostor.id).getAttribute('data-trust'), { timeout: 20_000 }).toBe('refused');
    expect(await onLaptop.row(impostor.id).textContent()).toMatch(/0 work sessions/);

    // The desktop's window shows the laptop with the key the laptop's window shows; trusted there too.
    expect(await onDesktop.row(laptopId).getByTestId('sync-device-fingerprint').textContent()).toBe(onLaptop.own);
    await onDesktop.row(laptopId).getByTestId('sync-trust').click();
    await expect
      .poll(() => onDesktop.row(laptopId).textContent(), { timeout: 20_000 })
      .toMatch(/1 work session · \d+ of \d+ segments? imported/);

    // Today's device filter knows one desktop: the trusted one.
    const filter = onLaptop.page.getByTestId('device-filter').locator('option');
    await expect.poll(async () => (await filter.allTextContents()).filter((t) => t.startsWith('desktop'))).toEqual(['desktop']);
    const status = await laptop.shadow.get<SyncStatus>('/sync');
    const desktops = status.devices.filter((d) => d.name === 'desktop').map((d) => [d.id, d.trust]);
    expect(desktops.sort()).toEqual(
      [
        [desktopId, 'trusted'],
        [impostor.id, 'refused'],
      ].sort(),
    );
    expect(laptop.errors).toEqual([]);
    expect(desktop.errors).toEqual([]);
  });
});

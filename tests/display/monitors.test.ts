import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTime, Coverage, Health, ImmediateContextView, OcrStatusView, ScreenSearchResult } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { startXSession, type XSession, type XWindow } from '../helpers/x-session';

/**
 * A real split display: Xvfb 2560x800 with one output, cut into two RandR monitors LEFT and RIGHT by
 * `xrandr --setmonitor … none` (as people split an ultrawide screen), openbox managing the windows.
 * A mail window sits on LEFT, a ledger on RIGHT, each with its own words in large type. The real engine
 * (`shadow start --headless`) observes it: first with the default setting (the focused window's
 * monitor), the focus on the mail window, then on the ledger; then `captureMonitors` is set to `all`
 * through PUT /settings while the ledger keeps the focus, and each window prints a new word.
 *
 * Nothing here tells the engine about the layout: it must read the monitors from RandR.
 */
const LEFT = { name: 'LEFT', x: 0, y: 0, width: 1280, height: 800 };
const RIGHT = { name: 'RIGHT', x: 1280, y: 0, width: 1280, height: 800 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let x: XSession;
let home: TempShadowHome;
let flags: string;
let shadow: ShadowProcess | undefined;
const measured = { Mail: 0, Ledger: 0 };
let appTime: AppTime;
let settingsAfterPut: { settings: Record<string, unknown> };
let healthAtEnd: Health;

/** A window whose first line is `first`; the `second` line appears once the flag file `flag` exists. */
function wordWindow(app: string, title: string, geometry: string, first: string, flag: string, second: string): Promise<XWindow> {
  const wait = `while [ ! -e ${join(flags, flag)} ]; do sleep 0.2; done`;
  return x.openXterm(app, title, {
    fontSize: 22,
    geometry,
    command: ['sh', '-c', `echo ${first}; ${wait}; echo ${second}; sleep 600`],
  });
}

const search = (q: string): Promise<ScreenSearchResult> => shadow!.get<ScreenSearchResult>(`/search/screen?q=${encodeURIComponent(q)}`);

function waitForText(word: string): Promise<ScreenSearchResult['hits']> {
  return waitFor(async () => (await search(word)).hits, {
    what: `screen text ${word} in the search`,
    until: (hits) => hits.length > 0,
    timeoutMs: 40_000,
    intervalMs: 300,
    details: () => `shadow's output:\n${shadow!.output()}`,
  });
}

function waitForEmptyOcrQueue(): Promise<OcrStatusView> {
  return waitFor(() => shadow!.get<OcrStatusView>('/screen/ocr'), {
    what: 'OCR to catch up (an empty queue)',
    until: (status) => status.queued === 0,
    timeoutMs: 30_000,
    intervalMs: 250,
  });
}

beforeAll(async () => {
  home = createTempShadowHome();
  flags = mkdtempSync(join(tmpdir(), 'shadow-monitor-flags-'));
  x = await startXSession({ width: 2560, height: 800, monitors: [LEFT, RIGHT] });
  const mail = await wordWindow('Mail', 'Inbox', '40x6+100+100', 'MAPLE HARBOR', 'all', 'VIOLET MEADOW');
  const ledger = await wordWindow('Ledger', 'Ledger 2026', '40x6+1500+100', 'COPPER LANTERN', 'all', 'SILVER CANYON');
  await x.activate(mail);
  shadow = await startHeadlessShadow(['--interval', '2', '--poll-ms', '250', '--idle-after', '3600'], { ...home.env, DISPLAY: x.display });
  await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
    what: 'the engine observing the mail window',
    until: (now) => now.currentApp === 'Mail',
    timeoutMs: 30_000,
  });
  await waitForText('maple');
  await sleep(4000);
  await x.activate(ledger);
  const switchedAt = Date.now();
  // The mail window had the focus from the engine's first poll: where its coverage begins.
  const coverage = await shadow.get<Coverage>('/observation/coverage');
  const firstObserved = coverage.stretches.find((s) => s.reason === 'observing')!;
  measured.Mail = (switchedAt - Date.parse(firstObserved.start)) / 1000;
  const since = switchedAt;
  await waitForText('copper');
  await sleep(4000);
  await waitForEmptyOcrQueue();

  // Every monitor from now on, asked as a client would; then both windows print a new word.
  settingsAfterPut = await shadow.send('PUT', '/settings', { captureMonitors: 'all' });
  writeFileSync(join(flags, 'all'), '');
  await waitForText('violet');
  await waitForText('silver');
  await sleep(2000);
  measured.Ledger = (Date.now() - since) / 1000;
  healthAtEnd = await shadow.get<Health>('/health');
  await shadow.post('/capture/pause', { reason: 'end of the split-display scenario' });
  await waitForEmptyOcrQueue();
  appTime = await shadow.get<AppTime>(`/observation/app-time?workSessionId=${healthAtEnd.capture.workSessionId}`);
}, 200_000);

afterAll(async () => {
  await shadow?.stop();
  await x?.stop();
  home?.remove();
  if (flags && existsSync(flags)) rmSync(flags, { recursive: true, force: true });
});

describe('a display split into two RandR monitors', () => {
  it('counts app time on the monitor of the focused window, as long as it had the focus', () => {
    const byMonitor = Object.fromEntries((appTime.monitors ?? []).map((m) => [m.monitor, m.seconds]));
    expect(Object.keys(byMonitor).sort()).toEqual(['LEFT', 'RIGHT']);
    // A switch is seen within a poll and a capture: two seconds of slack on each side.
    expect(Math.abs(byMonitor.LEFT! - measured.Mail)).toBeLessThanOrEqual(2.5);
    expect(Math.abs(byMonitor.RIGHT! - measured.Ledger)).toBeLessThanOrEqual(2.5);
    const apps = Object.fromEntries(appTime.apps.map((a) => [a.app, a.seconds]));
    expect(Math.abs(apps.Mail! - measured.Mail)).toBeLessThanOrEqual(2.5);
    expect(Math.abs(apps.Ledger! - measured.Ledger)).toBeLessThanOrEqual(2.5);
  });

  it("by default, files each window's text under its own window and monitor, never under another's", async () => {
    for (const [word, app, monitor] of [
      ['maple', 'Mail', 'LEFT'],
      ['copper', 'Ledger', 'RIGHT'],
    ] as const) {
      const hits = (await search(word)).hits;
      expect(hits.length, word).toBeGreaterThan(0);
      for (const hit of hits) expect(hit, word).toMatchObject({ app, monitor });
    }
  });

  it('with captureMonitors "all" (set by PUT /settings), makes the other monitor\'s text searchable, with its window and monitor', async () => {
    expect(settingsAfterPut.settings.captureMonitors).toBe('all');
    expect(healthAtEnd.capture.screenshots?.grabber).toBe('native');
    // The mail window never had the focus after its new word appeared: only "all" could read it.
    const violet = (await search('violet')).hits;
    expect(violet.length).toBeGreaterThan(0);
    for (const hit of violet) expect(hit).toMatchObject({ app: 'Mail', title: 'Inbox', monitor: 'LEFT' });
    const silver = (await search('silver')).hits;
    for (const hit of silver) expect(hit).toMatchObject({ app: 'Ledger', monitor: 'RIGHT' });
    // The setting is kept for the next start.
    expect(JSON.parse(readFileSync(home.paths.settings, 'utf8'))).toMatchObject({ captureMonitors: 'all' });
  });
});

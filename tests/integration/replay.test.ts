import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppTime, Health, WorkSession } from '../../src/shared/contract/index';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import type { Frame } from '../../src/core/observe/frame';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { createShadowCore } from '../../src/core/shadow-core';
import { localDayBounds } from '../../src/core/time';
import type { ExpectedAppTime } from '../../scripts/day/timeline';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

const demoDir = fileURLToPath(new URL('../../profiles/demo/', import.meta.url));
const dayDir = `${demoDir}day`;
const expected = JSON.parse(readFileSync(`${demoDir}expected-app-time.json`, 'utf8')) as ExpectedAppTime;
/**
 * Words of the 1Password moment (its window title and its screen) that must never be stored. The
 * app's name alone may be: the persona's interview answers mention that she uses 1Password.
 */
const PRIVATE_MARKERS = ['1Password — Private vault', 'Private vault', 'one-time code', '512 804'];

/** Within 1% of the expected seconds (and at least one second, for small totals). */
function expectClose(actual: number | undefined, wanted: number, what: string): void {
  expect(actual, what).toBeDefined();
  expect(Math.abs(actual! - wanted), `${what}: ${actual}s, expected ${wanted}s`).toBeLessThanOrEqual(Math.max(1, wanted * 0.01));
}

function expectAppTimeMatches(appTime: AppTime): void {
  expect(appTime.apps.map((a) => a.app).sort()).toEqual(expected.apps.map((a) => a.app).sort());
  for (const app of expected.apps) {
    const got = appTime.apps.find((a) => a.app === app.app);
    expectClose(got?.seconds, app.seconds, app.app);
    for (const title of app.titles) {
      expectClose(got?.titles.find((t) => t.title === title.title)?.seconds, title.seconds, `${app.app} / ${title.title}`);
    }
  }
  expectClose(appTime.idleSeconds, expected.idleSeconds, 'idle');
  expectClose(appTime.privateSeconds, expected.privateSeconds, 'private');
  expectClose(appTime.totalActiveSeconds, expected.activeSeconds, 'active total');
}

let home: TempShadowHome | undefined;
let shadow: ShadowProcess | undefined;
afterEach(async () => {
  await shadow?.stop();
  shadow = undefined;
  home?.remove();
  home = undefined;
});

describe('demo day replay', () => {
  it('gives the recorded app time, idle and private totals through the real pipeline', async () => {
    home = createTempShadowHome();
    const core = createShadowCore({
      paths: home.paths,
      replayDir: dayDir,
      settings: { idleAfterSec: expected.idleAfterSec, pollIntervalMs: 1000, captureIntervalSec: 10 },
    });
    const kept: Frame[] = [];
    core.events.on('frame:kept', ({ frame }) => kept.push(frame));
    let health: Health['capture'];
    try {
      core.observer.start();
      await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, { pollIntervalMs: 1000, speed: 0 });
      health = core.observer.health();
      core.observer.stop('the recorded day ended');
      // Kept frames go on to OCR: let it finish so its stored text is checked for privacy too.
      await core.ocr.whenIdle();

      expectAppTimeMatches({
        date: expected.date,
        workSessionId: null,
        ...core.activity.appTime({ window: localDayBounds(expected.date) }),
      });

      const sessions = core.activity.listWorkSessions(10);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ status: 'completed', source: 'replay', endedAt: '2026-03-10T16:30:00.000Z' });
      expectClose(sessions[0]!.activeSeconds, expected.activeSeconds, 'work session active');
    } finally {
      core.close();
    }

    expect(health.failures, JSON.stringify(health.lastError)).toBe(0);
    expect(health.polls).toBe(expected.totalSeconds + 1);
    // Every window visit and every 10 s a capture is tried; most show an unchanged screen and are skipped.
    expect(health.framesCaptured).toBe(kept.length);
    expect(health.framesCaptured).toBeGreaterThanOrEqual(expected.appSwitches);
    expect(health.framesSkipped).toBeGreaterThan(health.framesCaptured * 3);
    expect(new Set(kept.map((f) => f.app))).toEqual(new Set(expected.apps.map((a) => a.app)));

    const stored = home.databaseText();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toContain('Ledger 2026.xlsx');
    for (const marker of PRIVATE_MARKERS) expect(stored, `"${marker}" reached the database`).not.toContain(marker);
    for (const frame of kept) for (const marker of PRIVATE_MARKERS) expect(`${frame.app} ${frame.title}`).not.toContain(marker);
  });

  it('is served by `shadow start --headless --replay` over HTTP', async () => {
    home = createTempShadowHome();
    shadow = await startHeadlessShadow(['--replay', dayDir], home.env);
    const health = await waitFor(() => shadow!.get<Health>('/health'), {
      what: 'the replay to end (capture stopped)',
      until: (h) => h.capture.state === 'stopped',
      timeoutMs: 60_000,
      intervalMs: 250,
      details: () => `shadow's output:\n${shadow!.output()}`,
    });
    expect(health.source).toBe('replay');
    expect(shadow.output()).toContain('Replay finished');
    // A recorded day is never "your screen", in the banner or in health.
    expect(shadow.output()).not.toContain('Observing your screen');
    expect(shadow.output()).toMatch(/Status: +(Replaying a recorded day|Stopped)/);

    // One day in view: the CLI shows the replayed day for "today", and says so, as the window does.
    const run = promisify(execFile);
    const bin = fileURLToPath(new URL('../../bin/shadow.js', import.meta.url));
    const today = (await run(process.execPath, [bin, 'today'], { env: home.env, timeout: 60_000 })).stdout;
    expect(today).toContain(`Showing ${expected.date}: the recorded day replayed in this profile`);
    expect(today).toContain(`App time on ${expected.date}`);
    const privacy = (await run(process.execPath, [bin, 'privacy'], { env: home.env, timeout: 60_000 })).stdout;
    expect(privacy).toContain(`Privacy on ${expected.date}`);

    expectAppTimeMatches(await shadow.get<AppTime>(`/observation/app-time?date=${expected.date}`));
    const { workSessions } = await shadow.get<{ workSessions: WorkSession[] }>(`/work-sessions?date=${expected.date}`);
    expect(workSessions.map((s) => s.status)).toEqual(['completed']);
    const other = await shadow.get<AppTime>('/observation/app-time?date=2026-03-11');
    expect(other.apps).toEqual([]);
    // Its own waits allow a minute for the replay and each CLI run: the test's time covers them.
  }, 240_000);
});

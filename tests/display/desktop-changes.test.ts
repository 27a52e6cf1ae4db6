import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTime, Coverage, Health, ImmediateContextView, Timeline } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { captureStateLabel } from '../../src/shared/health-text';
import { startInputLoop, startXSession, type XSession } from '../helpers/x-session';

/**
 * The desktop changes under a running engine (`shadow start --headless` on Xvfb + openbox, an editor
 * window focused, input every 250 ms), once, in this order:
 * 1. the X server is killed, and some seconds later started again at the same display number;
 * 2. a new monitor appears: the display is split into two RandR monitors mid-run;
 * 3. the screen saver comes on (`xset s activate`, the MIT-SCREEN-SAVER extension), then goes off;
 * 4. the engine's process is stopped (SIGSTOP) for 20 s and continued: a suspend as the engine sees it
 *    (its stall threshold is 15 s at these settings).
 * The tests read what health, coverage, app time and the window's status header (its pill's words and
 * colour and its banner, from the health it reads: src/renderer/features/status) said. A clock jump is tested on the injected clock
 * (tests/unit/observe-desktop-changes.test.ts): the real one cannot be moved here.
 */
const run = promisify(execFile);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const POLL_MS = 250;
const INTERVAL_SEC = 2;
const STOP_MS = 20_000;

let x: XSession;
let home: TempShadowHome;
let shadow: ShadowProcess | undefined;
let input: ReturnType<typeof startInputLoop> | null = null;

interface WindowView {
  readonly pill: string;
  readonly health: string;
  readonly banner: string;
}
/** What the scenario measured and what the engine and the window said at each step. */
const seen = {
  launchedAt: 0,
  startedAt: 0,
  killedAt: 0,
  lostSeenAt: 0,
  restartedAt: 0,
  displayBackAt: 0,
  backAt: 0,
  lockedAt: 0,
  unlockedAt: 0,
  stoppedAt: 0,
  continuedAt: 0,
  endAt: 0,
  lostHealth: null as Health | null,
  lostWindow: null as WindowView | null,
  lockedHealth: null as Health | null,
  lockedWindow: null as WindowView | null,
  observingWindow: null as WindowView | null,
  monitorsAfterSplit: [] as (string | null | undefined)[],
  coverage: null as Coverage | null,
  appTime: null as AppTime | null,
  healthAtEnd: null as Health | null,
  grabberAtStart: null as string | null,
  spans: [] as [string, string, string | null, number][],
};

const health = (): Promise<Health> => shadow!.get<Health>('/health');

/** What the window's status header shows, from the health it reads: the pill's words and colour, and the banner. */
async function windowView(): Promise<WindowView> {
  const h = await health();
  return { pill: captureStateLabel(h.capture.state), health: h.status, banner: h.reasons[0]?.message ?? '' };
}

/** The window once its pill says `label` (it refreshes health by itself). */
function windowSaying(label: string): Promise<WindowView> {
  return waitFor(windowView, {
    what: `the window's pill to say "${label}"`,
    until: (view) => view.pill === label,
    timeoutMs: 30_000,
    intervalMs: 250,
  });
}

async function openEditor(): Promise<void> {
  const editor = await x.openXterm('Editor', 'notes.md', { background: '#1d3f6e' });
  await x.activate(editor);
}

function waitForState(state: Health['capture']['state'], what: string): Promise<Health> {
  return waitFor(health, { what, until: (h) => h.capture.state === state, timeoutMs: 30_000, intervalMs: 100 });
}

beforeAll(async () => {
  home = createTempShadowHome();
  x = await startXSession();
  await openEditor();
  input = startInputLoop(x, 250);
  seen.launchedAt = Date.now();
  shadow = await startHeadlessShadow(['--poll-ms', String(POLL_MS), '--interval', String(INTERVAL_SEC), '--idle-after', '30'], {
    ...home.env,
    DISPLAY: x.display,
  });
  await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
    what: 'the engine observing the editor',
    until: (now) => now.currentApp === 'Editor',
    timeoutMs: 30_000,
  });
  seen.startedAt = Date.now();
  seen.observingWindow = await windowSaying('Observing');
  seen.grabberAtStart = (await health()).capture.screenshots?.grabber ?? null;
  await sleep(3000);

  // 1. The X server dies, and comes back at the same display.
  await input.stop();
  input = null;
  seen.killedAt = Date.now();
  await x.killServer();
  seen.lostHealth = await waitFor(health, {
    what: 'health to name the lost display',
    until: (h) => h.reasons.some((r) => r.code === 'display_lost'),
    timeoutMs: 20_000,
    intervalMs: 100,
  });
  seen.lostSeenAt = Date.now();
  seen.lostWindow = await windowSaying('Not observing');
  await sleep(5000);
  seen.restartedAt = Date.now();
  await x.restartServer();
  seen.displayBackAt = Date.now();
  await openEditor();
  input = startInputLoop(x, 250);
  await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
    what: 'the engine observing the editor again on the restarted display',
    until: (now) => now.currentApp === 'Editor',
    timeoutMs: 30_000,
    intervalMs: 100,
  });
  seen.backAt = Date.now();
  await sleep(3000);

  // 2. A new monitor: the display is split into two RandR monitors; the editor is on the left one.
  await x.addMonitor({ name: 'WEST', x: 0, y: 0, width: 640, height: 800 });
  await x.addMonitor({ name: 'EAST', x: 640, y: 0, width: 640, height: 800 });
  const now = await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
    what: 'frames of the new monitor',
    until: (view) => view.recentFrames.at(-1)?.monitor === 'WEST',
    timeoutMs: 20_000,
    intervalMs: 250,
  });
  seen.monitorsAfterSplit = now.recentFrames.map((f) => f.monitor);

  // 3. The screen saver comes on while the user is away, and goes off when they are back.
  await input.stop();
  input = null;
  seen.lockedAt = Date.now();
  await run('xset', ['s', 'activate'], { env: x.env });
  seen.lockedHealth = await waitForState('locked', 'capture to pause as locked');
  seen.lockedWindow = await windowSaying('Paused automatically');
  await sleep(4000);
  seen.unlockedAt = Date.now();
  await run('xset', ['s', 'reset'], { env: x.env });
  input = startInputLoop(x, 250);
  await waitForState('observing', 'capture to resume after the unlock');
  await sleep(3000);

  // 4. The engine's process stopped for 20 s, as a suspend looks to it.
  seen.stoppedAt = Date.now();
  shadow.child.kill('SIGSTOP');
  await sleep(STOP_MS);
  shadow.child.kill('SIGCONT');
  seen.continuedAt = Date.now();
  await waitFor(() => shadow!.get<Coverage>('/observation/coverage'), {
    what: 'coverage to record the stall',
    until: (c) => c.stretches.some((s) => s.reason === 'suspended'),
    timeoutMs: 20_000,
  });
  await sleep(3000);
  seen.healthAtEnd = await health();
  seen.endAt = Date.now();
  await shadow.post('/capture/pause', { reason: 'end of the scenario' });
  seen.coverage = await shadow.get<Coverage>('/observation/coverage');
  seen.appTime = await shadow.get<AppTime>('/observation/app-time');
  seen.spans = (await shadow.get<Timeline>('/timeline')).days
    .flatMap((day) => day.spans)
    .map((span) => [span.from.slice(11, 23), span.kind, span.app, (Date.parse(span.to) - Date.parse(span.from)) / 1000]);
}, 420_000);

afterAll(async () => {
  await input?.stop();
  await shadow?.stop();
  await x?.stop();
  home?.remove();
});

const stretchesOf = (reason: string) => seen.coverage!.stretches.filter((s) => s.reason === reason);
const secondsOf = (reason: string): number => stretchesOf(reason).reduce((sum, s) => sum + s.seconds, 0);

describe('a display that goes away and comes back at the same name', () => {
  it('is named in health within a capture interval and a few seconds, as the one reason, with no install advice', () => {
    expect(seen.lostSeenAt - seen.killedAt).toBeLessThanOrEqual(INTERVAL_SEC * 1000 + 5000);
    const h = seen.lostHealth!;
    expect(h.capture.state).toBe('unavailable');
    expect(h.status).toBe('failing');
    const capture = h.reasons.filter((r) =>
      ['display_lost', 'screenshots_failing', 'idle_unreadable', 'window_unreadable'].includes(r.code),
    );
    expect(capture.map((r) => r.code)).toEqual(['display_lost']);
    expect(capture[0]!.message).toContain(x.display);
    expect(Date.parse(capture[0]!.since!)).toBeGreaterThanOrEqual(seen.killedAt - 1000);
    for (const r of h.reasons) expect(r.action).not.toMatch(/install/i);
    expect(h.summary).not.toMatch(/observing your screen/i);
  });

  it('shows it in the window: the pill and the banner agree with health', () => {
    expect(seen.observingWindow).toMatchObject({ pill: 'Observing', health: 'ok' });
    expect(seen.lostWindow!.health).toBe('failing');
    expect(seen.lostWindow!.banner).toMatch(/display went away/);
  });

  it('records the gap with its reason, from the loss until the display accepts clients again', () => {
    const lost = stretchesOf('display_lost');
    expect(lost.length).toBe(1);
    expect(Math.abs(Date.parse(lost[0]!.start) - seen.killedAt)).toBeLessThanOrEqual(1500);
    // It ends once the display is back (tried every 2 s), before any window is on it.
    const end = Date.parse(lost[0]!.end);
    expect(end).toBeGreaterThanOrEqual(seen.restartedAt);
    expect(end).toBeLessThanOrEqual(seen.displayBackAt + 3000);
    expect(lost[0]!.detail).toBe(`the display ${x.display} went away`);
  });

  it('observes again by itself once the display is back', () => {
    expect(seen.backAt - seen.restartedAt).toBeLessThanOrEqual(20_000);
    expect(seen.healthAtEnd!.capture.state).toBe('observing');
  });

  it("takes screenshots again in-process, over the app's own connection, and says why", () => {
    expect(seen.grabberAtStart).toBe('native');
    expect(seen.healthAtEnd!.capture.screenshots).toEqual({
      grabber: 'x11-getimage',
      fallbackReason: expect.stringMatching(new RegExp(`cannot reconnect to the display ${x.display} after it came back`)) as string,
    });
    // Frames were kept after the return: the new monitor's (below) can only come from this grabber.
    expect(seen.monitorsAfterSplit.at(-1)).toBe('WEST');
  });
});

describe('a monitor that appears mid-run', () => {
  it('is followed: frames carry the new RandR monitor of the focused window', () => {
    expect(seen.monitorsAfterSplit.at(-1)).toBe('WEST');
    expect(seen.monitorsAfterSplit).toContain('screen');
  });
});

describe('a lock through the screen saver', () => {
  it('pauses as locked, says so in health and the window, and resumes when it goes off', () => {
    expect(seen.lockedHealth!.capture).toMatchObject({ state: 'locked', pausedReason: 'the screen saver is on' });
    expect(seen.lockedWindow!.pill).toBe('Paused automatically');
    const locked = stretchesOf('locked');
    expect(locked.length).toBe(1);
    // Seen by the first poll after the saver came on (one that was taking a screenshot finishes first).
    expect(locked[0]!.seconds).toBeGreaterThanOrEqual((seen.unlockedAt - seen.lockedAt) / 1000 - 4);
    expect(locked[0]!.seconds).toBeLessThanOrEqual((seen.unlockedAt - seen.lockedAt) / 1000 + 2);
  });
});

describe('a stopped engine (a suspend as it sees it)', () => {
  it('is a gap, never active or idle time', () => {
    const suspended = stretchesOf('suspended');
    expect(suspended.length).toBe(1);
    expect(suspended[0]!.seconds).toBeGreaterThanOrEqual(STOP_MS / 1000 - 1);
    // From the last poll that ran before the stop to the first after it.
    // (a poll that was taking a screenshot when the process stopped can start it up to a few seconds earlier).
    expect(suspended[0]!.seconds).toBeLessThanOrEqual((seen.continuedAt - seen.stoppedAt) / 1000 + 5);
    expect(seen.appTime!.idleSeconds).toBe(0);
  });
});

describe('the whole run', () => {
  it('books app time only for observed seconds: the gaps are left out', () => {
    const time = seen.appTime!;
    const gaps = secondsOf('display_lost') + secondsOf('locked') + secondsOf('suspended');
    const observed = secondsOf('observing');
    // Never more than was observed (a span ends at its last poll; coverage at the moment a fault began).
    const story = JSON.stringify({
      seen: { ...seen, coverage: undefined, lostHealth: undefined, lockedHealth: undefined, healthAtEnd: undefined, appTime: undefined },
      stretches: seen.coverage!.stretches.slice(1).map((st) => [st.start.slice(11, 23), st.reason, st.seconds]),
    });
    expect(time.totalActiveSeconds, story).toBeLessThanOrEqual(observed + 1);
    // Measured from outside: from the first observation to the pause, less each fault. The first
    // observation is the engine's first observed second, between its launch and the moment the test
    // saw the editor observed (the engine may start observing well before an HTTP answer says so).
    const firstObservedAt = Date.parse(seen.coverage!.stretches.find((st) => st.observed)!.start);
    expect(firstObservedAt).toBeGreaterThanOrEqual(seen.launchedAt);
    expect(firstObservedAt).toBeLessThanOrEqual(seen.startedAt);
    const expected =
      (seen.endAt - firstObservedAt) / 1000 -
      (seen.displayBackAt - seen.killedAt) / 1000 -
      (seen.unlockedAt - seen.lockedAt) / 1000 -
      (seen.continuedAt - seen.stoppedAt) / 1000;
    // Each fault costs up to a slow poll on either side (the machine runs Chromium and the engine at once).
    expect(time.totalActiveSeconds, story).toBeGreaterThanOrEqual(expected - 12);
    expect(time.totalActiveSeconds, story).toBeLessThanOrEqual(expected + 4);
    expect(gaps).toBeGreaterThan(STOP_MS / 1000);
    const apps = Object.fromEntries(time.apps.map((a) => [a.app, a.seconds]));
    // Only the editor, and "nothing focused" (Desktop) only while the restarted display had no window yet.
    expect(Object.keys(apps).filter((app) => app !== 'Editor' && app !== 'Desktop')).toEqual([]);
    expect(apps.Desktop ?? 0).toBeLessThanOrEqual((seen.backAt - seen.restartedAt) / 1000 + 1);
  });
});

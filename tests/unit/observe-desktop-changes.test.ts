import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import { deriveHealthReasons, healthStatusOf } from '../../src/core/health/health-reasons';
import { ClockWatch } from '../../src/core/observe/clock-watch';
import { dayCoverage } from '../../src/core/observe/day-coverage';
import { Observer } from '../../src/core/observe/observer';
import { DisplayLostError, type ActiveWindow, type CaptureSource, type ScreenLock } from '../../src/core/observe/sources/capture-source';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { CoverageRepository } from '../../src/core/store/repositories/coverage-repository';
import { WritabilityMonitor } from '../../src/core/store/writability-monitor';
import { localDayBounds, localDateOf } from '../../src/core/time';
import { healthSummary } from '../../src/shared/health-text';

/** A desktop whose display, lock state and windows the test scripts; every probe fails alike while the display is gone. */
class ScriptedDesktop implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow | null = { app: 'Editor', title: 'notes.md' };
  lost: DisplayLostError | null = null;
  lock: ScreenLock | null = null;
  idle = 0;
  async activeWindow() {
    if (this.lost) throw this.lost;
    return this.window;
  }
  async idleSeconds() {
    if (this.lost) throw this.lost;
    return this.idle;
  }
  async screenLock() {
    return this.lost ? null : this.lock;
  }
  async captureScreen(): Promise<Buffer> {
    if (this.lost) throw this.lost;
    return screen;
  }
}

let screen: Buffer;
beforeAll(async () => {
  screen = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});

const T0 = Date.parse('2026-11-02T09:00:00Z');
let db: Db;
let clock: ManualClock;
let source: ScriptedDesktop;
let activity: ActivityRepository;
let coverage: CoverageRepository;
let observer: Observer;

async function runFor(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    await observer.tick();
  }
}

function health() {
  const capture = observer.health();
  const reasons = deriveHealthReasons({
    nowMs: clock.now(),
    pollIntervalMs: 1000,
    capture,
    pollDueSinceMs: observer.lastPollDueSince(),
    unavailable: observer.unavailableCause(),
    clockChange: observer.clockChange(),
    writability: { writable: true, problem: null, failingSince: null, lastError: null },
    ocr: { enabled: false, lastError: null },
    lastOcrSuccessMs: null,
  });
  return { status: healthStatusOf(reasons), codes: reasons.map((r) => r.code), reasons, summary: healthSummary({ reasons, capture }) };
}

/** Seconds of each app over the whole morning, and the stored coverage stretches by reason. */
function booked(): { apps: Record<string, number>; active: number; idle: number } {
  observer.flushOpenSpan();
  const time = activity.appTime({ window: { startMs: T0 - 3_600_000, endMs: T0 + 6 * 3_600_000 } });
  return {
    apps: Object.fromEntries(time.apps.map((a) => [a.app, a.seconds])),
    active: time.totalActiveSeconds,
    idle: time.idleSeconds,
  };
}

function stretches() {
  observer.flushOpenSpan();
  const date = localDateOf(T0);
  return dayCoverage(date, localDayBounds(date), coverage.stretches(localDayBounds(date)), clock.now()).stretches.filter(
    (s) => s.reason !== 'not_running',
  );
}

const seconds = (s: { start: string; end: string }): number => (Date.parse(s.end) - Date.parse(s.start)) / 1000;

beforeEach(() => {
  db = openDatabase(':memory:');
  clock = new ManualClock(T0);
  source = new ScriptedDesktop();
  activity = new ActivityRepository(db);
  coverage = new CoverageRepository(db);
  observer = new Observer({
    settings: settingsSchema.parse({ idleAfterSec: 30, captureIntervalSec: 10, pollIntervalMs: 1000 }),
    source,
    clock,
    activity,
    events: new EventBus(),
    writability: new WritabilityMonitor({ clock, probeWrite: () => {} }),
    coverage: coverage.sink('desktop'),
  });
  observer.start();
});

describe('a display that goes away and comes back', () => {
  it('is unavailable with one reason naming the display, books nothing for the gap, and resumes by itself', async () => {
    await runFor(20);
    const lossAt = clock.now() + 300;
    source.lost = new DisplayLostError(':7', lossAt, 'the X display :7 closed the connection');
    await runFor(40);
    const during = health();
    expect(observer.health().state).toBe('unavailable');
    // The window, idle and screenshot probes fail with the display: one reason, the cause.
    expect(during.codes).toEqual(['display_lost']);
    expect(during.reasons[0]!.message).toContain(':7');
    expect(during.reasons[0]!.since).toBe(new Date(lossAt).toISOString());
    expect(during.reasons[0]!.action).not.toMatch(/install/i);
    expect(during.summary).not.toMatch(/Observing/);

    source.lost = null;
    await runFor(15);
    expect(observer.health().state).toBe('observing');
    expect(health().codes).toEqual([]);

    const time = booked();
    // 20 s before the loss and 15 s after it, never the 40 s between.
    expect(time.apps.Editor).toBeGreaterThanOrEqual(33);
    expect(time.apps.Editor).toBeLessThanOrEqual(36);
    expect(Object.keys(time.apps)).toEqual(['Editor']);
    const gap = stretches().find((s) => s.reason === 'display_lost')!;
    expect(gap.detail).toBe('the display :7 went away');
    expect(Date.parse(gap.start)).toBe(lossAt);
    expect(seconds(gap)).toBeGreaterThanOrEqual(39);
    expect(seconds(gap)).toBeLessThanOrEqual(41);
  });
});

describe('a locked screen', () => {
  it('pauses as locked from when the lock began, and resumes when it unlocks', async () => {
    await runFor(30);
    source.lock = { why: 'screen saver on', sinceMs: clock.now() - 5000 };
    await runFor(60);
    expect(observer.health()).toMatchObject({ state: 'locked', pausedReason: 'the screen saver is on', workSessionId: null });
    expect(health().summary).toBe('Paused automatically: the screen saver is on');
    source.lock = null;
    await runFor(10);
    expect(observer.health().state).toBe('observing');
    const time = booked();
    expect(time.apps.Editor).toBeGreaterThanOrEqual(33);
    expect(time.apps.Editor).toBeLessThanOrEqual(36);
    const locked = stretches().find((s) => s.reason === 'locked')!;
    expect(seconds(locked)).toBeGreaterThanOrEqual(64);
    expect(seconds(locked)).toBeLessThanOrEqual(66);
  });

  it('stays paused after the unlock when the user paused during the lock', async () => {
    await runFor(5);
    source.lock = { why: 'screen locked', sinceMs: null };
    await runFor(5);
    observer.pause('paused by the user');
    source.lock = null;
    await runFor(5);
    expect(observer.health()).toMatchObject({ state: 'paused', pausedReason: 'paused by the user' });
  });
});

describe('a stall (the engine stopped, or the computer asleep)', () => {
  it('is recorded as a gap, never as active or idle time, even when idle time covers it', async () => {
    await runFor(20);
    // SIGSTOP for a minute: every clock moves on together, and no poll runs.
    clock.advance(60_000);
    source.idle = 70;
    await observer.tick();
    source.idle = 0;
    await runFor(10);
    const time = booked();
    expect(time.apps.Editor).toBeGreaterThanOrEqual(28);
    expect(time.apps.Editor).toBeLessThanOrEqual(31);
    expect(time.idle).toBeLessThanOrEqual(1);
    const gap = stretches().find((s) => s.reason === 'suspended')!;
    expect(seconds(gap)).toBe(60);
    expect(gap.detail).toBe('Workflow Shadow was stopped or could not run');
  });

  it('tells a suspend from a stopped process by the time since boot', async () => {
    await runFor(5);
    clock.sleep(120_000);
    await runFor(5);
    const gap = stretches().find((s) => s.reason === 'suspended')!;
    expect(seconds(gap)).toBeGreaterThanOrEqual(120);
    expect(seconds(gap)).toBeLessThanOrEqual(121);
    expect(gap.detail).toBe('the computer was asleep');
    expect(booked().apps.Editor).toBeLessThanOrEqual(10);
  });
});

describe('a wall clock that jumps', () => {
  it('forward: splits the span at the jump and books nothing for the hour that never passed', async () => {
    await runFor(20);
    clock.jump(3_600_000);
    await runFor(20);
    const time = booked();
    expect(time.apps.Editor).toBeGreaterThanOrEqual(38);
    expect(time.apps.Editor).toBeLessThanOrEqual(41);
    const jumped = stretches().find((s) => s.reason === 'clock_changed')!;
    expect(seconds(jumped)).toBeGreaterThanOrEqual(3599);
    expect(seconds(jumped)).toBeLessThanOrEqual(3601);
    expect(jumped.detail).toBe('the clock was set forward by 1h 00m');
    const now = health();
    expect(now.codes).toEqual(['clock_changed']);
    expect(now.status).toBe('degraded');
    expect(observer.health().state).toBe('observing');
  });

  it('back: never records the same minutes twice, says so, and records again once the clock passes them', async () => {
    await runFor(60);
    clock.jump(-30_000);
    await runFor(10);
    expect(observer.health().state).toBe('unavailable');
    expect(health().codes).toEqual(['clock_changed']);
    expect(health().status).toBe('failing');
    await runFor(40);
    expect(observer.health().state).toBe('observing');
    expect(observer.health().failures).toBe(0);
    const time = booked();
    // 60 s before the jump; after it, only what lies beyond the time already recorded (~20 s of the 50).
    expect(time.apps.Editor).toBeGreaterThanOrEqual(78);
    expect(time.apps.Editor).toBeLessThanOrEqual(81);
  });
});

describe('ClockWatch', () => {
  it('costs nothing while time just passes, and tells a stall, a suspend and a jump apart', () => {
    const c = new ManualClock(T0);
    const watch = new ClockWatch(c, 15_000);
    expect(watch.check()).toBeNull();
    c.advance(1000);
    expect(watch.check()).toBeNull();
    c.advance(1500); // a late poll is not a change of the clock
    expect(watch.check()).toBeNull();
    c.advance(20_000);
    expect(watch.check()).toMatchObject({ kind: 'stall', asleep: false, endMs: c.now(), startMs: c.now() - 20_000 });
    c.sleep(30_000);
    expect(watch.check()).toMatchObject({ kind: 'stall', asleep: true, startMs: c.now() - 30_000 });
    c.jump(-600_000);
    c.advance(1000);
    expect(watch.check()).toMatchObject({ kind: 'jump', byMs: -600_000, elapsedMs: 1000 });
  });
});

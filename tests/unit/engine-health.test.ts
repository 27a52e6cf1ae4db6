import Database from 'better-sqlite3-multiple-ciphers';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import { deriveHealthReasons, healthStatusOf } from '../../src/core/health/health-reasons';
import { dayCoverage } from '../../src/core/observe/day-coverage';
import { Observer } from '../../src/core/observe/observer';
import { NoDisplayError, type ActiveWindow, type CaptureSource } from '../../src/core/observe/sources/capture-source';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { CoverageRepository } from '../../src/core/store/repositories/coverage-repository';
import { WritabilityMonitor } from '../../src/core/store/writability-monitor';
import { localDayBounds } from '../../src/core/time';
import { healthSummary } from '../../src/shared/health-text';
import { trayMenuModel } from '../../src/main/policy/tray-menu';

class ScriptedSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow | null = { app: 'Excel', title: 'Ledger.xlsx' };
  windowError: Error | null = null;
  idleError: Error | null = null;
  screenshotError: Error | null = null;
  async activeWindow() {
    if (this.windowError) throw this.windowError;
    return this.window;
  }
  async idleSeconds() {
    if (this.idleError) throw this.idleError;
    return 0;
  }
  async captureScreen(): Promise<Buffer> {
    if (this.screenshotError) throw this.screenshotError;
    return screen;
  }
}

let screen: Buffer;
beforeAll(async () => {
  screen = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});

const diskFull = (): Error => new Database.SqliteError('database or disk is full', 'SQLITE_FULL');

const T0 = Date.parse('2026-11-02T09:00:00Z');
let db: Db;
let clock: ManualClock;
let source: ScriptedSource;
let activity: ActivityRepository;
let coverage: CoverageRepository;
let writability: WritabilityMonitor;
let observer: Observer;
/** While true, every write of the observer and the probe fails as on a full disk. */
let full: boolean;

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
    writability: writability.state(),
    ocr: { enabled: false, lastError: null },
    lastOcrSuccessMs: null,
  });
  return { status: healthStatusOf(reasons), reasons, capture, summary: healthSummary({ reasons, capture }) };
}

beforeEach(() => {
  db = openDatabase(':memory:');
  clock = new ManualClock(T0);
  source = new ScriptedSource();
  full = false;
  const real = new ActivityRepository(db);
  // The activity store as it behaves on a full disk: every write throws SQLITE_FULL.
  activity = Object.assign(Object.create(real) as ActivityRepository, {
    startWorkSession: (at: number, kind: 'desktop' | 'replay') => {
      if (full) throw diskFull();
      return real.startWorkSession(at, kind);
    },
    endWorkSession: (...args: Parameters<ActivityRepository['endWorkSession']>) => {
      if (full) throw diskFull();
      real.endWorkSession(...args);
    },
    spanSink: (id: () => number) => {
      const sink = real.spanSink(id);
      return {
        open: (span: Parameters<typeof sink.open>[0]) => {
          if (full) throw diskFull();
          return sink.open(span);
        },
        update: (key: number, span: Parameters<typeof sink.update>[1]) => {
          if (full) throw diskFull();
          sink.update(key, span);
        },
      };
    },
  });
  coverage = new CoverageRepository(db);
  const coverageSink = coverage.sink('desktop');
  writability = new WritabilityMonitor({
    clock,
    probeWrite: () => {
      if (full) throw diskFull();
    },
  });
  observer = new Observer({
    settings: settingsSchema.parse({ idleAfterSec: 30, captureIntervalSec: 10 }),
    source,
    clock,
    activity,
    events: new EventBus(),
    writability,
    coverage: {
      open: (s) => {
        if (full) throw diskFull();
        return coverageSink.open(s);
      },
      update: (id, s) => {
        if (full) throw diskFull();
        coverageSink.update(id, s);
      },
    },
  });
  observer.start();
});

describe('health derived from what succeeded', () => {
  it('is ok while every probe succeeds (a missing screenshot tool only degrades it)', async () => {
    source.screenshotError = null;
    await runFor(1);
    source.screenshotError = new Error('import: command not found');
    await runFor(20);
    const h = health();
    expect(h.capture.state).toBe('observing');
    expect(h.status).toBe('degraded');
    expect(h.reasons.map((r) => r.code)).toEqual(['screenshots_failing']);
    expect(h.reasons[0]!.message).toMatch(/App time is recorded, but screenshots fail \(import: command not found\)/);
    expect(h.summary).toMatch(/^Observing your screen\. App time is recorded, but screenshots fail/);
  });

  it('is failing and not observing while there is no display, and observes again by itself', async () => {
    await runFor(5);
    source.windowError = new NoDisplayError('No X display to observe (DISPLAY is not set)');
    await runFor(3);
    let h = health();
    expect(h.capture.state).toBe('unavailable');
    expect(h.status).toBe('failing');
    expect(h.reasons[0]).toMatchObject({ code: 'no_display', severity: 'failing' });
    expect(h.summary).toBe('Not observing: No X display to observe (DISPLAY is not set)');
    const menu = trayMenuModel({
      state: h.capture.state,
      pausedReason: h.capture.pausedReason,
      autoPaused: false,
      launchAtLogin: false,
      pendingQuestion: null,
    });
    expect(menu[0]).toEqual({ kind: 'status', label: 'Not observing: No X display to observe (DISPLAY is not set)' });
    source.windowError = null;
    await runFor(2);
    h = health();
    expect(h).toMatchObject({ status: 'ok', reasons: [], capture: { state: 'observing', pausedReason: null } });
  });

  it('reports a window that cannot be read, and idle time that cannot be read', async () => {
    source.windowError = new Error('xprop: timed out');
    await runFor(2);
    expect(health().reasons[0]).toMatchObject({ code: 'window_unreadable', severity: 'failing' });
    source.windowError = null;
    source.idleError = new Error('xprintidle: not found');
    await runFor(2);
    const h = health();
    expect(h.status).toBe('degraded');
    expect(h.reasons.map((r) => r.code)).toContain('idle_unreadable');
  });

  it('says capture is stuck when no poll has read the screen for a while', async () => {
    await runFor(3);
    clock.advance(60_000);
    expect(health().reasons[0]).toMatchObject({ code: 'capture_stalled', severity: 'failing' });
  });
});

describe('capture on a store that cannot be written', () => {
  it('pauses itself with the reason, loses nothing acknowledged, and resumes when a write succeeds again', async () => {
    await runFor(30);
    const first = observer.health().workSessionId!;
    full = true;
    await runFor(40);
    let h = health();
    expect(h.capture).toMatchObject({ state: 'unavailable', workSessionId: null });
    expect(h.capture.pausedReason).toMatch(/disk holding your Workflow Shadow profile is full/);
    expect(h.status).toBe('failing');
    expect(h.reasons[0]).toMatchObject({ code: 'storage_unavailable', action: expect.stringMatching(/Free some space/) });
    expect(writability.probe()).toBe(false);

    full = false;
    expect(writability.probe()).toBe(true);
    h = health();
    expect(h).toMatchObject({ status: 'ok', capture: { state: 'observing' } });
    const second = observer.health().workSessionId!;
    expect(second).not.toBe(first);
    await runFor(20);
    observer.flushOpenSpan();
    // The work session the failure cut off is closed as interrupted at what was saved of it.
    expect(activity.getWorkSession(first)).toMatchObject({ status: 'interrupted', endReason: 'nothing could be saved' });
    expect(activity.getWorkSession(first)!.activeSeconds).toBeGreaterThanOrEqual(20);
    const day = dayCoverage('2026-11-02', localDayBounds('2026-11-02'), coverage.stretches(localDayBounds('2026-11-02')), clock.now());
    const reasons = day.stretches.map((s) => s.reason);
    expect(reasons).toEqual(['not_running', 'observing', 'storage_error', 'observing']);
    expect(day.stretches[2]!.seconds).toBeGreaterThanOrEqual(40);
  });

  it('does not resume by itself when the user paused meanwhile', () => {
    full = true;
    writability.failed(diskFull());
    expect(observer.health().state).toBe('unavailable');
    observer.pause('paused by the user');
    full = false;
    writability.probe();
    expect(observer.health()).toMatchObject({ state: 'paused', pausedReason: 'paused by the user' });
  });
});

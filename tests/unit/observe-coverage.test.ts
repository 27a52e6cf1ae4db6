import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import { CoverageTracker } from '../../src/core/observe/coverage-tracker';
import { dayCoverage } from '../../src/core/observe/day-coverage';
import { Observer } from '../../src/core/observe/observer';
import { NoDisplayError, type ActiveWindow, type CaptureSource } from '../../src/core/observe/sources/capture-source';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { CoverageRepository, type CoverageSink } from '../../src/core/store/repositories/coverage-repository';
import { localDayBounds } from '../../src/core/time';

/** A desktop whose focus, idle time and display the test scripts; screenshots are never due (long interval). */
class ScriptedSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow | null = { app: 'Excel', title: 'Ledger.xlsx' };
  idle = 0;
  noDisplay = false;
  async activeWindow() {
    if (this.noDisplay) throw new NoDisplayError('No X display to observe (DISPLAY is not set)');
    return this.window;
  }
  async idleSeconds() {
    return this.idle;
  }
  async captureScreen(): Promise<Buffer> {
    throw new Error('no screenshots in this test');
  }
}

const T0 = Date.parse('2026-11-02T09:00:00Z');
const DAY = localDayBounds('2026-11-02');
let db: Db;
let clock: ManualClock;
let source: ScriptedSource;
let coverage: CoverageRepository;
let observer: Observer;
let writes: number;

async function runFor(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    await observer.tick();
  }
}

const rowCount = (): number => (db.prepare('SELECT COUNT(*) AS n FROM observation_coverage').get() as { n: number }).n;

beforeEach(() => {
  db = openDatabase(':memory:');
  clock = new ManualClock(T0);
  source = new ScriptedSource();
  coverage = new CoverageRepository(db);
  const sink = coverage.sink('desktop');
  writes = 0;
  const counting: CoverageSink = {
    open: (s) => (writes++, sink.open(s)),
    update: (id, s) => (writes++, sink.update(id, s)),
  };
  observer = new Observer({
    settings: settingsSchema.parse({ idleAfterSec: 30, captureIntervalSec: 3600, exclusions: [{ app: 'KeePassXC' }] }),
    source,
    clock,
    activity: new ActivityRepository(db),
    events: new EventBus(),
    coverage: counting,
  });
  observer.start();
});

describe('observation coverage', () => {
  it('records each state as one stretch, extended in place, never a row per poll', async () => {
    await runFor(600);
    expect(rowCount()).toBe(1);
    // One insert, then the end written every 10 s: not 600 writes.
    expect(writes).toBeLessThanOrEqual(61);
    observer.flushOpenSpan();
    const day = dayCoverage('2026-11-02', DAY, coverage.stretches(DAY), clock.now());
    expect(day.stretches.filter((s) => s.observed)).toEqual([
      expect.objectContaining({ reason: 'observing', start: '2026-11-02T09:00:01.000Z', end: '2026-11-02T09:10:00.000Z', seconds: 599 }),
    ]);
  });

  it('tells every gap with its reason: idle is observed, private, paused, no display and not running are not', async () => {
    await runFor(60); // 09:00:01–09:01:00 observing
    for (let i = 1; i <= 60; i++) {
      source.idle = i;
      clock.advance(1000);
      await observer.tick();
    } // idle from the last input (09:01:00) on
    source.idle = 0;
    source.window = { app: 'KeePassXC', title: 'Passwords.kdbx' };
    await runFor(30);
    source.window = { app: 'Excel', title: 'Ledger.xlsx' };
    await runFor(30);
    observer.pause('paused from the tray');
    await runFor(120);
    observer.resume();
    await runFor(30);
    source.noDisplay = true;
    await runFor(45);
    source.noDisplay = false;
    await runFor(15);
    observer.stop();
    clock.advance(3_600_000);
    const day = dayCoverage('2026-11-02', DAY, coverage.stretches(DAY), clock.now());
    const shape = day.stretches.map((s) => [s.reason, s.observed, s.seconds]);
    expect(shape).toEqual([
      ['not_running', false, 9 * 3600 + 1],
      ['observing', true, 59],
      ['idle', true, 61],
      ['private', false, 30],
      // Polls are a second apart: the last poll before the pause is where the pause begins, and the
      // pause lasts until the first poll after resuming.
      ['observing', true, 29],
      ['paused', false, 121],
      ['observing', true, 30],
      ['no_display', false, 45],
      ['observing', true, 14],
      ['not_running', false, 3600],
    ]);
    expect(day.stretches.find((s) => s.reason === 'paused')).toMatchObject({
      detail: 'paused from the tray',
      label: 'Not observed: paused',
    });
    expect(day.stretches.find((s) => s.reason === 'no_display')?.detail).toMatch(/DISPLAY is not set/);
    // Every moment of the day up to now is in exactly one stretch.
    for (let i = 1; i < day.stretches.length; i++) expect(day.stretches[i]!.start).toBe(day.stretches[i - 1]!.end);
    expect(day.observedSeconds + day.notObservedSeconds).toBe((clock.now() - DAY.startMs) / 1000);
    expect(rowCount()).toBe(8);
  });

  it('keeps stretches in memory while the store cannot be written, and writes them once it can', () => {
    const rows: { reason: string; startMs: number; endMs: number }[] = [];
    let failing = true;
    const sink: CoverageSink = {
      open: (s) => {
        if (failing) throw Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
        rows.push({ ...s });
        return rows.length - 1;
      },
      update: (id, s) => {
        if (failing) throw new Error('database or disk is full');
        rows[id] = { ...s };
      },
    };
    const errors: unknown[] = [];
    const tracker = new CoverageTracker(sink, { maxGapMs: 5000, flushEveryMs: 10_000, onWriteError: (e) => errors.push(e) > 0 });
    for (let t = 0; t <= 30_000; t += 1000) tracker.note(T0 + t, 'observing');
    for (let t = 31_000; t <= 90_000; t += 1000) tracker.note(T0 + t, 'storage_error', 'the disk is full');
    expect(rows).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    expect(tracker.waiting).toBe(1);
    failing = false;
    tracker.retry();
    expect(rows.map((r) => [r.reason, (r.endMs - r.startMs) / 1000])).toEqual([
      ['observing', 31],
      ['storage_error', 59],
    ]);
  });

  it('drops a stretch the store refuses for good, so the ones after it are still written', () => {
    const rows: { reason: string; startMs: number; endMs: number }[] = [];
    const refused: unknown[] = [];
    const tracker = new CoverageTracker(
      {
        open: (s) => {
          if (!Number.isInteger(s.startMs)) throw new Error('cannot store REAL value in INTEGER column');
          return rows.push({ ...s }) - 1;
        },
        update: (id, s) => void (rows[id] = { ...s }),
      },
      { maxGapMs: 5000, flushEveryMs: 10_000, onWriteError: (e) => refused.push(e) < 0 },
    );
    tracker.note(T0, 'observing');
    tracker.gap(T0 + 0.5, T0 + 20_000, 'suspended', null);
    tracker.note(T0 + 21_000, 'observing');
    tracker.note(T0 + 22_000, 'observing');
    tracker.close();
    expect(refused).toHaveLength(1);
    expect(rows.map((r) => [r.reason, r.startMs - T0])).toEqual([
      ['observing', 0],
      ['observing', 21_000],
    ]);
  });

  it('shows a stretch without notes (the app was suspended) as not running', () => {
    const rows: { reason: string; startMs: number; endMs: number }[] = [];
    const tracker = new CoverageTracker(
      { open: (s) => rows.push({ ...s }) - 1, update: (id, s) => void (rows[id] = { ...s }) },
      { maxGapMs: 5000, flushEveryMs: 10_000, onWriteError: () => true },
    );
    tracker.note(T0, 'observing');
    tracker.note(T0 + 4000, 'observing');
    tracker.note(T0 + 600_000, 'observing');
    tracker.note(T0 + 603_000, 'observing');
    tracker.close();
    const day = dayCoverage(
      '2026-11-02',
      DAY,
      rows.map((r) => ({ ...r, reason: 'observing' as const, detail: null })),
      T0 + 3_600_000,
    );
    expect(day.stretches.map((s) => [s.reason, s.seconds])).toEqual([
      ['not_running', 9 * 3600],
      ['observing', 4],
      ['not_running', 596],
      ['observing', 3],
      ['not_running', 3600 - 603],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { localDateOf, localDayBounds } from '../../src/core/time';
import { startEngine } from '../../src/server/start-engine';
import type { ExpectedAppTime } from '../../scripts/day/timeline';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * Replaying a day that is already stored replaces that replay's data (issue 13, point 5), and the store
 * keeps every day's active + idle + private time within the day's wall-clock span, however often a day
 * is replayed: before, 13 replays of the demo day reported 80 hours in one day.
 */

const demoDir = fileURLToPath(new URL('../../profiles/demo/', import.meta.url));
const expected = JSON.parse(readFileSync(`${demoDir}expected-app-time.json`, 'utf8')) as ExpectedAppTime;

let home: TempShadowHome | undefined;
afterEach(() => {
  home?.remove();
  home = undefined;
});

async function replay(dir: string, settings: Record<string, unknown> = {}): Promise<void> {
  const engine = await startEngine({ port: 0, replayDir: dir, settings: { ocrEnabled: false, ...settings }, env: {} });
  try {
    await engine.replayDone;
    await engine.core.sessions.idle();
  } finally {
    await engine.stop();
  }
}

const count = (db: Db, sql: string): number => (db.prepare(sql).get() as { n: number }).n;

/**
 * The store-level invariant, for every local day that has spans: the day's active + idle + private time
 * is at most the wall-clock span from its first observed moment to its last.
 */
function checkInvariant(db: Db): { date: string; recorded: number; wallClock: number }[] {
  const activity = new ActivityRepository(db);
  const days = (db.prepare(`SELECT DISTINCT start_ms AS startMs FROM activity_spans`).all() as { startMs: number }[]).map((r) =>
    localDateOf(r.startMs),
  );
  return [...new Set(days)].map((date) => {
    const window = localDayBounds(date);
    const time = activity.appTime({ window });
    const { first, last } = db
      .prepare(`SELECT MIN(MAX(start_ms, ?)) AS first, MAX(MIN(end_ms, ?)) AS last FROM activity_spans WHERE start_ms < ? AND end_ms > ?`)
      .get(window.startMs, window.endMs, window.endMs, window.startMs) as { first: number; last: number };
    return { date, recorded: time.totalActiveSeconds + time.idleSeconds + time.privateSeconds, wallClock: (last - first) / 1000 };
  });
}

describe('replay is idempotent', { timeout: 240_000 }, () => {
  it('replaying the demo day again in the same profile gives the same figures, not twice them', async () => {
    home = createTempShadowHome('shadow-replay-twice-');
    process.env.SHADOW_HOME = home.home;
    const settings = { idleAfterSec: expected.idleAfterSec, pollIntervalMs: 1000, captureIntervalSec: 10 };
    const figures = () => {
      const db = openDatabase(home!.paths.database);
      try {
        const time = new ActivityRepository(db).appTime({ window: localDayBounds(expected.date) });
        return {
          active: time.totalActiveSeconds,
          idle: time.idleSeconds,
          private: time.privateSeconds,
          workSessions: count(db, 'SELECT COUNT(*) AS n FROM work_sessions'),
          tasks: count(db, 'SELECT COUNT(*) AS n FROM tasks'),
          finalSummaries: count(db, `SELECT COUNT(*) AS n FROM work_session_summaries WHERE kind = 'final'`),
          invariant: checkInvariant(db),
        };
      } finally {
        db.close();
      }
    };
    await replay(`${demoDir}day`, settings);
    const once = figures();
    expect(Math.abs(once.active - expected.activeSeconds)).toBeLessThanOrEqual(expected.activeSeconds * 0.01);
    await replay(`${demoDir}day`, settings);
    const twice = figures();
    expect(twice).toEqual(once);
    for (const day of twice.invariant) expect(day.recorded, day.date).toBeLessThanOrEqual(day.wallClock);
  });

  it('keeps every day within its wall-clock span over 13 replays, in the store itself', async () => {
    home = createTempShadowHome('shadow-replay-13-');
    process.env.SHADOW_HOME = home.home;
    const day = await writeTinyDay(
      [
        { app: 'Excel', title: 'Ledger.xlsx', seconds: 600 },
        // A card number in a title: the privacy report counts its redaction once per replayed day, not per replay.
        { app: 'Firefox', title: 'Bank portal - card 4111 1111 1111 1111', seconds: 300 },
        { app: 'Slack', title: '#finance', seconds: 400, away: true },
        { app: 'Excel', title: 'Ledger.xlsx', seconds: 500 },
      ],
      '2026-03-10T09:00:00.000Z',
    );
    let first: ReturnType<typeof checkInvariant> | undefined;
    for (let i = 1; i <= 13; i++) {
      await replay(day, { idleAfterSec: 60 });
      const db = openDatabase(home.paths.database);
      try {
        const days = checkInvariant(db);
        for (const d of days) expect(d.recorded, `replay ${i}, ${d.date}`).toBeLessThanOrEqual(d.wallClock);
        first ??= days;
        expect(days, `replay ${i}`).toEqual(first);
        expect(count(db, 'SELECT COUNT(*) AS n FROM work_sessions')).toBe(1);
        expect(
          count(db, `SELECT COALESCE(SUM(count), 0) AS n FROM privacy_counts WHERE metric LIKE 'redacted:%:card'`),
          `replay ${i}`,
        ).toBe(1);
      } finally {
        db.close();
      }
    }
    expect(first).toEqual([{ date: '2026-03-10', recorded: 1800, wallClock: 1800 }]);
  });

  it('refuses, in the store, a span over time already recorded', () => {
    const db = openDatabase(':memory:');
    const activity = new ActivityRepository(db);
    const at = Date.parse('2026-03-10T09:00:00Z');
    const a = activity.startWorkSession(at, 'replay');
    const b = activity.startWorkSession(at, 'replay');
    const sinkA = activity.spanSink(() => a);
    const sinkB = activity.spanSink(() => b);
    const span = (startMs: number, endMs: number) => ({
      kind: 'app' as const,
      app: 'Excel',
      title: 'Ledger',
      privateReason: null,
      startMs,
      endMs,
    });
    const first = sinkA.open(span(at, at + 60_000));
    // Touching is fine; overlapping (from either side, or inside) is refused.
    sinkB.open(span(at + 60_000, at + 120_000));
    for (const [start, end] of [
      [at + 30_000, at + 90_000],
      [at - 30_000, at + 10_000],
      [at + 10_000, at + 20_000],
      [at - 10_000, at + 200_000],
    ] as const) {
      expect(() => sinkB.open(span(start, end)), `${start - at}..${end - at}`).toThrow(/may not overlap/);
    }
    // Growing a span over the next one is refused too.
    expect(() => sinkA.update(first, span(at, at + 61_000))).toThrow(/may not overlap/);
    sinkA.update(first, span(at, at + 60_000));
    db.close();
  });

  it('refuses to replay over time the desktop was observed, and says how to replay instead', async () => {
    home = createTempShadowHome('shadow-replay-desktop-');
    process.env.SHADOW_HOME = home.home;
    const day = await writeTinyDay([{ app: 'Excel', title: 'Ledger.xlsx', seconds: 300 }], '2026-03-10T09:00:00.000Z');
    const db = openDatabase(home.paths.database);
    const activity = new ActivityRepository(db);
    const at = Date.parse('2026-03-10T09:02:00Z');
    const ws = activity.startWorkSession(at, 'desktop');
    activity.spanSink(() => ws).open({ kind: 'app', app: 'Outlook', title: 'Inbox', privateReason: null, startMs: at, endMs: at + 60_000 });
    db.close();
    await expect(startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false }, env: {} })).rejects.toThrow(
      /already holds what the desktop showed on 2026-03-10 .* Replay into another profile instead: SHADOW_PROFILE=replay/,
    );
  });
});

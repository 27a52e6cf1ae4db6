import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { seededRandom } from '../../scripts/day/timeline';

let db: Db;
let activity: ActivityRepository;

beforeEach(() => {
  db = openDatabase(':memory:');
  activity = new ActivityRepository(db);
});
afterEach(() => db.close());

describe('activeSecondsIn', () => {
  it('gives each window the active time appTime gives it, over spans of every kind and length', () => {
    const random = seededRandom(7);
    const start = Date.parse('2026-03-02T08:00:00.000Z');
    const id = activity.startWorkSession(start, 'desktop');
    const sink = activity.spanSink(() => id);
    let at = start;
    const kinds = ['app', 'app', 'app', 'idle', 'private'] as const;
    for (let i = 0; i < 400; i++) {
      const kind = kinds[Math.floor(random() * kinds.length)]!;
      // Mostly short spans, now and then one of hours (so a window can start inside a long one), some with a gap after.
      const length = Math.round(random() < 0.05 ? random() * 4 * 3_600_000 : random() * 600_000);
      sink.open({
        kind,
        app: kind === 'app' ? `App ${i % 7}` : null,
        title: kind === 'app' ? `Window ${i % 11}` : null,
        privateReason: kind === 'private' ? 'password manager' : null,
        startMs: at,
        endMs: at + length,
      });
      at += length + (random() < 0.3 ? Math.round(random() * 900_000) : 0);
    }
    const windows = Array.from({ length: 120 }, () => {
      const from = start - 3_600_000 + Math.round(random() * (at - start + 7_200_000));
      return { startMs: from, endMs: from + Math.round(random() * 5 * 3_600_000) + 1 };
    });
    const batched = activity.activeSecondsIn(windows);
    expect(batched).toEqual(windows.map((window) => activity.appTime({ window }).totalActiveSeconds));
    expect(batched.some((s) => s > 0)).toBe(true);
    expect(activity.activeSecondsIn([])).toEqual([]);
  });
});

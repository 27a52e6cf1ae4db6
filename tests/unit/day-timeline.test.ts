import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { CoverageRepository } from '../../src/core/store/repositories/coverage-repository';
import { MemorySummaryRepository } from '../../src/core/store/repositories/memory-summary-repository';
import { MemoryTaskRepository } from '../../src/core/store/repositories/memory-task-repository';
import { consecutiveDays, dayTimeline, type DayTimelineDeps } from '../../src/core/timeline/day-timeline';

// vitest runs in UTC, so the local day is the UTC day.
/** `HH:MM` on 2026-03-10, or `YYYY-MM-DD HH:MM`. */
const at = (when: string, date = '2026-03-10'): number =>
  when.includes(' ') ? Date.parse(`${when.replace(' ', 'T')}:00Z`) : Date.parse(`${date}T${when}:00Z`);
const iso = (hhmm: string, date = '2026-03-10'): string => new Date(at(hhmm, date)).toISOString();

let db: Db;
let deps: DayTimelineDeps;
let activity: ActivityRepository;

/** A work session of spans `[kind, app, title, from, to]`, ended with `reason` (or left open). */
function workSession(
  spans: [kind: 'app' | 'idle' | 'private', app: string | null, title: string | null, from: string, to: string][],
  reason?: string,
) {
  const id = activity.startWorkSession(at(spans[0]![3]), 'desktop');
  const sink = activity.spanSink(() => id);
  for (const [kind, app, title, from, to] of spans) {
    sink.open({ kind, app, title, privateReason: kind === 'private' ? 'password manager' : null, startMs: at(from), endMs: at(to) });
  }
  if (reason) activity.endWorkSession(id, at(spans.at(-1)![4]), reason);
  return id;
}

beforeEach(() => {
  db = openDatabase(':memory:');
  activity = new ActivityRepository(db);
  deps = { activity, tasks: new MemoryTaskRepository(db), summaries: new MemorySummaryRepository(db) };
});

afterEach(() => db.close());

describe('the day timeline', () => {
  it('draws the spans of every work session and labels the stops between them with their reasons', () => {
    // Yesterday's late work and tomorrow's do not leak into the day.
    workSession([['app', 'Slack', '#finance', '2026-03-09 23:00', '2026-03-09 23:30']], 'end of day');
    workSession([['app', 'Slack', '#finance', '2026-03-11 08:00', '2026-03-11 08:30']], 'the app quit');
    const morning = workSession(
      [
        ['app', 'Microsoft Outlook', 'Inbox - Outlook', '08:30', '09:10'],
        ['app', 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', '09:10', '10:15'],
        ['private', null, null, '10:15', '10:16'],
        ['idle', null, null, '10:16', '10:40'],
        ['app', 'Google Chrome', 'Northwind Bank - Chrome', '10:40', '11:00'],
      ],
      'paused from the window',
    );
    deps.tasks.replaceWorkSessionTasks(morning, [
      {
        name: 'Invoice 4471',
        startMs: at('08:30'),
        endMs: at('09:10'),
        open: false,
        apps: ['Microsoft Outlook'],
        titles: [],
        switches: 0,
        brief: '',
      },
      {
        name: 'Ledger',
        startMs: at('09:10'),
        endMs: at('11:00'),
        open: false,
        apps: ['Microsoft Excel'],
        titles: [],
        switches: 2,
        brief: '',
      },
    ]);
    workSession([['app', 'Microsoft Excel', 'Q3 Budget.xlsx - Excel', '11:30', '12:00']], 'the app quit');
    const afternoon = workSession([['app', 'Slack', '#finance - Slack', '14:00', '14:20']]);
    deps.tasks.replaceWorkSessionTasks(afternoon, [
      { name: 'Slack', startMs: at('14:00'), endMs: at('14:00'), open: true, apps: ['Slack'], titles: [], switches: 0, brief: '' },
    ]);

    const day = dayTimeline(deps, '2026-03-10', at('14:20'));
    expect(day.observed).toEqual({ from: iso('08:30'), to: iso('14:20') });
    expect(day.spans.map((s) => [s.kind, s.app, s.from.slice(11, 16), s.to.slice(11, 16)])).toEqual([
      ['app', 'Microsoft Outlook', '08:30', '09:10'],
      ['app', 'Microsoft Excel', '09:10', '10:15'],
      ['private', null, '10:15', '10:16'],
      ['idle', null, '10:16', '10:40'],
      ['app', 'Google Chrome', '10:40', '11:00'],
      ['app', 'Microsoft Excel', '11:30', '12:00'],
      ['app', 'Slack', '14:00', '14:20'],
    ]);
    expect(day.spans.find((s) => s.kind === 'private')).toMatchObject({ app: null, title: null });
    expect(day.gaps).toEqual([
      { kind: 'paused', reason: 'paused from the window', from: iso('11:00'), to: iso('11:30') },
      { kind: 'not-observed', reason: 'Workflow Shadow was not running', from: iso('12:00'), to: iso('14:00') },
    ]);
    expect(day.tasks.map((t) => [t.name, t.endedAt])).toEqual([
      ['Invoice 4471', iso('09:10')],
      ['Ledger', iso('11:00')],
      ['Slack', null],
    ]);
    expect(day).toMatchObject({ activeSeconds: 175 * 60, idleSeconds: 24 * 60, privateSeconds: 60 });
  });

  it('shows a stop since the last work session up to now while the day is today, and never on a day gone by', () => {
    workSession([['app', 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', '08:00', '09:00']], 'paused automatically: the screen was locked');
    expect(dayTimeline(deps, '2026-03-10', at('09:45')).gaps).toEqual([
      { kind: 'paused', reason: 'paused automatically: the screen was locked', from: iso('09:00'), to: iso('09:45') },
    ]);
    expect(dayTimeline(deps, '2026-03-10', at('08:00', '2026-03-11')).gaps).toEqual([]);
    const empty = dayTimeline(deps, '2026-03-09', at('09:45'));
    expect(empty).toMatchObject({ observed: null, spans: [], gaps: [], tasks: [], activeSeconds: 0 });
  });

  it('shows the gaps the coverage record saw inside a work session (no display, a full disk), with their reasons', () => {
    workSession(
      [
        ['app', 'Excel', 'Ledger.xlsx', '09:00', '10:00'],
        ['app', 'Excel', 'Ledger.xlsx', '10:30', '11:00'],
      ],
      'the app quit',
    );
    const coverage = new CoverageRepository(db);
    const sink = coverage.sink('desktop');
    sink.open({ reason: 'observing', detail: null, startMs: at('09:00'), endMs: at('10:00') });
    sink.open({ reason: 'no_display', detail: 'DISPLAY is not set', startMs: at('10:00'), endMs: at('10:20') });
    sink.open({ reason: 'storage_error', detail: null, startMs: at('10:20'), endMs: at('10:20') + 30_000 });
    sink.open({ reason: 'observing', detail: null, startMs: at('10:30'), endMs: at('11:00') });
    const day = dayTimeline({ ...deps, coverage: (window) => coverage.stretches(window) }, '2026-03-10', at('17:00'));
    const inside = day.gaps.filter((g) => Date.parse(g.to) <= at('11:00'));
    // The 30-second storage stop is too short to label; the 20 minutes without a display are a gap.
    expect(inside).toEqual([
      {
        kind: 'not-observed',
        from: iso('10:00'),
        to: iso('10:20'),
        reason: 'Not observed: the screen could not be seen (no display) (DISPLAY is not set)',
      },
    ]);
    // Without the record, the same work session reads as observed throughout.
    expect(dayTimeline(deps, '2026-03-10', at('17:00')).gaps.filter((g) => Date.parse(g.to) <= at('11:00'))).toEqual([]);
  });

  it('counts consecutive local days across a month end', () => {
    expect(consecutiveDays('2026-02-26', 5)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it("counts a stop only when no device observed: another device's work fills this one's stops", () => {
    // This device: 08:30–16:30 without a stop. Another device (imported): 09:00–10:00, then 17:00–17:30.
    workSession([['app', 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', '08:30', '16:30']], 'paused by the user');
    db.prepare(`INSERT INTO devices (id, name) VALUES ('0123456789abcdef', 'desktop')`).run();
    const other = (from: string, to: string): void => {
      const id = (
        db
          .prepare(
            `INSERT INTO work_sessions (started_at, ended_at, status, source, end_reason, device) VALUES (?, ?, 'completed', 'desktop', 'the app quit', 2) RETURNING id`,
          )
          .get(at(from), at(to)) as { id: number }
      ).id;
      db.prepare(
        `INSERT INTO activity_spans (work_session_id, kind, app, title, start_ms, end_ms, device) VALUES (?, 'app', 'Slack', '#finance', ?, ?, 2)`,
      ).run(id, at(from), at(to));
    };
    other('09:00', '10:00');
    other('17:00', '17:30');
    const day = dayTimeline(deps, '2026-03-10', at('2026-03-11 08:00'));
    // The one stop: 16:30–17:00, when neither observed (not 10:00–17:00 after the other device's first hour).
    expect(day.gaps.map((g) => [g.from, g.to])).toEqual([[iso('16:30'), iso('17:00')]]);
    expect(day.observed).toEqual({ from: iso('08:30'), to: iso('17:30') });
    expect(day.spans.filter((s) => s.app === 'Slack').map((s) => s.device?.name)).toEqual(['desktop', 'desktop']);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanTitle, segmentTasks, taskName, type SpanLike } from '../../src/core/memory/task-segmentation';

const MIN = 60_000;
let t = 0;
function spans(...parts: Array<[kind: SpanLike['kind'], app: string | null, title: string | null, minutes: number]>): SpanLike[] {
  t = Date.parse('2026-03-10T09:00:00Z');
  return parts.map(([kind, app, title, minutes]) => {
    const span = { kind, app, title, startMs: t, endMs: t + minutes * MIN };
    t += minutes * MIN;
    return span;
  });
}

describe('task segmentation', () => {
  it('starts no 0-second task from the instant a window shows after a private window', () => {
    // The observer flushes the window under the private one at the moment the private window closes,
    // then the work session ends: that zero-length span is no work and no task.
    const day = spans(['app', 'Excel', 'Ledger.xlsx - Excel', 20], ['private', null, null, 6], ['app', 'Slack', '#team - Slack', 0]);
    for (const open of [true, false]) {
      const tasks = segmentTasks(day, open);
      expect(tasks.map((x) => [x.name, (x.endMs - x.startMs) / MIN])).toEqual([['Ledger.xlsx (Excel)', 20]]);
    }
  });

  it('names a task by its window without cutting a word', () => {
    const title = 'Retry idempotent calls on upstream reset by somebody · Pull Request #884 · example-org/checkout-service';
    const name = cleanTitle(`${title} - Google Chrome`, 'Google Chrome');
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name).toMatch(/…$/);
    const shown = name.slice(0, -1);
    expect(title.startsWith(shown)).toBe(true);
    expect(title.charAt(shown.length)).toMatch(/[\s·]/);
  });

  it('never lets a task run through time nothing was observed, so a gap is never told as work', () => {
    const start = Date.parse('2026-03-10T09:00:00Z');
    const ledger = { kind: 'app' as const, app: 'Excel', title: 'Ledger.xlsx - Excel' };
    // 20 minutes in the ledger, 45 minutes unobserved (no display, disk full, the app not running), 10 more minutes.
    const tasks = segmentTasks(
      [
        { ...ledger, startMs: start, endMs: start + 20 * MIN },
        { ...ledger, startMs: start + 65 * MIN, endMs: start + 75 * MIN },
      ],
      false,
    );
    expect(tasks.map((x) => [x.name, (x.endMs - x.startMs) / MIN])).toEqual([
      ['Ledger.xlsx (Excel)', 20],
      ['Ledger.xlsx (Excel)', 10],
    ]);
    expect(tasks.map((x) => x.brief)).toEqual(['20m in Excel on “Ledger.xlsx”.', '10m in Excel on “Ledger.xlsx”.']);
    // A short silence (a few seconds between polls) does not cut a task.
    const short = segmentTasks(
      [
        { ...ledger, startMs: start, endMs: start + 20 * MIN },
        { ...ledger, startMs: start + 20 * MIN + 20_000, endMs: start + 30 * MIN },
      ],
      false,
    );
    expect(short).toHaveLength(1);
  });

  it('cuts at a lasting switch to other windows and names tasks after the main window', () => {
    const tasks = segmentTasks(
      spans(
        ['app', 'Outlook', 'Inbox - Outlook', 6],
        ['app', 'Excel', 'Q3 Budget.xlsx - Excel', 30],
        ['app', 'Slack', '#finance - Slack', 4],
      ),
      true,
    );
    expect(tasks.map((x) => [x.name, x.open])).toEqual([
      ['Inbox (Outlook)', false],
      ['Q3 Budget.xlsx (Excel)', false],
      ['#finance (Slack)', true],
    ]);
    expect(tasks[1]!.brief).toBe('30m in Excel on “Q3 Budget.xlsx”.');
    expect(tasks[1]!.endMs - tasks[1]!.startMs).toBe(30 * MIN);
  });

  it('keeps back-and-forth between two windows as one task and counts the switches', () => {
    const parts: Array<[SpanLike['kind'], string, string, number]> = [];
    for (let i = 0; i < 5; i++)
      parts.push(['app', 'Excel', 'Ledger.xlsx - Excel', 1.5], ['app', 'Chrome', 'Bank portal - Google Chrome', 1]);
    const tasks = segmentTasks(spans(...parts), false);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ name: 'Ledger.xlsx (Excel)', apps: ['Excel', 'Chrome'], switches: 9, open: false });
    expect(tasks[0]!.brief).toContain('switching 9 times');
  });

  it('folds a short detour into the task it interrupts', () => {
    const tasks = segmentTasks(
      spans(
        ['app', 'Excel', 'Ledger.xlsx - Excel', 10],
        ['app', 'Slack', '#finance - Slack', 1],
        ['app', 'Excel', 'Ledger.xlsx - Excel', 10],
      ),
      false,
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.apps).toEqual(['Excel', 'Slack']);
  });

  it('ends a task at an idle or private gap, and never names private time', () => {
    const tasks = segmentTasks(
      spans(
        ['app', 'Excel', 'Ledger.xlsx - Excel', 10],
        ['idle', null, null, 5],
        ['app', 'Excel', 'Ledger.xlsx - Excel', 10],
        ['private', null, null, 2],
        ['app', 'Excel', 'Ledger.xlsx - Excel', 3],
      ),
      false,
    );
    expect(tasks).toHaveLength(3);
    expect(tasks.every((x) => x.name === 'Ledger.xlsx (Excel)')).toBe(true);
    expect(tasks[1]!.startMs - tasks[0]!.endMs).toBe(5 * MIN);
  });

  it('cleans app suffixes off titles', () => {
    expect(cleanTitle('Northwind Bank — Business Portal - Google Chrome', 'Google Chrome')).toBe('Northwind Bank - Business Portal');
    expect(taskName('Slack', 'Slack')).toBe('Slack');
    expect(taskName('Terminal', '')).toBe('Terminal');
  });
});

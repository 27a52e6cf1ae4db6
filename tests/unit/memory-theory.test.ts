import { describe, expect, it } from 'vitest';
import { heuristicTheory } from '../../src/core/memory/task-theory';
import { segmentTasks } from '../../src/core/memory/task-segmentation';
import { openDatabase } from '../../src/core/store/database';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';

const T0 = Date.parse('2026-03-10T10:00:00Z');
const MIN = 60_000;

describe('current task theory (offline heuristic)', () => {
  it('names the window, the task around it, the task before, and the text on screen from OCR', () => {
    const db = openDatabase(':memory:');
    const screenText = new ScreenTextRepository(db);
    screenText.insert({
      atMs: T0 + 11 * MIN,
      app: 'Google Chrome',
      title: 'Northwind Bank - Google Chrome',
      text: 'Northwind Bank\nTransactions   ACH ACME SUPPLIES   1,250.00\nPending approval',
    });
    // What the memory service asks: the app's newest text of the last five minutes.
    const lookup = (app: string, atMs: number): string | null => screenText.latestTextOf(app, atMs - 5 * MIN, atMs);
    const [before, current] = segmentTasks(
      [
        { kind: 'app', app: 'Slack', title: '#finance - Slack', startMs: T0, endMs: T0 + 4 * MIN },
        { kind: 'app', app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', startMs: T0 + 4 * MIN, endMs: T0 + 10 * MIN },
        { kind: 'app', app: 'Google Chrome', title: 'Northwind Bank - Google Chrome', startMs: T0 + 10 * MIN, endMs: T0 + 11 * MIN },
        { kind: 'app', app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', startMs: T0 + 11 * MIN, endMs: T0 + 12 * MIN },
      ],
      true,
    );
    const theory = heuristicTheory({
      nowMs: T0 + 12 * MIN,
      currentApp: 'Google Chrome',
      currentTitle: 'Northwind Bank - Google Chrome',
      currentTask: current!,
      previousTask: before!,
      screenText: lookup('Google Chrome', T0 + 12 * MIN),
    });
    expect(theory).toBe(
      'Working on “Northwind Bank” in Google Chrome for 8m (task “Ledger 2026.xlsx (Microsoft Excel)”), going back and forth with “Ledger 2026.xlsx”. Before that: #finance (Slack). On screen: “Northwind Bank Transactions ACH ACME SUPPLIES 1,250.00 Pending approval”.',
    );
    // Text older than five minutes, or of another app, is not "on screen now".
    expect(lookup('Google Chrome', T0 + 20 * MIN)).toBeNull();
    expect(lookup('Microsoft Excel', T0 + 12 * MIN)).toBeNull();
    db.close();
  });
});

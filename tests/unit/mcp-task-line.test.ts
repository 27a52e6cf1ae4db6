import { describe, expect, it } from 'vitest';
import { taskLine } from '../../src/server/mcp/memory-tools';
import type { Task } from '../../src/shared/contract/index';

const clock = (iso: string): string => iso.slice(11, 16);
const task = (over: Partial<Task>): Task => ({
  id: 1,
  workSessionId: 1,
  name: 'Payroll run.xlsx (LibreOffice Calc)',
  startedAt: '2026-04-07T14:00:00.000Z',
  endedAt: '2026-04-07T14:20:00.000Z',
  durationSeconds: 1200,
  apps: ['LibreOffice Calc'],
  titles: ['Payroll run.xlsx - LibreOffice Calc'],
  switches: 0,
  brief: '20m in LibreOffice Calc on “Payroll run.xlsx”.',
  ...over,
});

describe('work_session_summary task lines', () => {
  it('say when, the name and how long once, leaving out a brief that repeats them', () => {
    expect(taskLine(task({}), clock)).toBe('- 14:00–14:20 Payroll run.xlsx (LibreOffice Calc), 20m');
  });

  it('name the other apps and windows once, and keep a brief that says more', () => {
    const line = taskLine(
      task({
        apps: ['LibreOffice Calc', 'Firefox'],
        titles: ['Payroll run.xlsx - LibreOffice Calc', 'HR portal – Timesheets — Firefox'],
        switches: 9,
        brief: '20m in LibreOffice Calc and Firefox, checking overtime for the night shift.',
      }),
      clock,
    );
    expect(line).toBe(
      '- 14:00–14:20 Payroll run.xlsx (LibreOffice Calc), 20m; also Firefox; on “HR portal – Timesheets”; switching 9 times: 20m in LibreOffice Calc and Firefox, checking overtime for the night shift.',
    );
  });

  it('says "now" for a task going on', () => {
    expect(taskLine(task({ endedAt: null }), clock)).toMatch(/^- 14:00–now /);
  });
});

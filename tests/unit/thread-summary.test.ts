import { describe, expect, it } from 'vitest';
import { offlineWorkSessionSummary } from '../../src/core/memory/offline-summary';
import { PREVIOUS_SUMMARY_TOKENS, type WorkSessionSnapshot } from '../../src/core/memory/work-session-digest';
import { tokenCount } from '../../src/core/llm/tokens';
import { kindWord } from '../../src/core/understanding/day-threads';
import { formatClockTime } from '../../src/shared/format-clock-time';
import type { WorkThreadView } from '../../src/shared/contract/memory';
import { threadCount, threadLine, threadName, threadState } from '../../src/shared/thread-words';

const START = Date.parse('2026-05-06T09:00:00Z');
const MIN = 60_000;
const at = (minutes: number): string => new Date(START + minutes * MIN).toISOString();

let nextTask = 1;
function thread(over: Partial<WorkThreadView> & { minutes: [number, number]; tasks?: number }): WorkThreadView {
  const { minutes, tasks = 1, ...rest } = over;
  return {
    id: `window:${rest.name ?? 'x'}`,
    name: 'Untitled',
    kind: null,
    subject: rest.name ?? 'Untitled',
    startedAt: at(minutes[0]),
    endedAt: at(minutes[1]),
    seconds: (minutes[1] - minutes[0]) * 60,
    apps: ['Google Chrome'],
    state: null,
    taskIds: Array.from({ length: tasks }, () => nextTask++),
    records: [],
    ...rest,
  };
}

function snapshot(threads: readonly WorkThreadView[], nowMinutes = 480): WorkSessionSnapshot {
  return {
    workSessionId: 1,
    startMs: START,
    nowMs: START + nowMinutes * MIN,
    tasks: [],
    appTime: {
      totalActiveSeconds: threads.reduce((sum, t) => sum + t.seconds, 0),
      apps: [
        { app: 'Google Chrome', seconds: 7200, titles: [] },
        { app: 'Visual Studio Code', seconds: 3600, titles: [] },
      ],
    },
    questions: [],
    theory: null,
    latestSummary: null,
    screenText: [],
    threads,
  };
}

const ticket = thread({
  id: 'identifier:ENG-142',
  name: 'ENG-142',
  kind: 'ticket',
  minutes: [10, 300],
  seconds: 4800,
  tasks: 3,
  apps: ['Google Chrome', 'GNOME Terminal', 'Slack'],
  state: { text: 'Resolved', status: 'done', at: at(290) },
  records: ['Pull Request #77'],
});
const invoice = thread({
  id: 'invoice:5102',
  name: 'Invoice 5102',
  kind: 'invoice',
  minutes: [60, 95],
  tasks: 2,
  apps: ['Microsoft Outlook', 'Adobe Acrobat Reader'],
  state: { text: 'Pending approval', status: 'waiting', at: at(90) },
});
const own = thread({ name: 'Platform sprint board (Google Chrome)', minutes: [0, 10] });

describe('work threads in words', () => {
  it('names a thread by its record and kind, once', () => {
    expect(threadName(ticket)).toBe('ticket ENG-142');
    expect(threadName(invoice)).toBe('Invoice 5102');
    expect(threadName({ name: 'Q3 plan.xlsx', kind: 'document' })).toBe('Q3 plan.xlsx');
    expect(threadName(own)).toBe('Platform sprint board (Google Chrome)');
  });

  it('tells its state in the sentence’s case, keeping short shouted codes', () => {
    expect(threadState(ticket)).toBe('resolved');
    expect(threadState({ state: { text: 'In Review', status: 'waiting', at: at(0) } })).toBe('in review');
    expect(threadState({ state: { text: 'OK', status: 'done', at: at(0) } })).toBe('OK');
    expect(threadState(own)).toBeNull();
  });

  it('says what, when, how long in all, its tasks, apps and state on one line', () => {
    expect(threadLine(ticket)).toBe(
      `${formatClockTime(at(10))}–${formatClockTime(at(300))} ticket ENG-142 — 1h 20m in all, 3 tasks, in Google Chrome, GNOME Terminal and Slack; last seen resolved`,
    );
    expect(threadLine({ ...ticket, apps: ['A', 'B', 'C', 'D', 'E'] })).toContain('in A, B, C and 2 more;');
    expect(threadLine(own)).toBe(
      `${formatClockTime(at(0))}–${formatClockTime(at(10))} Platform sprint board (Google Chrome) — 10m in all, in Google Chrome`,
    );
  });

  it('counts tasks and threads the same way everywhere', () => {
    expect(threadCount(45, 16)).toBe('45 tasks in 16 threads of work');
    expect(threadCount(1, 1)).toBe('1 task');
    expect(threadCount(3, 3)).toBe('3 tasks');
    expect(threadCount(2, 1)).toBe('2 tasks in 1 thread of work');
  });

  it('calls a record by the kind its label or key gives it', () => {
    expect(kindWord({ kind: 'identifier', key: 'ENG-142', name: 'ENG-142', role: 'ENG' })).toBe('ticket');
    expect(kindWord({ kind: 'identifier', key: 'invoice:5102', name: 'Invoice 5102', role: 'invoice' })).toBe('invoice');
    expect(kindWord({ kind: 'identifier', key: 'po:7789', name: 'PO 7789', role: 'purchase order' })).toBe('purchase order');
    expect(kindWord({ kind: 'identifier', key: '#884', name: '#884', role: 'number' })).toBeNull();
    expect(kindWord({ kind: 'document', key: 'plan.xlsx', name: 'plan.xlsx', role: '' })).toBe('document');
    expect(kindWord({ kind: 'person', key: 'ann', name: 'Ann', role: 'from' })).toBeNull();
  });
});

describe('the offline summary in work threads', () => {
  it('gives the count, then each thread by start with its kind, time in all, apps and state', () => {
    const text = offlineWorkSessionSummary(snapshot([own, ticket, invoice]), true);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(
      /^Work session \(.+, 2h 05m active\): 6 tasks in 3 threads of work, mostly in Google Chrome \(2h 00m\) and Visual Studio Code \(1h 00m\)\.$/,
    );
    expect(lines.slice(1)).toEqual([`- ${threadLine(own)}`, `- ${threadLine(ticket)}`, `- ${threadLine(invoice)}`]);
  });

  it('says so far, and what is going on now, while the work session goes on', () => {
    const snap = snapshot([ticket]);
    const open = {
      name: 'ENG-150 (Visual Studio Code)',
      startMs: START + 470 * MIN,
      endMs: START + 480 * MIN,
      open: true,
      apps: [],
      titles: [],
      switches: 0,
      brief: '',
    };
    const text = offlineWorkSessionSummary({ ...snap, tasks: [open] }, false);
    expect(text.split('\n')[0]).toMatch(/^So far this work session/);
    expect(text).toContain(`Now, since ${formatClockTime(START + 470 * MIN)}: ENG-150 (Visual Studio Code).`);
  });

  it('keeps the threads the most time went to within its share and folds the rest, never cutting a word', () => {
    // 80 threads with long names: far more than the share holds.
    const many = Array.from({ length: 80 }, (_, i) =>
      thread({
        id: `identifier:OPS-${1000 + i}`,
        name: `OPS-${1000 + i}`,
        kind: 'ticket',
        minutes: [i * 5, i * 5 + 2 + (i % 7)],
        apps: ['Google Chrome', 'Slack', 'Zoom'],
        state: i % 3 === 0 ? { text: 'Waiting on customer', status: 'waiting', at: at(i * 5 + 1) } : null,
      }),
    );
    const text = offlineWorkSessionSummary(snapshot(many), true);
    expect(tokenCount(text)).toBeLessThanOrEqual(PREVIOUS_SUMMARY_TOKENS);
    expect(text.split('\n')[0]).toContain('80 tasks');
    const listed = many.filter((t) => text.includes(`- ${threadLine(t)}`));
    expect(listed.length).toBeGreaterThan(3);
    // The listed ones are the longest: none left out had more time than one listed.
    const shortestListed = Math.min(...listed.map((t) => t.seconds));
    for (const t of many.filter((x) => !listed.includes(x))) expect(t.seconds).toBeLessThanOrEqual(shortestListed);
    const folded = text.split('\n').find((l) => l.startsWith('Also '))!;
    expect(folded).toMatch(new RegExp(`^Also ${many.length - listed.length} shorter threads, \\d+h \\d+m in all: `));
    // Every name in the folded line is whole, the rest counted: "…; ticket OPS-1003 and 40 more."
    expect(text).not.toContain('…');
    const more = /and (\d+) more\.$/.exec(folded);
    const names = folded
      .replace(/^[^:]+: /, '')
      .replace(/( and \d+ more)?\.$/, '')
      .split('; ');
    for (const name of names) expect(many.map(threadName)).toContain(name);
    expect(names.length + Number(more?.[1] ?? 0)).toBe(many.length - listed.length);
  });

  it('speaks in tasks as before when no work items are known', () => {
    const snap = { ...snapshot([]), threads: undefined };
    expect(offlineWorkSessionSummary(snap, true)).toMatch(/: no tasks yet,/);
  });
});

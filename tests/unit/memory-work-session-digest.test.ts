import { describe, expect, it } from 'vitest';
import { assembleLlmContext, TOKEN_BUDGETS } from '../../src/core/memory/llm-context-assembly';
import { foldedTasks, offlineWorkSessionSummary } from '../../src/core/memory/offline-summary';
import { PREVIOUS_SUMMARY_TOKENS, workSessionDigestItems, type WorkSessionSnapshot } from '../../src/core/memory/work-session-digest';
import { tokenCount } from '../../src/core/llm/tokens';
import { formatClockTime } from '../../src/shared/format-clock-time';
import type { TaskRecord } from '../../src/core/store/repositories/memory-task-repository';
import type { Question, WorkSessionSummary } from '../../src/shared/contract/memory';

const START = Date.parse('2026-03-10T08:30:00Z');
const MIN = 60_000;
const WINDOWS = [
  ['Microsoft Outlook', 'Inbox - dana@example.com'],
  ['Google Chrome', 'NetSuite - Vendor Bills'],
  ['Microsoft Excel', 'Q3 Budget.xlsx'],
  ['Slack', '#finance - Contoso'],
  ['Microsoft Excel', 'Ledger 2026.xlsx'],
  ['Google Chrome', 'Northwind Bank - Business Portal'],
] as const;

/** A day of 12-minute tasks cycling through the windows, the last one still open. */
function day(count: number): TaskRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const [app, title] = WINDOWS[i % WINDOWS.length]!;
    return {
      name: `${title} (${app})`,
      startMs: START + i * 12 * MIN,
      endMs: START + (i + 1) * 12 * MIN,
      open: i === count - 1,
      apps: [app],
      titles: [title],
      switches: 0,
      brief: `12m in ${app} on “${title}”.`,
    };
  });
}

const summary = (atMs: number, text: string): WorkSessionSummary => ({
  id: 7,
  workSessionId: 1,
  at: new Date(atMs).toISOString(),
  kind: 'rolling',
  text,
  tokenCount: tokenCount(text),
  engine: 'llm',
  fallbackReason: null,
  durationSeconds: (atMs - START) / 1000,
  tasks: [],
  apps: [],
});

const question = (id: number, askedMs: number, answer: string | null): Question => ({
  id,
  workSessionId: 1,
  askedAt: new Date(askedMs).toISOString(),
  text: `Question ${id}?`,
  trigger: 'switching',
  subject: 's',
  status: answer ? 'answered' : 'pending',
  snoozedUntil: null,
  answer,
  answeredAt: answer ? new Date(askedMs + MIN).toISOString() : null,
  engine: 'offline',
});

function snapshot(over: Partial<WorkSessionSnapshot> = {}): WorkSessionSnapshot {
  const tasks = day(40);
  return {
    workSessionId: 1,
    startMs: START,
    nowMs: tasks.at(-1)!.endMs,
    tasks,
    appTime: { totalActiveSeconds: 40 * 12 * 60, apps: [{ app: 'Microsoft Excel', seconds: 9000, titles: [] }] },
    questions: [],
    theory: null,
    latestSummary: null,
    screenText: [],
    ...over,
  };
}

describe('the work-session digest as a chain', () => {
  it('gives the latest summary, then only what happened since it, then earlier tasks where room is left', () => {
    const tasks = day(40);
    const summaryAt = tasks[36]!.startMs + 5 * MIN;
    const items = workSessionDigestItems(
      snapshot({
        latestSummary: summary(summaryAt, 'The day so far, from 08:30: inbox, vendor bills, the budget.'),
        questions: [question(1, START + 30 * MIN, 'Budget review'), question(2, summaryAt + MIN, 'Matching the bank lines')],
        screenText: [
          { id: 3, atMs: summaryAt + 9 * MIN, app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', text: 'Matched to bank:\n3 of 6' },
          { id: 2, atMs: summaryAt + 8 * MIN, app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', text: 'Matched to bank: 2 of 6' },
          { id: 1, atMs: summaryAt + 2 * MIN, app: 'Slack', title: '#finance - Contoso - Slack', text: 'x'.repeat(400) },
        ],
      }),
    );
    const labels = items.map((i) => i.label);
    expect(labels.slice(0, 4)).toEqual(['work session', 'current task', 'app time', 'summary 7']);
    expect(items.find((i) => i.reserved)?.text).toMatch(/^Summary up to \d\d:\d\d: The day so far/);
    // Since the summary: the task it did not see end, the question answered after it, the screen read after it.
    const since = items.filter((i) => i.text.startsWith('Task since'));
    expect(since.map((i) => i.label)).toEqual([
      `task ${tasks[36]!.name} at ${clockOf(tasks[36]!.startMs)}`,
      `task ${tasks[37]!.name} at ${clockOf(tasks[37]!.startMs)}`,
      `task ${tasks[38]!.name} at ${clockOf(tasks[38]!.startMs)}`,
    ]);
    expect(labels).toContain('question 2');
    expect(labels).not.toContain('question 1');
    const screen = items.filter((i) => i.label.startsWith('screen text'));
    expect(screen.map((i) => i.text)).toEqual([
      expect.stringMatching(/“Ledger 2026\.xlsx - Excel”: Matched to bank: 3 of 6$/),
      expect.stringMatching(/“#finance - Contoso - Slack”: x+…$/),
    ]);
    expect(screen[1]!.text.length).toBeLessThan(400);
    // The tasks the summary covers come last, newest first.
    expect(items.at(-1)!.text).toMatch(new RegExp(`^Earlier task ${clockOf(tasks[0]!.startMs)}`));
  });

  it('keeps the latest summary whole within its reserved share however many tasks crowd the tier', () => {
    const longSummary = summary(
      START + 470 * MIN,
      `The day so far: ${Array.from({ length: 120 }, (_, i) => `task ${i} done`).join(', ')}.`,
    );
    const digest = workSessionDigestItems(
      snapshot({ latestSummary: longSummary, tasks: day(40).map((t) => ({ ...t, endMs: t.endMs + 600 * MIN })) }),
    );
    const ctx = assembleLlmContext({
      purpose: 'summary',
      workSessionId: 1,
      nowMs: START + 480 * MIN,
      immediate: {
        currentApp: null,
        currentWindowTitle: null,
        state: 'stopped',
        lastAppSwitch: null,
        lastSignificantChange: null,
        recentFrames: [],
      },
      vision: { chosen: [], left: [] },
      workSessionDigest: digest,
      history: null,
      currentActivity: '',
      baseline: null,
    });
    const kept = ctx.receipt.included.find((i) => i.label.startsWith('summary 7'))!;
    expect(kept.label).toBe('summary 7 (shortened to its reserved share)');
    expect(kept.tokens).toBeLessThanOrEqual(PREVIOUS_SUMMARY_TOKENS);
    expect(ctx.workSession).toContain('The day so far: task 0 done');
    expect(tokenCount(ctx.workSession)).toBeLessThanOrEqual(TOKEN_BUDGETS.workSession);
    expect(ctx.receipt.dropped.filter((d) => d.tier === 'session').length).toBeGreaterThan(10);
    expect(ctx.receipt.dropped.some((d) => d.label.startsWith('summary'))).toBe(false);
  });
});

describe('the offline summary', () => {
  it('covers the whole work session within the reserved share: older tasks folded into one line', () => {
    const text = offlineWorkSessionSummary(snapshot(), true);
    expect(tokenCount(text)).toBeLessThanOrEqual(PREVIOUS_SUMMARY_TOKENS);
    const folded = /^Earlier \((\d\d:\d\d)–(\d\d:\d\d), (\d+) tasks\): (.*)$/m.exec(text)!;
    expect(folded[1]).toBe('08:30');
    // Every task is either folded or listed; every window of the day is named.
    const listed = text.split('\n').filter((l) => /^\d\d:\d\d–/.test(l)).length;
    expect(Number(folded[3]) + listed).toBe(40);
    for (const [, title] of WINDOWS) expect(text).toContain(title);
    expect(folded[4]).toMatch(/Inbox - dana@example\.com \(Microsoft Outlook\) \d+× \d+h \d\dm/);
  });

  it('folds as few tasks as it must: the same text as counting each whole candidate, at every length of a work session', () => {
    const answered = [question(1, START + 30 * MIN, 'Reconciling the March ledger'), question(2, START + 90 * MIN, null)];
    const theory: WorkSessionSnapshot['theory'] = {
      text: 'Matching vendor bills to bank lines.',
      at: new Date(START).toISOString(),
      engine: 'offline',
      fallbackReason: null,
    };
    let foldedSome = 0;
    for (let count = 0; count <= 60; count++) {
      for (const final of [false, true]) {
        const tasks = day(Math.max(count, 1)).slice(0, count);
        const snap = snapshot({ tasks, questions: count % 2 ? answered : [], theory: count % 3 ? theory : null });
        const text = offlineWorkSessionSummary(snap, final);
        expect(tokenCount(text)).toBeLessThanOrEqual(PREVIOUS_SUMMARY_TOKENS);
        // The first candidate that fits, each counted whole, as the summary was written before.
        const [head, ...rest] = text.split('\n');
        const tail = rest.filter((l) => /^(Now|Learned): /.test(l));
        const lines = tasks.map((t) => `${formatClockTime(t.startMs)}–${t.open ? 'now' : formatClockTime(t.endMs)} ${t.name}: ${t.brief}`);
        const fold = lines.findIndex((l) => rest.includes(l));
        if (fold !== 0 && count > 0) foldedSome++;
        const candidate = (f: number): string =>
          [head!, ...(f > 0 ? [foldedTasks(tasks.slice(0, f))] : []), ...lines.slice(f), ...tail].join('\n');
        expect(candidate(fold === -1 ? count : fold)).toBe(text);
        if (fold > 0) expect(tokenCount(candidate(fold - 1)), `${count} tasks`).toBeGreaterThan(PREVIOUS_SUMMARY_TOKENS);
      }
    }
    expect(foldedSome).toBeGreaterThan(40);
  });
});

function clockOf(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

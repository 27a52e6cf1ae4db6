import { describe, expect, it } from 'vitest';
import type { ImmediateContextView } from '../../src/shared/contract/index';
import { assembleLlmContext, TOKEN_BUDGETS, type LlmContextInput } from '../../src/core/memory/llm-context-assembly';
import { getRelevantHistory, type HistoricalContext, type HistoryItem } from '../../src/core/memory/history';
import { wordSet } from '../../src/core/memory/text-similarity';
import { tokenCount } from '../../src/core/llm/tokens';
import type { Frame } from '../../src/core/observe/frame';
import { chooseVisionFrames, VISION_MAX_FRAMES } from '../../src/core/memory/vision-frames';

const NOW = Date.parse('2026-03-10T11:00:00Z');
const DAY = 86_400_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** A thumbnail whose cells all have one brightness: two frames differ where their brightness does. */
const thumb = (brightness: number): Buffer => Buffer.alloc(32 * 20, brightness);

const frame = (id: number, app: string, title: string, picture = id): Frame => ({
  id,
  at: NOW - (6 - id) * 10_000,
  app,
  title,
  hash: `h${picture}`,
  thumb: thumb(picture * 40),
  width: 10,
  height: 10,
  image: JPEG,
});
const frames = [frame(1, 'Microsoft Excel', 'Ledger 2026.xlsx - Excel'), frame(2, 'Google Chrome', 'Northwind Bank - Google Chrome')];
const immediate: ImmediateContextView = {
  currentApp: 'Google Chrome',
  currentWindowTitle: 'Northwind Bank - Google Chrome',
  state: 'observing',
  lastAppSwitch: new Date(NOW - 5000).toISOString(),
  lastSignificantChange: {
    at: new Date(NOW - 5000).toISOString(),
    kind: 'app-switch',
    description: 'switched from Microsoft Excel to Google Chrome',
  },
  recentFrames: frames.map(({ image: _image, thumb: _thumb, ...f }) => ({ ...f, at: new Date(f.at).toISOString() })),
};

function item(kind: HistoryItem['kind'], text: string, ageDays: number, label = text.slice(0, 30)): HistoryItem {
  return { kind, label, text, atMs: NOW - ageDays * DAY, words: wordSet(text) };
}

function history(items: HistoryItem[]): HistoricalContext {
  return { interviewSummary: null, knownTasks: [], previousWorkSessionSummaries: [], relevantQA: [], items, loadedAtMs: NOW };
}

const longText = (topic: string, words: number): string => Array.from({ length: words }, (_, i) => `${topic} step ${i}`).join(', ');

function input(over: Partial<LlmContextInput> = {}): LlmContextInput {
  return {
    purpose: 'chat',
    workSessionId: 1,
    nowMs: NOW,
    immediate,
    vision: { chosen: [], left: frames.map((f) => ({ frame: f, reason: 'no vision model configured' })) },
    workSessionDigest: Array.from({ length: 40 }, (_, i) => ({
      label: `task ${i}`,
      text: `Earlier task ${i}: ${longText('reconcile', 8)}`,
    })),
    history: history(
      Array.from({ length: 300 }, (_, i) =>
        item('summary', `Day ${i}: ${longText(i % 2 ? 'ledger bank reconciliation' : 'budget review', 60)}`, i + 1),
      ),
    ),
    currentActivity: 'Northwind Bank ledger reconciliation',
    baseline: longText('accounts payable', 400),
    ...over,
  };
}

describe('LLM context assembly', () => {
  it('keeps every tier and the whole text within its token budget, and says what it dropped', () => {
    const ctx = assembleLlmContext(input());
    expect(tokenCount(ctx.workSession)).toBeLessThanOrEqual(TOKEN_BUDGETS.workSession);
    expect(tokenCount(ctx.history)).toBeLessThanOrEqual(TOKEN_BUDGETS.history);
    expect(tokenCount(ctx.baseline)).toBeLessThanOrEqual(TOKEN_BUDGETS.baseline);
    expect(tokenCount(ctx.text)).toBeLessThanOrEqual(TOKEN_BUDGETS.totalText);
    expect(ctx.receipt.tokens).toEqual({
      immediate: tokenCount(ctx.immediate.currentState),
      session: tokenCount(ctx.workSession),
      history: tokenCount(ctx.history),
      baseline: tokenCount(ctx.baseline),
      evidence: 0,
      conversation: 0,
      total: tokenCount(ctx.text),
    });
    // The session tier filled up: later items were dropped, with the reason.
    expect(ctx.receipt.dropped.filter((d) => d.tier === 'session').length).toBeGreaterThan(0);
    expect(ctx.receipt.dropped.find((d) => d.tier === 'session')?.reason).toBe('session budget spent');
    expect(ctx.receipt.dropped.some((d) => d.tier === 'history')).toBe(true);
    expect(
      ctx.receipt.included
        .filter((i) => i.tier === 'session')
        .map((i) => i.label)
        .slice(0, 2),
    ).toEqual(['task 0', 'task 1']);
    expect(ctx.text).toContain('Active window: Google Chrome — “Northwind Bank - Google Chrome”.');
    expect(ctx.text).toContain('switched from Microsoft Excel to Google Chrome');
  });

  it('attaches the chosen frames as images and lists the others with why', () => {
    const text = assembleLlmContext(input());
    expect(text.immediate.images).toEqual([]);
    expect(text.receipt.imageCount).toBe(0);
    expect(text.receipt.dropped.filter((d) => d.reason === 'no vision model configured')).toHaveLength(2);
    const vision = assembleLlmContext(
      input({ vision: { chosen: [frames[1]!], left: [{ frame: frames[0]!, reason: 'older than the current task' }] } }),
    );
    expect(vision.immediate.images).toEqual([JPEG]);
    expect(vision.immediate.imageHashes).toEqual(['h2']);
    expect(vision.receipt.imageCount).toBe(1);
    expect(vision.receipt.included).toContainEqual({ tier: 'immediate', label: 'frame 2 (Google Chrome)', tokens: 0 });
    expect(vision.receipt.dropped).toContainEqual({
      tier: 'immediate',
      label: 'frame 1 (Microsoft Excel)',
      tokens: 0,
      reason: 'older than the current task',
    });
  });

  it('chooses only distinct pictures of the current task, newest first, each sent once, none once capture stopped', () => {
    // Six frames of one task: 3 and 4 are one picture re-encoded (same hash), 5 is 4 with a cursor blink (same thumbnail).
    const day = [
      frame(1, 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', 1),
      frame(2, 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', 2),
      frame(3, 'Google Chrome', 'Northwind Bank - Google Chrome', 3),
      frame(4, 'Google Chrome', 'Northwind Bank - Google Chrome', 3),
      { ...frame(5, 'Google Chrome', 'Northwind Bank - Google Chrome', 3), hash: 'h3-blink' },
      frame(6, 'Microsoft Excel', 'Ledger 2026.xlsx - Excel', 6),
    ];
    const rules = { observing: true, taskStartMs: day[1]!.at, alreadySent: new Set<string>(), minChange: 0.01 };
    const choice = chooseVisionFrames(day, rules);
    expect(choice.chosen.map((f) => f.id)).toEqual([2, 5, 6]);
    expect(new Set(choice.chosen.map((f) => f.hash)).size).toBe(choice.chosen.length);
    expect(Object.fromEntries(choice.left.map((l) => [l.frame.id, l.reason]))).toEqual({
      1: 'older than the current task',
      3: 'the same picture as frame 5',
      4: 'the same picture as frame 5',
    });
    // What the model already saw during the task is not sent again; the cap keeps the newest.
    const later = chooseVisionFrames(day, { ...rules, alreadySent: new Set(['h6', 'h2']) });
    expect(later.chosen.map((f) => f.id)).toEqual([5]);
    expect(later.left.find((l) => l.frame.id === 6)?.reason).toBe('already sent during this task');
    const many = Array.from({ length: 6 }, (_, i) => frame(i + 1, 'Slack', '#finance - Slack', i + 1));
    const capped = chooseVisionFrames(many, { ...rules, taskStartMs: null });
    expect(capped.chosen.map((f) => f.id)).toEqual([4, 5, 6]);
    expect(capped.chosen).toHaveLength(VISION_MAX_FRAMES);
    expect(capped.left.map((l) => l.reason)).toEqual(Array(3).fill(`${VISION_MAX_FRAMES} newer pictures sent`));
    // After capture stopped nothing it saw earlier goes.
    const stopped = chooseVisionFrames(day, { ...rules, observing: false });
    expect(stopped.chosen).toEqual([]);
    expect(new Set(stopped.left.map((l) => l.reason))).toEqual(new Set(['capture is not observing']));
    // A frame taken while nothing read images has no picture to send: the one before it goes instead.
    const unencoded = chooseVisionFrames(
      [frame(7, 'Slack', '#finance - Slack', 7), { ...frame(8, 'Slack', '#finance - Slack', 8), image: null }],
      {
        ...rules,
        taskStartMs: null,
      },
    );
    expect(unencoded.chosen.map((f) => f.id)).toEqual([7]);
    expect(unencoded.left.map((l) => [l.frame.id, l.reason])).toEqual([[8, 'not encoded: nothing read images when it was taken']]);
  });

  it('notes a missing interview and works with no history at all', () => {
    const ctx = assembleLlmContext(input({ baseline: null, history: null, workSessionDigest: [] }));
    expect(ctx.baseline).toBe('');
    expect(ctx.receipt.dropped).toContainEqual({
      tier: 'baseline',
      label: 'interview summary',
      tokens: 0,
      reason: 'no onboarding interview yet',
    });
    expect(ctx.text.startsWith('## Now')).toBe(true);
  });
});

describe('relevant history', () => {
  it('ranks by similarity to the current activity and by recency, within its budget', () => {
    const h = history([
      item('summary', 'Reviewed the Q3 budget with department owners in Excel.', 1, 'budget yesterday'),
      item('summary', 'Reconciled the Northwind Bank portal against the ledger.', 2, 'bank two days ago'),
      item('summary', 'Reconciled the Northwind Bank portal against the ledger again.', 200, 'bank last year'),
      item('answer', 'Asked: what are you matching? Answer: bank lines to ledger entries.', 30, 'answer'),
    ]);
    const relevant = getRelevantHistory(h, 'Northwind Bank ledger', NOW, 1000);
    expect(relevant.included.map((i) => i.label)[0]).toBe('bank two days ago');
    const order = relevant.included.map((i) => i.label);
    expect(order.indexOf('bank two days ago')).toBeLessThan(order.indexOf('bank last year'));
    const tight = getRelevantHistory(h, 'Northwind Bank ledger', NOW, 40);
    expect(tight.tokens).toBeLessThanOrEqual(40);
    expect(tight.included.length).toBeLessThan(4);
    expect(tight.included[0]!.label).toBe('bank two days ago');
    expect(tight.included.length + tight.dropped.length).toBe(4);
  });
});

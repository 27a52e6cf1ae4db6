import { describe, expect, it } from 'vitest';
import type { ImmediateContextView } from '../../src/shared/contract/index';
import { assembleLlmContext, TOKEN_BUDGETS, type LlmContextInput } from '../../src/core/memory/llm-context-assembly';
import { getRelevantHistory, type HistoricalContext, type HistoryItem } from '../../src/core/memory/history';
import { wordSet } from '../../src/core/memory/text-similarity';
import { tokenCount } from '../../src/core/llm/tokens';
import type { Frame } from '../../src/core/observe/frame';

const NOW = Date.parse('2026-03-10T11:00:00Z');
const DAY = 86_400_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

const frame = (id: number, app: string, title: string): Frame => ({
  id,
  at: NOW - (6 - id) * 10_000,
  app,
  title,
  hash: 'ab',
  thumb: Buffer.alloc(0),
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
    frames,
    visionEnabled: false,
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

  it('attaches the frames as images only when vision is on', () => {
    const text = assembleLlmContext(input());
    expect(text.immediate.images).toEqual([]);
    expect(text.receipt.imageCount).toBe(0);
    expect(text.receipt.dropped.filter((d) => d.reason === 'no vision model configured')).toHaveLength(2);
    const vision = assembleLlmContext(input({ visionEnabled: true }));
    expect(vision.immediate.images).toEqual([JPEG, JPEG]);
    expect(vision.receipt.imageCount).toBe(2);
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

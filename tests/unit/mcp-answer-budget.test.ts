import { describe, expect, it } from 'vitest';
import { answerSize, fitToBudget, pageOf } from '../../src/server/mcp/answer-budget';

const words = (n: number, word = 'ledger'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

describe('MCP answer budget', () => {
  it('leaves an answer within the budget untouched', () => {
    const answer = { text: 'Work session 1', structured: { id: 1 } };
    expect(fitToBudget(answer, { maxTokens: 200 })).toEqual({ answer, cut: false });
  });

  it('cuts a long text and long strings of the structure, and says so in both', () => {
    const answer = { text: words(3000), structured: { turn: { prompt: 'How long?', reply: words(3000, 'bank') } } };
    const { answer: fitted, cut } = fitToBudget(answer, { maxTokens: 500 });
    expect(cut).toBe(true);
    expect(answerSize(fitted).tokens).toBeLessThanOrEqual(500);
    expect(fitted.text).toMatch(/^ledger0 ledger1/);
    expect(fitted.text).toContain('[Answer cut to fit the answer budget of 500 tokens');
    expect(fitted.structured).toMatchObject({ turn: { prompt: 'How long?' }, budget: { maxTokens: 500, cut: true } });
    expect(String((fitted.structured!.turn as { reply: string }).reply)).toMatch(/^bank0 bank1 .*\[cut to fit the answer budget\]$/);
  });

  it('halves long lists of short items, and leaves out a structure that cannot fit', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, app: 'Slack' }));
    const { answer } = fitToBudget({ text: 'Rows', structured: { rows } }, { maxTokens: 300 });
    expect(answerSize(answer).tokens).toBeLessThanOrEqual(300);
    const kept = answer.structured!.rows as Array<{ id: number }>;
    // The first rows stay, in order: a list is cut from its end.
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(2000);
    expect(kept.map((r) => r.id)).toEqual(rows.slice(0, kept.length).map((r) => r.id));
    expect(answer.structured!.budget).toEqual({ maxTokens: 300, cut: true });
    const wide = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field${i}`, i]));
    const { answer: bare } = fitToBudget({ text: 'Wide', structured: wide }, { maxTokens: 200 });
    expect(answerSize(bare).tokens).toBeLessThanOrEqual(200);
    expect(bare.structured).toEqual({ budget: { maxTokens: 200, cut: true, structure: 'left out: it did not fit' } });
  });

  it('pages a list from a cursor: every item once, each page within the budget', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ n: i, text: words(12, `t${i}x`) }));
    const spec = {
      items,
      budget: { maxTokens: 800 },
      head: { text: 'Tasks of the day', structured: { day: '2026-03-10' } },
      key: 'tasks',
      noun: 'tasks',
      line: (item: (typeof items)[number]) => `- ${item.text}`,
      data: (item: (typeof items)[number]) => item,
    };
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = pageOf({ ...spec, cursor });
      expect(answerSize(page).tokens).toBeLessThanOrEqual(800);
      const s = page.structured as { tasks: Array<{ n: number }>; page: { nextCursor: string | null; total: number } };
      expect(s.page.total).toBe(120);
      seen.push(...s.tasks.map((t) => t.n));
      cursor = s.page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(items.map((i) => i.n));
    expect(() => pageOf({ ...spec, cursor: 'p121' })).toThrow(/past the end/);
  });
});

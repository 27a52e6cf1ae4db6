import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { tokenCount, tokenCountOfLines, truncateToTokens } from '../../src/core/llm/tokens';
import { DemoDayOracle } from '../fixtures/demo-day-oracle';

/** Lines as the summaries and digests write them, from the demo day's windows. */
function demoDayLines(): string[] {
  const oracle = new DemoDayOracle();
  return oracle.segments.map(
    (s, i) =>
      `${new Date(s.startMs).toISOString().slice(11, 16)}–${new Date(s.endMs).toISOString().slice(11, 16)} ${s.title} (${s.app}): ` +
      (i % 3 === 0
        ? `${Math.round(s.seconds / 60)}m in ${s.app} on “${s.title}”.`
        : i % 3 === 1
          ? `matched 3 of 6 lines, $1,204.50`
          : `'s and 're —`),
  );
}

describe('token counts of joined lines', () => {
  it('equal the count of the joined text for every run of the demo day’s lines', () => {
    const lines = demoDayLines();
    expect(lines.length).toBeGreaterThan(30);
    for (let from = 0; from < lines.length; from += 7) {
      for (const length of [1, 2, 5, 17, lines.length]) {
        const run = lines.slice(from, from + length);
        expect(tokenCountOfLines(run)).toBe(tokenCount(run.join('\n')));
      }
    }
  });

  it('stay exact where lines end in punctuation, spaces or newlines, or start with whitespace, nothing or other scripts', () => {
    const cases: string[][] = [
      ['Summary.', 'Next line.'],
      ['ends with spaces   ', 'next'],
      ['ends with a newline\n', 'next'],
      ['a', '', 'b'],
      ['a', '  indented', 'b'],
      ['a', '\ttab', 'b'],
      ['a', '\r\nwindows', 'b'],
      ['Rechnung für März:', 'Überweisung', '請求書を確認', 'счёт 42'],
      ['?!', '...', '—dash', "'s contraction", '42', '3.14'],
      ['emoji 🎉', '🎉 first', 'x'],
      [''],
      ['', 'after an empty first line'],
    ];
    for (const lines of cases) expect(tokenCountOfLines(lines), JSON.stringify(lines)).toBe(tokenCount(lines.join('\n')));
    expect(tokenCountOfLines([])).toBe(0);
  });

  it('count every text as the tokenizer does, long ones and far more short ones than are remembered, asked again in turn', () => {
    const long = demoDayLines().join('\n').repeat(4);
    expect(long.length).toBeGreaterThan(8 * 1024);
    expect(tokenCount(long)).toBe(countTokens(long));
    expect(tokenCount(long)).toBe(countTokens(long));
    const texts = Array.from({ length: 6000 }, (_, i) => `${i} ${'word, '.repeat(20 + (i % 90))}`);
    expect(texts.reduce((sum, t) => sum + t.length, 0)).toBeGreaterThan(2 * 512 * 1024);
    for (const round of [0, 1]) {
      for (let i = round; i < texts.length; i += 3) expect(tokenCount(texts[i]!)).toBe(countTokens(texts[i]!));
      for (let i = 0; i < texts.length; i += 5) expect(tokenCount(texts[i]!)).toBe(countTokens(texts[i]!));
    }
  });

  it('cut to a token budget', () => {
    const text = demoDayLines().join('\n');
    const cut = truncateToTokens(text, 120);
    expect(tokenCount(cut)).toBeLessThanOrEqual(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1).trimEnd())).toBe(true);
  });
});

describe('text shortened to a token budget', () => {
  it('ends at a whole word, within the budget, at every budget', () => {
    const text =
      'Earlier (09:10–17:15, 43 tasks): retry.ts - checkout-api (Visual Studio Code) 5× 1h 46m; Inbox - someone@riverbendclinic.org (Microsoft Outlook) 4× 30m; Patient Balance - athenaOne (Microsoft Edge) 3× 20m.';
    const words = new Set(text.match(/[\p{L}\p{N}]+/gu));
    for (let max = 2; max < tokenCount(text); max++) {
      const cut = truncateToTokens(text, max);
      expect(tokenCount(cut), cut).toBeLessThanOrEqual(max);
      if (cut === '') continue;
      expect(cut.endsWith('…'), cut).toBe(true);
      const last = /([\p{L}\p{N}]+)[^\p{L}\p{N}]*…$/u.exec(cut)?.[1];
      if (last) expect(words.has(last), `${max}: "${cut}" ends inside a word`).toBe(true);
    }
  });
});

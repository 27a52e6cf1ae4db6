import { describe, expect, it } from 'vitest';
import { extractiveSummary, toOneLine } from '../../src/core/sessions/extractive';
import { clipAtWord } from '../../src/shared/clip-at-word';
import { pauseIntent } from '../../src/core/sessions/pause-intent';
import { titlePrompt } from '../../src/core/sessions/session-summarizer';

describe('extractive TOC lines', () => {
  it('take the first meaningful line of the prompt, skipping blanks, fences, rules and bare greetings', () => {
    expect(extractiveSummary('\n\nhi!\n```ts\n---\n# Fix the ledger export\nmore', 'reply')).toBe('Fix the ledger export');
    expect(extractiveSummary('ok', 'The export is fixed now.\nDetails follow')).toBe('The export is fixed now.');
    expect(extractiveSummary('?', '')).toBe('?');
  });

  it('cut long lines at a word boundary within 100 characters', () => {
    const long =
      'Reconcile the quarterly ledger against every bank statement from January through March and flag differences above ten euros';
    const line = extractiveSummary(long, '');
    expect(line.length).toBeLessThanOrEqual(100);
    expect(line.endsWith('…')).toBe(true);
    expect(long.startsWith(line.slice(0, -1))).toBe(true);
    expect(long.charAt(line.length - 1)).toBe(' ');
    expect(clipAtWord('a'.repeat(150), 100)).toHaveLength(100);
  });

  it('turn a model answer into one clean line', () => {
    expect(toOneLine('\n"Title: Quarterly budget"\nextra', 60)).toBe('Quarterly budget');
    expect(toOneLine('Summary: fixed the export', 100)).toBe('fixed the export');
  });
});

describe('the title prompt', () => {
  it('the title prompt lists the newest turns first and marks the last three [RECENT]', () => {
    const toc = Array.from({ length: 40 }, (_, i) => ({ turn: i + 1, summary: `topic ${i + 1}` }));
    const lines = titlePrompt('Old title', toc).split('\n');
    expect(lines[0]).toBe('Current session title: "Old title"');
    const turnLines = lines.filter((l) => /Turn \d+:/.test(l));
    expect(turnLines.slice(0, 4)).toEqual([
      '[RECENT] Turn 40: topic 40',
      '[RECENT] Turn 39: topic 39',
      '[RECENT] Turn 38: topic 38',
      'Turn 37: topic 37',
    ]);
    expect(turnLines).toHaveLength(30);
    expect(turnLines.at(-1)).toBe('Turn 11: topic 11');
  });
});

describe('pause intent', () => {
  it('pauses on /stop, asks on stop phrases, and takes "yes" only after asking', () => {
    expect(pauseIntent('/stop', false)).toBe('stop-command');
    expect(pauseIntent("Let's stop here", false)).toBe('stop-phrase');
    expect(pauseIntent("ok that's enough for today, thanks", false)).toBe('stop-phrase');
    expect(pauseIntent('I need to go', false)).toBe('stop-phrase');
    expect(pauseIntent('yes', true)).toBe('confirm');
    expect(pauseIntent('Yes please.', true)).toBe('confirm');
    expect(pauseIntent('yes', false)).toBe('none');
    expect(pauseIntent('yes, but first show me the ledger totals', true)).toBe('none');
    expect(pauseIntent('the loop should stop when the ledger is empty', false)).toBe('none');
  });
});

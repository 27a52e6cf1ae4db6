import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../src/shared/contract/evidence';
import { answer } from '../../src/core/recall/answers/answer-kit';
import { EVIDENCE_HEADING, separateListBlocks, withoutEvidenceBlock } from '../../src/shared/reply-blocks';

const piece = (minute: number, snippet: string): Evidence => {
  const at = new Date(Date.parse('2026-05-12T09:00:00Z') + minute * 60_000).toISOString();
  return {
    claim: 'seen',
    at,
    until: null,
    app: 'Mail',
    windowTitle: 'Inbox',
    snippet,
    source: 'screen_text',
    open: { at, screenTextId: minute + 1 },
  };
};

describe('a reply in blocks', () => {
  it('puts a blank line wherever a list meets a sentence, in either order, and nowhere else', () => {
    expect(separateListBlocks(['Three tasks:', '- one', '- two', '…and 9 shorter tasks.', 'Ask about a part of the day.'])).toEqual([
      'Three tasks:',
      '',
      '- one',
      '- two',
      '',
      '…and 9 shorter tasks.',
      'Ask about a part of the day.',
    ]);
    expect(separateListBlocks(['1. first', '2) second', '', 'After.'])).toEqual(['1. first', '2) second', '', 'After.']);
    expect(separateListBlocks(['-not a list', 'text'])).toEqual(['-not a list', 'text']);
  });

  it('writes an answer’s left-out line as its own paragraph, and keeps the evidence with the turn, not in the text', () => {
    const evidence = [piece(0, 'Statement')];
    const reply = answer(
      ['Today you were active 6h.', '', '- 09:00 Ledger', '- 10:00 Mail', '…and 3 shorter tasks (20m in all).'],
      evidence,
    );
    const lines = reply.markdown.split('\n');
    const cut = lines.indexOf('…and 3 shorter tasks (20m in all).');
    expect(lines[cut - 1]).toBe('');
    expect(lines[cut - 2]).toBe('- 10:00 Mail');
    expect(lines.slice(cut + 1)).toEqual([]);
    expect(reply.markdown).not.toContain(EVIDENCE_HEADING);
    expect(reply.evidence).toEqual(evidence);
  });

  it('leaves out the closing evidence block of a stored reply for a view that lists the evidence itself, and only that', () => {
    const reply = `You read it twice.\n\n${EVIDENCE_HEADING}\n\n- 09:00 Total due 12.00\n- 09:05 Paid`;
    expect(withoutEvidenceBlock(reply)).toBe('You read it twice.');
    // A heading followed by prose is the writer's, not the block; a reply without one stays as it was.
    const prose = `Before.\n\n${EVIDENCE_HEADING}\n\nThe ledger shows it.`;
    expect(withoutEvidenceBlock(prose)).toBe(prose);
    expect(withoutEvidenceBlock('- a\n- b')).toBe('- a\n- b');
    expect(withoutEvidenceBlock(`Text.\n\n${EVIDENCE_HEADING}\n`)).toBe(`Text.\n\n${EVIDENCE_HEADING}\n`);
  });
});

import { describe, expect, it } from 'vitest';
import { isRepeatQuestion, normalizeQuestion, proposeQuestions, questionSimilarity } from '../../src/core/memory/questions';
import { shouldUpdateSummary } from '../../src/core/memory/work-session-digest';
import type { SpanLike } from '../../src/core/memory/task-segmentation';

const NOW = Date.parse('2026-03-10T11:00:00Z');
const alternating = (n: number): SpanLike[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'app' as const,
    app: i % 2 ? 'Google Chrome' : 'Microsoft Excel',
    title: i % 2 ? 'Northwind Bank - Google Chrome' : 'Ledger 2026.xlsx - Excel',
    startMs: NOW - (n - i) * 60_000,
    endMs: NOW - (n - i - 1) * 60_000,
  }));
const scene = (over: Partial<Parameters<typeof proposeQuestions>[0]> = {}) => ({
  nowMs: NOW,
  workSessionStartMs: NOW - 3_600_000,
  recentSpans: [],
  currentApp: 'Microsoft Excel',
  currentTitle: 'Ledger 2026.xlsx - Excel',
  appFirstSeenInWorkSessionMs: NOW - 3_600_000,
  appSeenBefore: true,
  hasEarlierWorkSessions: true,
  ...over,
});

describe('clarifying questions', () => {
  it('asks about frequent switching between two windows, naming them', () => {
    const [q] = proposeQuestions(scene({ recentSpans: alternating(9) }));
    expect(q?.trigger).toBe('switching');
    expect(q?.text).toBe(
      'You switched between “Ledger 2026.xlsx” and “Northwind Bank” 8 times in 10m — what are you working on across them?',
    );
    expect(proposeQuestions(scene({ recentSpans: alternating(5) }))).toEqual([]);
  });

  it('asks about an export or PDF, and about an app never seen before (not on the first day)', () => {
    expect(proposeQuestions(scene({ currentTitle: 'Export to PDF - Ledger 2026.xlsx - Excel' }))[0]?.text).toContain(
      'what is this export for',
    );
    expect(proposeQuestions(scene({ currentApp: 'Acrobat', currentTitle: 'Invoice-4471.pdf - Acrobat' }))[0]?.text).toContain(
      'what is this document for',
    );
    const newApp = scene({ currentApp: 'Tableau', currentTitle: 'Dashboard', appSeenBefore: false, appFirstSeenInWorkSessionMs: NOW });
    expect(proposeQuestions(newApp)[0]?.text).toBe('You opened Tableau for the first time — what do you use it for in your work?');
    expect(proposeQuestions({ ...newApp, hasEarlierWorkSessions: false })).toEqual([]);
  });

  it('treats a reworded or recounted question as a repeat, and a different subject as new', () => {
    const asked = [
      {
        normalized: normalizeQuestion('You switched between “Ledger” and “Bank” 14 times in 10 minutes — what are you working on?'),
        trigger: 'switching',
        subject: 'a',
      },
    ];
    const recount = normalizeQuestion('You switched between "Ledger" and "Bank" 9 times in 10 minutes - what are you working on?');
    expect(isRepeatQuestion({ normalized: recount, trigger: 'x', subject: 'y' }, asked)).toBe(true);
    const reworded = normalizeQuestion('What are you working on while switching between the Ledger and the Bank?');
    expect(questionSimilarity(reworded, asked[0]!.normalized)).toBeGreaterThanOrEqual(0.7);
    expect(isRepeatQuestion({ normalized: reworded, trigger: 'x', subject: 'y' }, asked)).toBe(true);
    const other = normalizeQuestion('You switched between “Inbox” and “Calendar” 7 times in 10 minutes — what are you working on?');
    expect(isRepeatQuestion({ normalized: other, trigger: 'switching', subject: 'b' }, asked)).toBe(false);
    expect(isRepeatQuestion({ normalized: other, trigger: 'switching', subject: 'a' }, asked)).toBe(true);
  });
});

describe('shouldUpdateSummary', () => {
  it('is due 5 minutes after the last summary (or the session start), or at a task boundary', () => {
    const start = NOW - 3_600_000;
    expect(shouldUpdateSummary({ lastSummaryAtMs: null, workSessionStartMs: start, boundarySinceSummary: false }, start + 4 * 60_000)).toBe(
      false,
    );
    expect(shouldUpdateSummary({ lastSummaryAtMs: null, workSessionStartMs: start, boundarySinceSummary: false }, start + 5 * 60_000)).toBe(
      true,
    );
    expect(shouldUpdateSummary({ lastSummaryAtMs: NOW, workSessionStartMs: start, boundarySinceSummary: false }, NOW + 299_999)).toBe(
      false,
    );
    expect(shouldUpdateSummary({ lastSummaryAtMs: NOW, workSessionStartMs: start, boundarySinceSummary: true }, NOW + 1000)).toBe(true);
  });
});

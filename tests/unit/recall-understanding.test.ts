import { describe, expect, it } from 'vitest';
import { extractWorkItems } from '../../src/core/understanding/extract-work-items';
import { contentTerms, coverage, coverageFrom, termMatches } from '../../src/core/recall/question-terms';
import { understandQuestion } from '../../src/core/recall/question-understanding';
import { lunchBreak, understandTime, type DayShape } from '../../src/core/recall/time-understanding';

// Tuesday 10 March 2026, 16:30 (tests run in UTC).
const NOW = Date.parse('2026-03-10T16:30:00Z');
const at = (iso: string): number => Date.parse(`2026-03-${iso}Z`);
const LUNCH = { startMs: at('10T11:31:00'), endMs: at('10T12:18:00') };
const day: DayShape = { longestBreak: (w) => (w.startMs <= LUNCH.startMs && LUNCH.endMs <= w.endMs ? LUNCH : null) };
const noBreak: DayShape = { longestBreak: () => null };

const window = (question: string, shape = day) => {
  const t = understandTime(question, NOW, shape);
  return (
    t && {
      from: new Date(t.startMs).toISOString().slice(5, 16),
      to: new Date(t.endMs).toISOString().slice(5, 16),
      point: t.pointMs !== null,
      label: t.label,
    }
  );
};

describe('time words, read with chrono-node on the core’s clock', () => {
  it('reads moments, ranges and parts of the day, assuming the afternoon for a bare 1 to 6', () => {
    expect(window('what was I doing at 10am?')).toMatchObject({ from: '03-10T10:00', point: true });
    expect(window('what was on my screen at 2:30?')).toMatchObject({ from: '03-10T14:30', point: true });
    expect(window('what was I doing at 9?')).toMatchObject({ from: '03-10T09:00', point: true });
    expect(window('what did I do between 2 and 3?')).toMatchObject({ from: '03-10T14:00', to: '03-10T15:00', point: false });
    expect(window('what did I do between 9 and 11:30')).toMatchObject({ from: '03-10T09:00', to: '03-10T11:30' });
    expect(window('what did I do this morning?')).toMatchObject({ from: '03-10T00:00', to: '03-10T12:00', label: 'this morning' });
    expect(window('what did I do yesterday afternoon?')).toMatchObject({
      from: '03-09T12:00',
      to: '03-09T18:00',
      label: 'yesterday afternoon',
    });
    expect(window('what did I do before 11?')).toMatchObject({ from: '03-10T00:00', to: '03-10T11:00' });
    expect(window('what did I do since 3pm?')).toMatchObject({ from: '03-10T15:00', to: '03-10T16:30' });
    expect(window('what did I do in the last hour?')).toMatchObject({ from: '03-10T15:30', to: '03-10T16:30' });
  });

  it('reads days and weeks, and never runs past now', () => {
    expect(window('how long was I in Excel today?')).toMatchObject({ from: '03-10T00:00', to: '03-10T16:30', label: 'today' });
    expect(window('what did I do yesterday?')).toMatchObject({ from: '03-09T00:00', to: '03-10T00:00', label: 'yesterday' });
    expect(window('what did I do last Tuesday?')).toMatchObject({ from: '03-03T00:00', to: '03-04T00:00' });
    expect(window('how long was I in Excel this week?')).toMatchObject({ from: '03-09T00:00', to: '03-10T16:30', label: 'this week' });
    expect(window('what did I do last week?')).toMatchObject({ from: '03-02T00:00', to: '03-09T00:00' });
    expect(window('how long was I in Excel in February?')).toMatchObject({
      from: '02-01T00:00',
      to: '03-01T00:00',
      label: 'in February 2026',
    });
    expect(window('what did I do this month?')).toMatchObject({ from: '03-01T00:00', to: '03-10T16:30', label: 'this month' });
    expect(window('how long was I in Outlook? roughly')).toBeNull();
    expect(window('how long was I in Ledger 2026.xlsx?')).toBeNull();
  });

  it('takes lunch to be the longest break around midday, and says so when it assumes one', () => {
    expect(window('what did I do after lunch?')).toMatchObject({
      from: '03-10T12:18',
      to: '03-10T16:30',
      label: 'after lunch (from 12:18)',
    });
    expect(window('what did I do before lunch?')).toMatchObject({ from: '03-10T00:00', to: '03-10T11:31' });
    expect(window('when did I take lunch?')).toMatchObject({ from: '03-10T11:31', to: '03-10T12:18' });
    expect(window('what did I do after lunch?', noBreak)).toMatchObject({
      from: '03-10T13:00',
      label: 'after lunch (from 13:00, taking lunch as 12:00–13:00)',
    });
    expect(lunchBreak(NOW, { longestBreak: () => ({ startMs: at('10T12:00:00'), endMs: at('10T12:10:00') }) })).toBeNull();
  });
});

describe('what a question asks', () => {
  const kind = (q: string) => understandQuestion(q, NOW, day);

  it('finds the kind of question, with trailing words and punctuation', () => {
    expect(kind('How long was I in Outlook today? (roughly)')).toMatchObject({ kind: 'time_spent', terms: ['outlook'] });
    expect(kind('time in slack today')).toMatchObject({ kind: 'time_spent', terms: ['slack'] });
    expect(kind('what did I do after lunch?')).toMatchObject({ kind: 'activity', terms: [] });
    expect(kind('what was I doing at 10am?').kind).toBe('moment');
    expect(kind('what was I doing this morning?').kind).toBe('activity');
    expect(kind('when did I take lunch?').kind).toBe('break');
    expect(kind('How long was I in Slack after lunch?')).toMatchObject({ kind: 'time_spent', terms: ['slack'] });
    expect(kind('when did I start today?')).toMatchObject({ kind: 'day_bounds', edge: 'first' });
    expect(kind('when did I last open the bank portal?')).toMatchObject({ kind: 'seen', edge: 'last', terms: ['bank', 'portal'] });
    expect(kind('who sent me invoice 4471?')).toMatchObject({ kind: 'who', relation: 'sender', terms: ['invoice', '4471'] });
    expect(kind('who asked about the Acme payment?')).toMatchObject({ kind: 'who', relation: 'speaker', terms: ['acme', 'payment'] });
    expect(kind('which vendors did I see in NetSuite?')).toMatchObject({ kind: 'which', listOf: 'organization', terms: ['netsuite'] });
    expect(kind('which tickets did I touch?')).toMatchObject({ kind: 'which', listOf: 'identifier', terms: [] });
    expect(kind('which invoices did I look at?')).toMatchObject({
      kind: 'which',
      listOf: 'identifier',
      kindWord: { families: ['invoice'] },
      terms: [],
    });
    expect(kind('what was the total on the Acme invoice?')).toMatchObject({
      kind: 'value',
      valueWord: 'total',
      terms: ['acme', 'invoice'],
    });
    expect(kind('what is the available balance in the bank portal?')).toMatchObject({ kind: 'value', valueWord: 'balance' });
    expect(kind('when is invoice 4471 due?')).toMatchObject({ kind: 'value', valueWord: 'due' });
    expect(kind('tell me about the Q3 budget')).toMatchObject({ kind: 'lookup', terms: ['q3', 'budget'] });
    expect(kind('what?').kind).toBe('unknown');
  });

  it('matches the words people use for apps and windows', () => {
    expect(contentTerms('How much time did I spend on the bank portal today, roughly?')).toEqual(['bank', 'portal']);
    expect(termMatches('email', 'Microsoft Outlook')).toBe(true);
    expect(termMatches('browser', 'Google Chrome')).toBe(true);
    expect(termMatches('invoices', 'Invoice-4471.pdf - Adobe Acrobat Reader')).toBe(true);
    expect(termMatches('#finance', '#finance - Contoso - Slack')).toBe(true);
    expect(termMatches('email', 'Google Chrome')).toBe(false);
  });

  it('gives the share of words a text holds, at or above a floor as coverage does, and 0 below it', () => {
    const terms = ['no-show', 'fee', 'apt-58915', 'patient'];
    const texts = [
      'athenaOne Schedule\nNo-show fee: $20.00\nAPT-58915 Patient: J.R.',
      'Referred patients: 4\nFeb 3 follow-up',
      'No-show fees waived for APT-58915',
      'Fee schedule (no-shows)',
      'Invoices - Feb',
      '',
    ];
    for (const text of texts)
      for (const floor of [0, 0.25, 0.5, 0.75, 1]) {
        const share = coverage(terms, text);
        expect(coverageFrom(terms, text, floor)).toBe(share >= floor ? share : 0);
      }
    expect(coverage(terms, texts[0]!)).toBe(1);
    expect(coverageFrom(terms, texts[1]!, 0.5)).toBe(0);
    expect(coverageFrom([], texts[0]!, 0)).toBe(0);
  });
});

describe('what work is about: the work items of titles and screen text', () => {
  it('reads records, amounts, companies, people, channels, addresses and files, each once', () => {
    const text = [
      'From: billing@acmesupplies.example',
      'Amount due: $12,480.00   Due date: March 20, 2026   PO 7789',
      'ACH ACME SUPPLIES INC   INV-4471   -12,480.00',
      'Raj Patel  10:05 AM',
      'IT renewals are 11,300 over the Q3 budget, sorry',
      'Hello Dana, see #finance and Invoice-4471.pdf',
    ].join('\n');
    const found = extractWorkItems('Invoice 4471 from Acme Supplies - Outlook', text).map((e) => `${e.kind}:${e.name}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'identifier:Invoice 4471',
        'organization:Acme Supplies',
        'email:billing@acmesupplies.example',
        'amount:$12,480.00',
        'identifier:PO 7789',
        'person:Raj Patel',
        'channel:#finance',
        'document:Invoice-4471.pdf',
      ]),
    );
    // One entry per thing: INV-4471 is invoice 4471, ACME SUPPLIES INC is Acme Supplies.
    expect(found.filter((f) => f.startsWith('identifier:') && f.includes('4471'))).toHaveLength(1);
    expect(found.filter((f) => f.startsWith('organization:'))).toEqual(['organization:Acme Supplies']);
    expect(found).not.toContain('person:Hello Dana');
  });
});

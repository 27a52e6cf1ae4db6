import { describe, expect, it } from 'vitest';
import { extractWorkItems } from '../../src/core/understanding/extract-work-items';
import { termMatches } from '../../src/core/recall/question-terms';
import { understandQuestion } from '../../src/core/recall/question-understanding';
import { understandTime, type DayShape } from '../../src/core/recall/time-understanding';

// Wednesday 21 October 2026, 15:00 (tests run in UTC): an early shift, 06:00 to 14:05, lunch 10:50 to 11:25.
const NOW = Date.parse('2026-10-21T15:00:00Z');
const at = (hhmm: string): number => Date.parse(`2026-10-21T${hhmm}:00Z`);
const LUNCH = { startMs: at('10:50'), endMs: at('11:25') };
const shift: DayShape = {
  longestBreak: (w) => (w.startMs <= LUNCH.startMs && LUNCH.endMs <= w.endMs ? LUNCH : null),
  activeBounds: () => ({ startMs: at('06:00'), endMs: at('14:05') }),
};
const span = (question: string): string | null => {
  const t = understandTime(question, NOW, shift);
  return t && `${new Date(t.startMs).toISOString().slice(11, 16)}–${new Date(t.endMs).toISOString().slice(11, 16)}`;
};
const ask = (question: string) => understandQuestion(question, NOW, shift);

describe('time words of any workday', () => {
  it('reads the first and the last hour of the day or the shift as its edges', () => {
    expect(span('what was my first hour like')).toBe('06:00–07:00');
    expect(span('start of shift - what did I work on?')).toBe('06:00–07:00');
    expect(span('what did I do at the beginning of the day?')).toBe('06:00–07:00');
    expect(span('what was I on at the end of my shift')).toBe('13:05–14:05');
    expect(span('my last hour of the day?')).toBe('13:05–14:05');
  });

  it('starts the afternoon when lunch ends, an early lunch of an early shift too', () => {
    expect(span('afternoon recap')).toBe('11:25–15:00');
    const noLunch: DayShape = { longestBreak: () => null };
    expect(understandTime('afternoon recap', NOW, noLunch)?.startMs).toBe(at('12:00'));
  });
});

describe('what a question asks, by its shape', () => {
  it('reads a date or an event time named as a field as the value of a record', () => {
    expect(ask('cardiology appt date for REF-20931?')).toMatchObject({ kind: 'value', terms: ['cardiology', 'appt', 'ref-20931'] });
    expect(ask('what date did the clinic give us')).toMatchObject({ kind: 'value' });
    expect(ask('L-40731 pickup time?')).toMatchObject({ kind: 'seen', terms: ['l-40731', 'pickup'] });
    expect(ask('interview time for APP-1?')).toMatchObject({ kind: 'seen' });
    // Time spent is still time spent.
    expect(ask('slack time today')).toMatchObject({ kind: 'time_spent' });
  });

  it('lists the records in the states a question names, however it words them', () => {
    expect(ask('who no-showed or cancelled today')).toMatchObject({ kind: 'which', listOf: 'identifier', terms: ['no-show', 'cancelled'] });
    expect(ask('list the cancellations and no shows')).toMatchObject({ kind: 'which', terms: ['cancelled', 'no-show'] });
    expect(ask('who was rejected?')).toMatchObject({ kind: 'which', terms: ['rejected'] });
    // People owed a reply are people, not records; a name with a state is still a person asked about.
    expect(ask('who is still waiting on me?').kind).toBe('who');
    expect(ask('who approved the invoice?').kind).toBe('who');
  });
});

describe('task lists', () => {
  it('reads each row of a task list as a record named by its first cell, in the state its last cell shows', () => {
    const items = extractWorkItems(
      'Matter 2026-0147 - Clio',
      [
        'Task Due Assignee Status',
        'Draft motion to compel production Sep 21, 2026 Owen Brooks In progress',
        'Prepare exhibit binder tomorrow Owen Brooks Not started',
        'File stipulated motion to extend time 9/17/2026 Owen Brooks Done',
        'Trust balance: $8,640.00',
      ].join('\n'),
    ).filter((i) => i.role === 'task');
    expect(items.map((i) => `${i.name}<${i.state}>`)).toEqual([
      'Draft motion to compel production<in progress>',
      'Prepare exhibit binder<not started>',
      'File stipulated motion to extend time<done>',
    ]);
  });

  it('reads no task rows without a task list header', () => {
    const items = extractWorkItems('Inbox', ['From Subject Received', 'Draft motion to compel production Sep 21 In progress'].join('\n'));
    expect(items.filter((i) => i.role === 'task')).toEqual([]);
  });
});

describe('lists of people by a role column', () => {
  it("reads each row's first cell as a person in the column's role, in the state the row shows", () => {
    const people = extractWorkItems(
      'Roster - Scheduling - Firefox',
      [
        'Roster',
        'Patient  Visit  Provider  Status',
        'Nora Field  VIS-301  Follow-up  Cancelled',
        'Omar Haddad  VIS-302  New visit  Checked in',
      ].join('\n'),
    ).filter((i) => i.kind === 'person');
    expect(people.map((p) => `${p.name}[${p.role}]<${p.state}>`)).toEqual([
      'Nora Field[patient]<cancelled>',
      'Omar Haddad[patient]<checked in>',
    ]);
  });

  it('reads no people under a message list header (From, To) or without a role column', () => {
    const from = extractWorkItems('Inbox', ['From  Subject  Received', 'Lena Park  Budget questions  9:02 AM'].join('\n'));
    expect(from.filter((i) => i.kind === 'person' && i.line.startsWith('Lena') && i.role === 'from' && i.state !== '')).toEqual([]);
    const plain = extractWorkItems('Notes', ['Summary  Owner  Status', 'Quarter Close  tasks  Open'].join('\n'));
    expect(plain.filter((i) => i.kind === 'person' && i.name === 'Quarter Close')).toEqual([]);
  });
});

describe('nouns, roles and kinds of software in a question', () => {
  it('narrows a plural noun of people or records to the states named beside it', () => {
    expect(ask('which patients cancelled or no-showed?')).toMatchObject({
      kind: 'which',
      listOf: 'person',
      terms: ['cancelled', 'no-show'],
    });
    expect(ask('list the withdrawn applicants')).toMatchObject({ kind: 'which', listOf: 'person', terms: ['withdrawn'] });
    expect(ask('which invoices were rejected')).toMatchObject({ kind: 'which', listOf: 'identifier', terms: ['rejected'] });
    // A singular noun with a state asks about that one.
    expect(ask('was the candidate rejected?').kind).not.toBe('which');
  });

  it('takes the last of nouns side by side as the one asked for, never an attribute noun', () => {
    expect(ask('list the job reqs')).toMatchObject({ kind: 'which', terms: [] });
    expect(ask('list the job reqs').kindWord?.plural).toBe('requisitions');
    expect(ask('invoice numbers from today?').kindWord?.plural).toBe('invoices');
  });

  it('asks for the agent noun of "who is …ing" and the members of a panel', () => {
    expect(ask('who is reviewing the contract?')).toMatchObject({ kind: 'who' });
    expect(ask('who is reviewing the contract?').roles).toEqual(expect.arrayContaining(['reviewer', 'reviewers']));
    expect(ask('who is approving PO-77?').roles).toEqual(expect.arrayContaining(['approver']));
    expect(ask('who was interviewing Sam?').roles).toEqual(expect.arrayContaining(['interviewer', 'interviewers']));
    expect(ask('the review panel for PR #12?')).toMatchObject({ kind: 'who' });
    expect(ask('the review panel for PR #12?').roles).toEqual(expect.arrayContaining(['panel', 'reviewer']));
  });

  it('finds the products of a kind of business software by that kind', () => {
    expect(termMatches('ats', 'Candidates - Lever - Google Chrome')).toBe(true);
    expect(termMatches('ehr', 'Chart - Epic Hyperspace')).toBe(true);
    expect(termMatches('hris', 'Time off - BambooHR')).toBe(true);
    expect(termMatches('helpdesk', 'Ticket 4410 - Freshdesk')).toBe(true);
    expect(termMatches('ats', 'Recruiter inbox - LinkedIn')).toBe(false);
  });
});

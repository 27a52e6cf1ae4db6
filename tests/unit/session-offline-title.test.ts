import { describe, expect, it } from 'vitest';
import { SESSION_TITLE_MAX } from '../../src/shared/contract/sessions';
import { recallEngineFor } from '../../src/core/recall/recall-engine';
import { extractiveTitle, titlePhrase } from '../../src/core/sessions/offline-title';
import { openDatabase } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';

describe('offline titles: a short noun phrase of what the conversation is about', () => {
  it('turn the prompts behind “Working Invoice”, “Slack Write Email Maria” and “Xxxxxxx…” into readable titles', () => {
    expect(titlePhrase('what was I working on with the invoice?')).toBe('Invoice');
    expect(titlePhrase('In Slack, write an email to Maria about the budget')).toBe('Email to Maria about the budget');
    expect(titlePhrase('x'.repeat(40))).toBeNull();
  });

  it('take the most specific phrase: names and numbers over a bare noun', () => {
    expect(titlePhrase('who sent me invoice 4471?')).toBe('Invoice 4471');
    expect(titlePhrase('Summarize the Q3 budget variance for Raj')).toBe('Q3 budget variance for Raj');
    expect(titlePhrase('Fix the ledger export bug in the nightly job')).toBe('Ledger export bug');
    expect(titlePhrase('plan my vacation in Lisbon')).toBe('Vacation in Lisbon');
  });

  it('never make a title of filler, greetings, time words or strings that are not words', () => {
    for (const prompt of [
      'hi',
      'ok thanks',
      'yes',
      '!!!!!!!!',
      'aaaa bbbb cccc',
      'zzzzzz',
      'what did I do today?',
      '?',
      'hmmmmmm',
      'xxxxxxx xxxxx',
    ]) {
      expect(titlePhrase(prompt), prompt).toBeNull();
    }
    const long = titlePhrase(`Reconcile ${'the extraordinarily long supplier statement '.repeat(4)}for Globex Logistics`);
    expect(long!.length).toBeLessThanOrEqual(SESSION_TITLE_MAX);
    expect(long).not.toMatch(/(\w)\1{3,}/);
  });

  it('use what recall understood a question about the day to be about', () => {
    const db = openDatabase(':memory:');
    const activity = new ActivityRepository(db);
    const now = Date.parse('2026-03-10T16:30:00Z');
    const ws = activity.startWorkSession(now - 3_600_000, 'replay');
    activity
      .spanSink(() => ws)
      .open({ kind: 'app', app: 'Slack', title: '#finance - Slack', privateReason: null, startMs: now - 3_600_000, endMs: now - 60_000 });
    const recall = recallEngineFor(db, true);
    const topic = (prompt: string) => recall.topic(prompt, now);
    expect(topic('time in slack today')).toBe('Time in Slack');
    expect(topic('what did I do after lunch?')).toBe('Work after lunch');
    expect(topic('which vendors did I see in NetSuite?')).toBe('Vendors in NetSuite');
    expect(topic('when did I see invoice 4471?')).toBe('Invoice 4471');
    expect(topic('can you draft a reply to Raj')).toBeNull();
    expect(extractiveTitle('', ['hi', 'time in slack today'], topic)).toBe('Time in Slack');
    db.close();
  });

  it('change only when two of the newest three prompts leave the topic, and take the newest of those', () => {
    expect(extractiveTitle('', ['How long was I in the ledger today?'])).toBe('Ledger');
    expect(extractiveTitle('Ledger', ['ledger totals', 'ledger export', 'when did I see invoice 4471?'])).toBeNull();
    expect(extractiveTitle('Ledger', ['ledger export', 'when did I see invoice 4471?', 'is invoice 4471 approved?'])).toBe('Invoice 4471');
    expect(extractiveTitle('Ledger', ['ledger export', 'ok', 'yes'])).toBeNull();
    expect(extractiveTitle('', ['xxxxxxxxxxxxxxxx'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { defaultExclusionRules } from '../../src/core/config/settings';
import { compileExclusions } from '../../src/core/observe/exclusion';
import { INTERVIEW_EXCLUSION_REASON, namesToNeverObserve, withInterviewExclusions } from '../../src/core/observe/interview-exclusions';

describe('namesToNeverObserve', () => {
  it('takes the names out of a sentence', () => {
    expect(namesToNeverObserve('Slack, the HR portal and my personal email.')).toEqual(['Slack', 'HR portal', 'personal email']);
    expect(namesToNeverObserve('WhatsApp app; Signal or any Telegram windows\nBanking')).toEqual([
      'WhatsApp',
      'Signal',
      'Telegram',
      'Banking',
    ]);
  });

  it('finds nothing in "none"', () => {
    for (const answer of ['', 'None', 'nothing.', 'n/a', ' - ']) expect(namesToNeverObserve(answer), answer).toEqual([]);
  });
});

describe('withInterviewExclusions', () => {
  it('excludes each named app, and windows whose title names it (web apps)', () => {
    const rules = compileExclusions(withInterviewExclusions(defaultExclusionRules, 'Slack and the HR portal (Workday)'));
    expect(rules.match({ app: 'Slack', title: '#general' })).toBe(INTERVIEW_EXCLUSION_REASON);
    expect(rules.match({ app: 'Google Chrome', title: 'HR portal (Workday) - Google Chrome' })).toBe(INTERVIEW_EXCLUSION_REASON);
    expect(rules.match({ app: 'Microsoft Excel', title: 'Budget.xlsx' })).toBeNull();
    // The defaults still hold.
    expect(rules.match({ app: '1Password', title: 'Vault' })).toBe('password manager');
  });

  it('replaces what an earlier answer added, and keeps every other rule', () => {
    const first = withInterviewExclusions(defaultExclusionRules, 'Slack');
    const second = withInterviewExclusions(first, 'Teams');
    const rules = compileExclusions(second);
    expect(rules.match({ app: 'Slack', title: '' })).toBeNull();
    expect(rules.match({ app: 'Microsoft Teams', title: '' })).toBe(INTERVIEW_EXCLUSION_REASON);
    expect(second.slice(0, defaultExclusionRules.length)).toEqual(defaultExclusionRules);
    expect(withInterviewExclusions(second, 'none')).toEqual(defaultExclusionRules);
  });

  it('adds nothing for what a rule already covers, and treats names as text, not patterns', () => {
    expect(withInterviewExclusions(defaultExclusionRules, '1Password')).toEqual(defaultExclusionRules);
    const rules = compileExclusions(withInterviewExclusions([], 'C++ (work)'));
    expect(rules.match({ app: 'Editor', title: 'main.cpp — C++ (work)' })).toBe(INTERVIEW_EXCLUSION_REASON);
    expect(rules.match({ app: 'Editor', title: 'CCC work' })).toBeNull();
  });
});

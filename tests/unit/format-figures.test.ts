import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../src/shared/format-clock-time';
import { formatDuration } from '../../src/shared/format-duration';

describe('formatDuration', () => {
  it('says whole seconds under a minute', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(9)).toBe('9s');
    expect(formatDuration(59.4)).toBe('59s');
  });

  it('rounds everything from a minute on to the nearest whole minute', () => {
    expect(formatDuration(59.5)).toBe('1m');
    expect(formatDuration(89)).toBe('1m');
    expect(formatDuration(90)).toBe('2m');
    expect(formatDuration(3353)).toBe('56m');
    expect(formatDuration(3570)).toBe('1h 00m');
    expect(formatDuration(8393)).toBe('2h 20m');
    expect(formatDuration(25005)).toBe('6h 57m');
    expect(formatDuration(26 * 3600 + 5 * 60)).toBe('26h 05m');
  });

  it('never shows a negative or broken figure', () => {
    expect(formatDuration(-12)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('formatClockTime', () => {
  // vitest runs in UTC; each case names its locale so the expectation does not depend on the machine.
  const morning = Date.parse('2026-03-10T08:05:00Z');
  const afternoon = Date.parse('2026-03-10T16:30:42Z');

  it('writes a 24-hour clock where the locale does', () => {
    expect(formatClockTime(morning, { locale: 'en-GB' })).toBe('08:05');
    expect(formatClockTime(afternoon, { locale: 'de-DE' })).toBe('16:30');
  });

  it('writes AM/PM where the locale does', () => {
    expect(formatClockTime(morning, { locale: 'en-US' }).replace(/\s/g, ' ')).toBe('08:05 AM');
    expect(formatClockTime(afternoon, { locale: 'en-US' }).replace(/\s/g, ' ')).toBe('04:30 PM');
  });

  it('takes ISO text, milliseconds or a Date alike, and adds seconds when asked', () => {
    expect(formatClockTime('2026-03-10T16:30:42Z', { locale: 'en-GB' })).toBe('16:30');
    expect(formatClockTime(new Date(afternoon), { locale: 'en-GB' })).toBe('16:30');
    expect(formatClockTime(afternoon, { locale: 'en-GB', seconds: true })).toBe('16:30:42');
  });

  it('follows the runtime locale by default', () => {
    const runtime = Intl.DateTimeFormat().resolvedOptions().locale;
    expect(formatClockTime(afternoon)).toBe(formatClockTime(afternoon, { locale: runtime }));
  });
});

import { describe, expect, it } from 'vitest';
import { formatClockTime } from '../../src/shared/format-clock-time';
import { formatDate, formatDateTime, formatMoment } from '../../src/shared/format-date';
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

describe('formatDate, formatDateTime and formatMoment', () => {
  const sent = Date.parse('2026-03-10T09:12:30Z');

  it('writes days and dates as the locale does, naming the zone when asked', () => {
    expect(formatDate(sent, { locale: 'en-GB' })).toBe('Tue, 10 Mar 2026');
    expect(formatDate('2026-03-10T09:12:30Z', { locale: 'de-DE' })).toBe('Di., 10. März 2026');
    expect(formatDateTime(sent, { locale: 'en-GB' })).toBe('10 Mar 2026, 09:12');
    expect(formatDateTime(sent, { locale: 'en-GB', timeZoneName: true })).toBe('10 Mar 2026, 09:12 UTC');
    expect(formatDateTime(sent, { locale: 'en-US' }).replace(/\s/g, ' ')).toBe('Mar 10, 2026, 09:12 AM');
  });

  it('says a moment as briefly as reads unambiguously next to now', () => {
    const on = (iso: string): string => formatMoment(sent, Date.parse(iso), { locale: 'en-GB' });
    expect(on('2026-03-10T17:00:00Z')).toBe('09:12');
    expect(on('2026-03-11T08:00:00Z')).toBe('yesterday 09:12');
    expect(on('2026-11-23T21:42:00Z')).toBe('10 Mar, 09:12');
    expect(on('2027-01-02T10:00:00Z')).toBe('10 Mar 2026, 09:12');
  });
});

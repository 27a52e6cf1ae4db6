import { describe, expect, it } from 'vitest';
import { gapLines } from '../../src/cli/commands/today';
import { COVERAGE_LABELS, type Coverage, type CoverageReasonCode } from '../../src/shared/contract/index';

const T0 = Date.parse('2026-03-10T09:00:00Z');

/** A day's coverage from stretches given as [reason, seconds], back to back from 09:00. */
function coverage(parts: readonly (readonly [CoverageReasonCode, number])[]): Coverage {
  let at = T0;
  const stretches = parts.map(([reason, seconds]) => {
    const start = new Date(at).toISOString();
    at += seconds * 1000;
    const observed = reason === 'observing' || reason === 'idle';
    return { start, end: new Date(at).toISOString(), observed, reason, label: COVERAGE_LABELS[reason], detail: null, seconds };
  });
  const observedSeconds = stretches.filter((s) => s.observed).reduce((sum, s) => sum + s.seconds, 0);
  return {
    date: '2026-03-10',
    from: new Date(T0).toISOString(),
    to: new Date(at).toISOString(),
    observedSeconds,
    notObservedSeconds: (at - T0) / 1000 - observedSeconds,
    stretches,
  };
}

describe('shadow today: the gaps of the day in sentences', () => {
  it('says short gaps alone in one sentence, never an "and" with nothing before it', () => {
    const lines = gapLines(
      coverage([
        ['observing', 3600],
        ['private', 30],
        ['observing', 1800],
        ['paused', 30],
        ['observing', 600],
      ]),
    );
    expect(lines).toEqual([
      'Observed 09:00–10:41; not observed for 1m of that, in 2 short gaps (under a minute each), never counted as work.',
    ]);
  });

  it('lists the long gaps under their sentence, and the short ones after them', () => {
    const lines = gapLines(
      coverage([
        ['observing', 3600],
        ['paused', 900],
        ['observing', 600],
        ['private', 20],
        ['observing', 600],
      ]),
    );
    expect(lines).toEqual([
      'Observed 09:00–10:35; not observed for 15m of that (never counted as work):',
      '  10:00–10:15  15m  paused',
      '  and one shorter gap (under a minute).',
    ]);
  });

  it('says when the day had no gap', () => {
    expect(gapLines(coverage([['observing', 7200]]))).toEqual(['Observed without a gap from 09:00 to 11:00.']);
  });
});

import { describe, expect, it } from 'vitest';
import { timeTicks, TICK_GAP_PX } from '../../src/renderer/features/day-chart/time-ticks';

const at = (hhmm: string): number => Date.parse(`2026-03-10T${hhmm}:00Z`);
const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 16);

/** Ticks of a span drawn over `width` px with labels `label` px wide, and their pixel positions. */
function layout(from: string, to: string, width: number, label = 56) {
  const [fromMs, toMs] = [at(from), at(to)];
  const x0 = 132;
  const ticks = timeTicks(fromMs, toMs, { x0, x1: width - 8, labelWidth: label, minX: 0, maxX: width });
  const xs = ticks.map((t) => x0 + ((t - fromMs) / (toMs - fromMs)) * (width - 8 - x0));
  return { ticks: ticks.map(clock), xs };
}

describe('axis ticks chosen for the span and the width', () => {
  it('never lets two labels touch, nor a label hang over an end, on a short and a long day, narrow and wide', () => {
    for (const [from, to] of [
      ['16:00', '17:00'],
      ['08:00', '17:00'],
      ['00:00', '23:59'],
    ])
      for (const width of [320, 560, 760, 1280, 2400]) {
        const { xs } = layout(from!, to!, width);
        for (let i = 1; i < xs.length; i++)
          expect(xs[i]! - xs[i - 1]!, `${from}–${to} at ${width}`).toBeGreaterThanOrEqual(56 + TICK_GAP_PX);
        for (const x of xs) {
          expect(x - 28).toBeGreaterThanOrEqual(0);
          expect(x + 28).toBeLessThanOrEqual(width);
        }
      }
  });

  it('labels the hour of a 25-minute day every 5 or 10 minutes, and a 9-hour day by the hour, or every 2 when narrow', () => {
    // The last label would hang over the right end: it is left out rather than cut.
    expect(layout('16:00', '17:00', 1280).ticks).toEqual([
      '16:00',
      '16:05',
      '16:10',
      '16:15',
      '16:20',
      '16:25',
      '16:30',
      '16:35',
      '16:40',
      '16:45',
      '16:50',
      '16:55',
    ]);
    expect(layout('16:00', '17:00', 760).ticks).toEqual(['16:00', '16:10', '16:20', '16:30', '16:40', '16:50']);
    expect(layout('08:00', '17:00', 1280).ticks).toEqual(['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(layout('08:00', '17:00', 560).ticks).toEqual(['08:00', '10:00', '12:00', '14:00', '16:00']);
  });

  it('starts on round local times, not at the span’s first minute', () => {
    expect(layout('09:07', '09:52', 1280).ticks[0]).toBe('09:10');
  });
});

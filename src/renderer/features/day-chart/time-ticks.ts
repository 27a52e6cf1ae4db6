const MINUTE_MS = 60_000;

/** Steps between axis labels, in minutes: round times a person reads at a glance. */
const STEPS_MINUTES = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 720] as const;

/** Space between two labels, in pixels. */
export const TICK_GAP_PX = 10;

/** The first moment at or after `ms` that is a whole multiple of `stepMinutes` of local clock time. */
function firstRoundTime(ms: number, stepMinutes: number): number {
  const d = new Date(ms);
  d.setSeconds(0, 0);
  const minuteOfDay = d.getHours() * 60 + d.getMinutes();
  const rounded = Math.ceil(minuteOfDay / stepMinutes) * stepMinutes;
  d.setHours(0, rounded, 0, 0);
  return d.getTime() < ms ? d.getTime() + stepMinutes * MINUTE_MS : d.getTime();
}

export interface TickLayout {
  /** Where the axis starts and ends, in pixels. */
  readonly x0: number;
  readonly x1: number;
  /** How wide a label is at most, in pixels. */
  readonly labelWidth: number;
  /** Where labels may be drawn (they are centred on their tick): by default the axis itself. */
  readonly minX?: number;
  readonly maxX?: number;
}

/**
 * Axis ticks for the span `fromMs`–`toMs` drawn from `x0` to `x1` px: round local times at the smallest
 * step that leaves every (centred) label `TICK_GAP_PX` clear of the next, and only those whose label fits
 * inside the axis. A 25-minute day gets five-minute labels where there is room, a 9-hour day hours or
 * two; a narrow window fewer of either.
 */
export function timeTicks(fromMs: number, toMs: number, layout: TickLayout): number[] {
  const span = toMs - fromMs;
  const width = layout.x1 - layout.x0;
  if (span <= 0 || width <= 0) return [];
  const at = (ms: number): number => layout.x0 + ((ms - fromMs) / span) * width;
  const half = layout.labelWidth / 2;
  const step = STEPS_MINUTES.find((minutes) => ((minutes * MINUTE_MS) / span) * width >= layout.labelWidth + TICK_GAP_PX);
  if (step === undefined) return [];
  const [minX, maxX] = [layout.minX ?? layout.x0, layout.maxX ?? layout.x1];
  const ticks: number[] = [];
  for (let t = firstRoundTime(fromMs, step); t <= toMs; t = firstRoundTime(t + MINUTE_MS, step)) {
    // A label must not hang over the end of the chart.
    if (at(t) - half >= minX && at(t) + half <= maxX) ticks.push(t);
  }
  return ticks;
}

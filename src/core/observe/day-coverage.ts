import { COVERAGE_LABELS, type Coverage, type CoverageReasonCode, type CoverageStretchView } from '../../shared/contract/coverage';
import { iso } from '../clock';
import type { TimeWindow } from '../store/repositories/activity-repository';
import type { CoverageStretch } from '../store/repositories/coverage-repository';

/** The open stretch is written every 10 s: a shorter silence at the end is not yet written, not a gap. */
export const TRAILING_SILENCE_MS = 15_000;

const OBSERVED: ReadonlySet<CoverageReasonCode> = new Set(['observing', 'idle']);

const round1 = (ms: number): number => Math.round(ms / 100) / 10;

function view(reason: CoverageReasonCode, detail: string | null, startMs: number, endMs: number): CoverageStretchView {
  return {
    start: iso(startMs),
    end: iso(endMs),
    observed: OBSERVED.has(reason),
    reason,
    label: COVERAGE_LABELS[reason],
    detail,
    seconds: round1(endMs - startMs),
  };
}

/**
 * A day's coverage from the stored stretches (clipped to the day, in time order): every moment from the
 * day's start until its end (or now) in exactly one stretch, time without a record as `not_running`,
 * touching stretches of the same reason and detail joined.
 */
export function dayCoverage(date: string, day: TimeWindow, stored: readonly CoverageStretch[], nowMs: number): Coverage {
  const to = Math.max(day.startMs, Math.min(day.endMs, nowMs));
  const out: { reason: CoverageReasonCode; detail: string | null; startMs: number; endMs: number }[] = [];
  const push = (reason: CoverageReasonCode, detail: string | null, startMs: number, endMs: number): void => {
    if (endMs <= startMs) return;
    const last = out.at(-1);
    if (last && last.reason === reason && last.detail === detail && last.endMs === startMs) last.endMs = endMs;
    else out.push({ reason, detail, startMs, endMs });
  };
  let cursor = day.startMs;
  for (const s of stored) {
    const start = Math.max(s.startMs, cursor);
    const end = Math.min(s.endMs, to);
    if (end <= start) continue;
    push('not_running', null, cursor, start);
    push(s.reason, s.detail, start, end);
    cursor = end;
  }
  // What the running app has not written yet is its last state going on, not a gap.
  const last = out.at(-1);
  if (last && last.endMs === cursor && to - cursor < TRAILING_SILENCE_MS && nowMs <= day.endMs) last.endMs = to;
  else push('not_running', null, cursor, to);
  const stretches = out.map((s) => view(s.reason, s.detail, s.startMs, s.endMs));
  const sum = (observed: boolean): number =>
    round1(out.filter((s) => OBSERVED.has(s.reason) === observed).reduce((total, s) => total + s.endMs - s.startMs, 0));
  return { date, from: iso(day.startMs), to: iso(to), observedSeconds: sum(true), notObservedSeconds: sum(false), stretches };
}

import { COVERAGE_LABELS, type DayTimeline, type TimelineGap, type WorkSession } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { CoverageStretch } from '../store/repositories/coverage-repository';
import type { MemorySummaryRepository } from '../store/repositories/memory-summary-repository';
import type { MemoryTaskRepository } from '../store/repositories/memory-task-repository';
import { localDateOf, localDayBounds } from '../time';

export interface DayTimelineDeps {
  readonly activity: ActivityRepository;
  readonly tasks: MemoryTaskRepository;
  readonly summaries: MemorySummaryRepository;
  /** The record of when observation really ran (`observation_coverage`): its gaps inside work sessions show too. */
  readonly coverage?: (window: TimeWindow) => readonly CoverageStretch[];
  /** This device's id: another device's work sessions close the gaps of this one's coverage record. */
  readonly localDeviceId?: string;
  /** The day's work threads (src/core/understanding/day-threads.ts); none when not given. */
  readonly threads?: (window: TimeWindow, nowMs: number) => DayTimeline['threads'];
}

/** Work sessions are few a day; a day with more than this is cut to the newest. */
const WORK_SESSIONS_A_DAY = 500;
/** Shorter stops (the midnight roll-over, a quick pause and resume) are not worth a label on the chart. */
const GAP_MIN_MS = 60_000;

/** Why nothing was observed after a work session ended, in the user's words. */
function gapAfter(workSession: WorkSession): Pick<TimelineGap, 'kind' | 'reason'> {
  const reason = workSession.endReason ?? '';
  if (/^paused\b/i.test(reason)) return { kind: 'paused', reason };
  if (workSession.status === 'interrupted') return { kind: 'not-observed', reason: 'the app stopped unexpectedly' };
  if (reason === 'the app quit') return { kind: 'not-observed', reason: 'Workflow Shadow was not running' };
  return { kind: 'not-observed', reason: reason || 'nothing was observed' };
}

/**
 * One local day as the day chart draws it: the spans of every window, idle and private stretch, the
 * gaps between work sessions (paused, or not observed) with their reasons, and the day's tasks.
 * `nowMs` is the engine's now: an open work session runs until then, and while the day is today a
 * stop since the last work session shows as a gap up to now.
 */
export function dayTimeline(deps: DayTimelineDeps, date: string, nowMs: number): DayTimeline {
  const day = localDayBounds(date);
  const clip = (ms: number): number => Math.min(day.endMs, Math.max(day.startMs, ms));
  const workSessions = deps.activity.listWorkSessions(WORK_SESSIONS_A_DAY, day).reverse();
  const stretches = workSessions.map((ws) => ({
    ws,
    fromMs: clip(Date.parse(ws.startedAt)),
    toMs: clip(ws.endedAt ? Date.parse(ws.endedAt) : nowMs),
  }));
  const gaps: TimelineGap[] = [];
  // Work sessions of several devices overlap: a gap is time when none of them observed.
  const merged = mergeStretches(stretches);
  merged.forEach((stretch, i) => {
    const nextFromMs = merged[i + 1]?.fromMs ?? (localDateOf(nowMs) === date && stretch.ws.endedAt ? clip(nowMs) : null);
    if (nextFromMs !== null && nextFromMs - stretch.toMs >= GAP_MIN_MS) {
      gaps.push({ ...gapAfter(stretch.ws), from: iso(stretch.toMs), to: iso(nextFromMs) });
    }
  });
  const elsewhere = stretches.filter((s) => s.ws.device !== undefined && s.ws.device.id !== deps.localDeviceId);
  gaps.push(...coverageGaps(deps, day, [...gaps, ...elsewhere.map((s) => ({ from: iso(s.fromMs), to: iso(s.toMs) }))]));
  gaps.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  const observed = stretches.length
    ? { from: iso(Math.min(...stretches.map((s) => s.fromMs))), to: iso(Math.max(...stretches.map((s) => s.toMs))) }
    : null;
  const totals = deps.activity.appTime({ window: day });
  return {
    date,
    from: iso(day.startMs),
    to: iso(day.endMs),
    observed,
    spans: deps.activity.spansIn(day).map((span) => ({
      kind: span.kind,
      app: span.kind === 'app' ? span.app : null,
      title: span.kind === 'app' ? span.title : null,
      from: iso(span.startMs),
      to: iso(span.endMs),
      ...(span.device && { device: span.device }),
    })),
    gaps,
    tasks: deps.tasks.listTasksIn(day),
    threads: deps.threads?.(day, nowMs) ?? [],
    latestSummary: deps.summaries.latestIn(day),
    activeSeconds: totals.totalActiveSeconds,
    idleSeconds: totals.idleSeconds,
    privateSeconds: totals.privateSeconds,
  };
}

/**
 * Stretches the coverage record says were not observed although the app was running (no display, a
 * failing screen read, a full disk, a lock): a work session alone would show them as observed time.
 */
interface Stretch {
  readonly ws: WorkSession;
  readonly fromMs: number;
  readonly toMs: number;
}

/** Overlapping stretches (of several devices) as one, each ending with the work session that ends it last. */
function mergeStretches(stretches: readonly Stretch[]): Stretch[] {
  const merged: Stretch[] = [];
  for (const s of [...stretches].sort((a, b) => a.fromMs - b.fromMs)) {
    const last = merged.at(-1);
    if (last && s.fromMs <= last.toMs) {
      if (s.toMs > last.toMs || (s.toMs === last.toMs && !s.ws.endedAt))
        merged[merged.length - 1] = { ws: s.ws, fromMs: last.fromMs, toMs: s.toMs };
    } else merged.push(s);
  }
  return merged;
}

function coverageGaps(deps: DayTimelineDeps, day: TimeWindow, known: readonly Pick<TimelineGap, 'from' | 'to'>[]): TimelineGap[] {
  const overlapsKnown = (fromMs: number, toMs: number): boolean =>
    known.some((gap) => Date.parse(gap.from) < toMs && Date.parse(gap.to) > fromMs);
  return (deps.coverage?.(day) ?? [])
    .filter((s) => !['observing', 'idle', 'private'].includes(s.reason) && s.endMs - s.startMs >= GAP_MIN_MS)
    .filter((s) => !overlapsKnown(s.startMs, s.endMs))
    .map((s) => ({
      kind: s.reason === 'paused' || s.reason === 'locked' ? ('paused' as const) : ('not-observed' as const),
      from: iso(s.startMs),
      to: iso(s.endMs),
      reason: s.detail ? `${COVERAGE_LABELS[s.reason]} (${s.detail})` : COVERAGE_LABELS[s.reason],
    }));
}

/** `count` consecutive local days from `date`. */
export function consecutiveDays(date: string, count: number): string[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => localDateOf(new Date(y, m - 1, d + i).getTime()));
}

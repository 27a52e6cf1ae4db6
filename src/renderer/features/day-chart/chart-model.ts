import type { DayTimeline, Task, TimelineSpan, WorkThreadView } from '../../../shared/contract/index';

const HOUR_MS = 3_600_000;

/** Bar colours for apps, in order of time spent; each reads at 3:1 or more on the light and dark card. */
export const APP_PALETTE = ['#3b5bdb', '#2b8a3e', '#d9480f', '#9c36b5', '#0b7285', '#c2255c', '#5c940d', '#7048e8'] as const;
export const OTHER_APPS_COLOR = '#868e96';
export const OTHER_APPS = 'Other apps';

/** Apps by time spent in the given days, most first. */
export function appsByTime(days: readonly DayTimeline[]): string[] {
  const seconds = new Map<string, number>();
  for (const day of days)
    for (const span of day.spans)
      if (span.kind === 'app' && span.app !== null)
        seconds.set(span.app, (seconds.get(span.app) ?? 0) + (Date.parse(span.to) - Date.parse(span.from)) / 1000);
  return [...seconds.entries()].sort((a, b) => b[1] - a[1]).map(([app]) => app);
}

/** A colour for each of the top apps; the rest share the grey of "Other apps". */
export function appColors(apps: readonly string[]): (app: string) => string {
  const colors = new Map(apps.slice(0, APP_PALETTE.length).map((app, i) => [app, APP_PALETTE[i]!]));
  return (app) => colors.get(app) ?? OTHER_APPS_COLOR;
}

/** When a task ends on the chart: its end, or now while it goes on. */
export const taskEndMs = (task: Task, nowMs: number): number =>
  task.endedAt ? Date.parse(task.endedAt) : Math.max(nowMs, Date.parse(task.startedAt));

/** How long a task has lasted: while open, until now (its stored end only moves when a frame changes). */
export const taskSeconds = (task: Task, nowMs: number): number =>
  task.endedAt ? task.durationSeconds : Math.max(task.durationSeconds, (nowMs - Date.parse(task.startedAt)) / 1000);

/** The hours the chart shows: from the hour of the first observation to the hour after the last (or now). */
export function chartRange(days: readonly DayTimeline[], timeOfDay = false): { fromMs: number; toMs: number } | null {
  const ranges = days.flatMap((day) => {
    if (!day.observed) return [];
    const dayStart = timeOfDay ? Date.parse(day.from) : 0;
    const ends = [Date.parse(day.observed.to), ...day.gaps.map((g) => Date.parse(g.to))];
    return [{ fromMs: Date.parse(day.observed.from) - dayStart, toMs: Math.max(...ends) - dayStart }];
  });
  if (ranges.length === 0) return null;
  const floorHour = (ms: number): number => {
    const d = new Date(ms);
    d.setMinutes(0, 0, 0);
    return d.getTime();
  };
  const fromMs = timeOfDay
    ? Math.floor(Math.min(...ranges.map((r) => r.fromMs)) / HOUR_MS) * HOUR_MS
    : floorHour(Math.min(...ranges.map((r) => r.fromMs)));
  const lastMs = Math.max(...ranges.map((r) => r.toMs));
  const toMs = Math.max(fromMs + HOUR_MS, timeOfDay ? Math.ceil(lastMs / HOUR_MS) * HOUR_MS : floorHour(lastMs - 1) + HOUR_MS);
  return { fromMs, toMs };
}

export interface AppLane {
  readonly label: string;
  readonly color: string;
  readonly seconds: number;
  readonly spans: readonly TimelineSpan[];
}

/** One lane per app for the top `max - 1` apps of the day, the rest in one "Other apps" lane. */
export function appLanes(day: DayTimeline, max = 7): AppLane[] {
  const ranked = appsByTime([day]);
  const colorOf = appColors(ranked);
  const shown = ranked.length <= max ? ranked : ranked.slice(0, max - 1);
  const spansOf = (keep: (app: string) => boolean): TimelineSpan[] =>
    day.spans.filter((s) => s.kind === 'app' && s.app !== null && keep(s.app));
  const seconds = (spans: readonly TimelineSpan[]): number =>
    spans.reduce((sum, s) => sum + (Date.parse(s.to) - Date.parse(s.from)) / 1000, 0);
  const lanes = shown.map((app) => {
    const spans = spansOf((a) => a === app);
    return { label: app, color: colorOf(app), seconds: seconds(spans), spans };
  });
  if (ranked.length > shown.length) {
    const rest = new Set(ranked.slice(shown.length));
    const spans = spansOf((a) => rest.has(a));
    lanes.push({ label: `${OTHER_APPS} (${rest.size})`, color: OTHER_APPS_COLOR, seconds: seconds(spans), spans });
  }
  return lanes;
}

/** Idle and private stretches and the gaps, as one list of shaded stretches with a kind and a label. */
export interface ShadedStretch {
  readonly kind: 'idle' | 'private' | 'paused' | 'not-observed';
  readonly fromMs: number;
  readonly toMs: number;
  readonly label: string;
  readonly reason: string | null;
}

export const SHADE_LABELS: Record<ShadedStretch['kind'], string> = {
  idle: 'Idle',
  private: 'Private',
  paused: 'Paused',
  'not-observed': 'Not observed',
};

export function shadedStretches(day: DayTimeline): ShadedStretch[] {
  const fromSpans = day.spans
    .filter((s): s is TimelineSpan & { kind: 'idle' | 'private' } => s.kind !== 'app')
    .map((s) => ({ kind: s.kind, fromMs: Date.parse(s.from), toMs: Date.parse(s.to), label: SHADE_LABELS[s.kind], reason: null }));
  const fromGaps = day.gaps.map((g) => ({
    kind: g.kind,
    fromMs: Date.parse(g.from),
    toMs: Date.parse(g.to),
    label: SHADE_LABELS[g.kind],
    reason: g.reason,
  }));
  return [...fromSpans, ...fromGaps].sort((a, b) => a.fromMs - b.fromMs);
}

/** The work thread each task of the day belongs to, by task id (every task is in one). */
export function threadsByTask(day: DayTimeline): Map<number, WorkThreadView> {
  const byTask = new Map<number, WorkThreadView>();
  for (const thread of day.threads) for (const id of thread.taskIds) byTask.set(id, thread);
  return byTask;
}

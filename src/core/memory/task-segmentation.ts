import { clipAtWord } from '../../shared/clip-at-word';
import { formatDuration } from '../../shared/format-duration';
import type { TaskRecord } from '../store/repositories/memory-task-repository';

/** One stretch of the activity stream (an activity span as the observer stores it). */
export interface SpanLike {
  readonly kind: 'app' | 'idle' | 'private';
  readonly app: string | null;
  readonly title: string | null;
  readonly startMs: number;
  readonly endMs: number;
}

export interface SegmentationOptions {
  /** A switch to windows outside the current task starts a new task once it has lasted this long. */
  readonly minTaskMs: number;
  /** Idle or private time at least this long ends the task. */
  readonly gapCutMs: number;
}

export const DEFAULT_SEGMENTATION: SegmentationOptions = { minTaskMs: 2 * 60_000, gapCutMs: 60_000 };

interface Building {
  startMs: number;
  endMs: number;
  windows: Map<string, { app: string; title: string; ms: number }>;
  keys: string[];
}

/**
 * Cuts a work session's spans into tasks. An idle (or private) gap ends a task, and so does time
 * nothing was observed. A switch to a
 * window the task has not used starts a new task only if the user stays away from the task's
 * windows for `minTaskMs`; a shorter detour (checking the bank portal while in the ledger) joins
 * the task, so going back and forth between two windows stays one task.
 */
export function segmentTasks(
  spans: readonly SpanLike[],
  workSessionOpen: boolean,
  options: SegmentationOptions = DEFAULT_SEGMENTATION,
): TaskRecord[] {
  const tasks: TaskRecord[] = [];
  let current: Building | null = null;
  let detour: Building | null = null;

  const finish = (task: Building, open: boolean): void => {
    tasks.push(describeTask(task, open));
  };
  const closeCurrent = (): void => {
    if (current) {
      if (detour) absorb(current, detour);
      finish(current, false);
    }
    current = null;
    detour = null;
  };

  let lastEnd: number | null = null;
  for (const span of [...spans].sort((a, b) => a.startMs - b.startMs)) {
    const ms = span.endMs - span.startMs;
    // Time with no span at all was not observed (no display, nothing saved, the app not running): a task
    // never runs through it, so it is never told as work.
    const unobserved = lastEnd !== null && span.startMs - lastEnd >= options.gapCutMs;
    lastEnd = Math.max(lastEnd ?? span.endMs, span.endMs);
    if (unobserved) closeCurrent();
    if (span.kind !== 'app') {
      if (ms >= options.gapCutMs) closeCurrent();
      continue;
    }
    // A window seen for no time at all (the instant a private window or a pause ended) is no work: it
    // never starts a task of its own, which would be a 0-second task.
    if (ms <= 0) continue;
    const key = windowKey(span);
    if (!current) {
      current = building(span, key);
      continue;
    }
    if (!detour && current.windows.has(key)) {
      add(current, span, key);
      continue;
    }
    if (detour && current.windows.has(key)) {
      absorb(current, detour);
      detour = null;
      add(current, span, key);
      continue;
    }
    if (detour) add(detour, span, key);
    else detour = building(span, key);
    if (activeMs(detour) >= options.minTaskMs) {
      finish(current, false);
      current = detour;
      detour = null;
    }
  }
  if (current) {
    const open: Building = current;
    if (detour) absorb(open, detour);
    finish(open, workSessionOpen);
  }
  return tasks;
}

function windowKey(span: SpanLike): string {
  return `${span.app ?? ''}\u0000${span.title ?? ''}`;
}

function building(span: SpanLike, key: string): Building {
  const b: Building = { startMs: span.startMs, endMs: span.startMs, windows: new Map(), keys: [] };
  add(b, span, key);
  return b;
}

function add(b: Building, span: SpanLike, key: string): void {
  const w = b.windows.get(key) ?? { app: span.app ?? '', title: span.title ?? '', ms: 0 };
  w.ms += span.endMs - span.startMs;
  b.windows.set(key, w);
  if (b.keys.at(-1) !== key) b.keys.push(key);
  b.endMs = Math.max(b.endMs, span.endMs);
}

function absorb(into: Building, from: Building): void {
  for (const [key, w] of from.windows) {
    const target = into.windows.get(key) ?? { app: w.app, title: w.title, ms: 0 };
    target.ms += w.ms;
    into.windows.set(key, target);
  }
  for (const key of from.keys) if (into.keys.at(-1) !== key) into.keys.push(key);
  into.endMs = Math.max(into.endMs, from.endMs);
}

function activeMs(b: Building): number {
  let ms = 0;
  for (const w of b.windows.values()) ms += w.ms;
  return ms;
}

function describeTask(b: Building, open: boolean): TaskRecord {
  const windows = [...b.windows.values()].sort((x, y) => y.ms - x.ms);
  const appMs = new Map<string, number>();
  for (const w of windows) appMs.set(w.app, (appMs.get(w.app) ?? 0) + w.ms);
  const apps = [...appMs.entries()].sort((x, y) => y[1] - x[1]).map(([app]) => app);
  const titles = windows
    .filter((w) => w.title !== '')
    .map((w) => w.title)
    .slice(0, 8);
  const top = windows[0]!;
  const name = taskName(top.app, top.title);
  const switches = Math.max(0, b.keys.length - 1);
  return {
    name,
    startMs: b.startMs,
    endMs: b.endMs,
    open,
    apps,
    titles,
    switches,
    brief: taskBrief(b.endMs - b.startMs, apps, windows.map((w) => cleanTitle(w.title, w.app)).filter(Boolean), switches),
  };
}

/** "Ledger.xlsx - Excel" in Excel → "Ledger.xlsx (Excel)": the window, without the app's own suffix. */
export function taskName(app: string, title: string): string {
  const clean = cleanTitle(title, app);
  if (!clean || clean.toLowerCase() === app.toLowerCase()) return app || 'Unknown window';
  return `${clean} (${app})`;
}

export function cleanTitle(title: string, app: string): string {
  const parts = title.split(/\s+[-–—|]\s+/);
  const appWords = app.toLowerCase();
  while (parts.length > 1) {
    const last = parts.at(-1)!.toLowerCase();
    if (
      (appWords !== '' && (appWords.includes(last) || last.includes(appWords))) ||
      /^(google chrome|mozilla firefox|microsoft edge|chromium)$/.test(last)
    )
      parts.pop();
    else break;
  }
  return clipAtWord(parts.join(' - ').trim(), 80);
}

function taskBrief(ms: number, apps: readonly string[], titles: readonly string[], switches: number): string {
  const unique = [...new Set(titles)].slice(0, 3);
  const where = unique.length ? ` on ${unique.map((t) => `“${t}”`).join(', ')}` : '';
  const back = switches >= 4 ? `, switching ${switches} times` : '';
  return `${formatDuration(ms / 1000)} in ${joinNames(apps.slice(0, 3))}${where}${back}.`;
}

export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'no app';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Clock } from '../../clock';
import type { ActiveWindow, CaptureSource } from './capture-source';
import { DAY_FILES, DAYS_FILES, recordedDayManifestSchema, recordedEventSchema, type RecordedDayManifest } from './recorded-day';
import { messageOf } from '../../util/message-of';

interface Timeline<T> {
  readonly at: number[];
  readonly value: T[];
}

/** One recorded day of a replay: when it starts and ends on the virtual clock. */
export interface ReplayStretch {
  readonly startMs: number;
  readonly endMs: number;
}

/** Index of the last entry at or before `t`, or -1. */
function lastAtOrBefore(at: readonly number[], t: number): number {
  let lo = 0;
  let hi = at.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export interface LoadedDay {
  manifest: RecordedDayManifest;
  windows: Timeline<ActiveWindow>;
  inputs: number[];
  /** Frames by their image, relative to the day's folder (`images/…`). */
  frames: Timeline<string>;
}

/** Loads a recorded day, with a clear error naming the file and line that is wrong. */
export function loadRecordedDay(dir: string): LoadedDay {
  const manifestFile = join(dir, DAY_FILES.manifest);
  let manifest: RecordedDayManifest;
  try {
    manifest = recordedDayManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch (error) {
    throw new Error(`${manifestFile} is not a recorded day manifest: ${messageOf(error).slice(0, 300)}`);
  }
  const windows: Timeline<ActiveWindow> = { at: [], value: [] };
  const frames: Timeline<string> = { at: [], value: [] };
  const inputs: number[] = [];
  const eventsFile = join(dir, DAY_FILES.events);
  const lines = readFileSync(eventsFile, 'utf8').split('\n');
  let previous = Number.NEGATIVE_INFINITY;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let event;
    try {
      event = recordedEventSchema.parse(JSON.parse(line));
    } catch (error) {
      throw new Error(`${eventsFile} line ${index + 1} is not a valid event: ${messageOf(error).slice(0, 300)}`);
    }
    const at = Date.parse(event.at);
    if (at < previous) throw new Error(`${eventsFile} line ${index + 1} goes back in time; events must be in time order`);
    previous = at;
    if (event.kind === 'window') {
      windows.at.push(at);
      windows.value.push({ app: event.app, title: event.title, ...(event.private && { private: true }) });
    } else if (event.kind === 'input') inputs.push(at);
    else {
      frames.at.push(at);
      frames.value.push(event.image);
    }
  });
  return { manifest, windows, inputs, frames };
}

/** A recording: one day, or the days of a folder of days, joined on one timeline. */
export interface LoadedRecording {
  readonly days: readonly ReplayStretch[];
  readonly windows: Timeline<ActiveWindow>;
  readonly inputs: number[];
  /** Frames by the image file they show (absolute paths). */
  readonly frames: Timeline<string>;
}

/** Whether `dir` is a folder of recorded days rather than one day. */
export function isFolderOfDays(dir: string): boolean {
  return !existsSync(join(dir, DAY_FILES.manifest)) && dayFolders(dir).length > 0;
}

function dayFolders(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new Error(`${dir} cannot be read as a recorded day: ${messageOf(error)}`);
  }
  return entries
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, DAY_FILES.manifest)))
    .map((e) => join(dir, e.name))
    .sort();
}

/**
 * Loads a recorded day (a folder with `manifest.json`) or a folder of days (docs: recorded-day.ts,
 * `DAYS_FILES`): the days in time order, refused when two overlap, and each frame's image found in its
 * day's folder or else in the shared `images/` of the folder of days.
 */
export function loadRecording(dir: string): LoadedRecording {
  if (existsSync(join(dir, DAY_FILES.manifest))) return joinDays([{ dir, day: loadRecordedDay(dir) }], null);
  const folders = dayFolders(dir);
  if (folders.length === 0)
    throw new Error(`${dir} holds no recorded day: give a folder with ${DAY_FILES.manifest}, or a folder of such folders`);
  return joinDays(
    folders.map((folder) => ({ dir: folder, day: loadRecordedDay(folder) })),
    join(dir, DAYS_FILES.images),
  );
}

function joinDays(loaded: { dir: string; day: LoadedDay }[], sharedImages: string | null): LoadedRecording {
  const sorted = [...loaded].sort((a, b) => Date.parse(a.day.manifest.startedAt) - Date.parse(b.day.manifest.startedAt));
  const days: ReplayStretch[] = [];
  const windows: Timeline<ActiveWindow> = { at: [], value: [] };
  const frames: Timeline<string> = { at: [], value: [] };
  const inputs: number[] = [];
  let previous: { dir: string; endMs: number } | null = null;
  for (const { dir, day } of sorted) {
    const startMs = Date.parse(day.manifest.startedAt);
    const endMs = Date.parse(day.manifest.endedAt);
    if (endMs < startMs) throw new Error(`${join(dir, DAY_FILES.manifest)} ends before it starts`);
    if (previous && startMs <= previous.endMs)
      throw new Error(`the recorded days ${previous.dir} and ${dir} overlap; each day must start after the one before it ends`);
    previous = { dir, endMs };
    days.push({ startMs, endMs });
    windows.at.push(...day.windows.at);
    windows.value.push(...day.windows.value);
    inputs.push(...day.inputs);
    frames.at.push(...day.frames.at);
    const resolved = new Map<string, string>();
    for (const image of day.frames.value) {
      let file = resolved.get(image);
      if (!file) {
        const own = join(dir, image);
        file = sharedImages && !existsSync(own) ? join(sharedImages, image.slice(DAY_FILES.images.length + 1)) : own;
        resolved.set(image, file);
      }
      frames.value.push(file);
    }
  }
  return { days, windows, inputs, frames };
}

/** The onboarding answers a replay of `dir` seeds: a folder of days holds them; a day called `day` has them beside it. */
export function interviewSeedOf(dir: string): string | null {
  if (isFolderOfDays(dir)) return join(dir, DAYS_FILES.interview);
  return basename(dir) === 'day' ? join(dirname(dir), 'interview.json') : null;
}

/**
 * A recorded day, or a folder of days, played back against a (virtual) clock: the same pipeline runs
 * without a display. `days` are the stretches to play; between them nothing was recorded (the computer
 * was off), so a replay never polls there.
 */
export class ReplaySource implements CaptureSource {
  readonly kind = 'replay' as const;
  readonly startMs: number;
  readonly endMs: number;
  readonly days: readonly ReplayStretch[];
  private readonly recording: LoadedRecording;
  private readonly imageCache = new Map<string, Promise<Buffer>>();

  constructor(
    dir: string,
    private readonly clock: Clock,
  ) {
    this.recording = loadRecording(dir);
    this.days = this.recording.days;
    this.startMs = this.days[0]!.startMs;
    this.endMs = this.days.at(-1)!.endMs;
  }

  activeWindow(): Promise<ActiveWindow | null> {
    const i = lastAtOrBefore(this.recording.windows.at, this.clock.now());
    return Promise.resolve(i < 0 ? null : this.recording.windows.value[i]!);
  }

  idleSeconds(): Promise<number> {
    const now = this.clock.now();
    const i = lastAtOrBefore(this.recording.inputs, now);
    const lastInput = i < 0 ? this.startMs : this.recording.inputs[i]!;
    return Promise.resolve(Math.max(0, (now - lastInput) / 1000));
  }

  /** The latest recorded screenshot at this moment; images are few and reused, so they are cached. */
  captureScreen(): Promise<Buffer> {
    const i = lastAtOrBefore(this.recording.frames.at, this.clock.now());
    if (i < 0) return Promise.reject(new Error('no screenshot recorded yet at this moment of the replay'));
    const image = this.recording.frames.value[i]!;
    let cached = this.imageCache.get(image);
    if (!cached) {
      cached = readFile(image);
      cached.catch(() => this.imageCache.delete(image));
      this.imageCache.set(image, cached);
    }
    return cached;
  }
}

/** The poll moments of a replay: every `intervalMs` through each recorded day, never between days. */
export function* replayPolls(source: Pick<ReplaySource, 'days'>, intervalMs: number): Generator<number> {
  for (const day of source.days) for (let t = day.startMs; t <= day.endMs; t += intervalMs) yield t;
}

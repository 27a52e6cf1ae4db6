import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../clock';
import type { ActiveWindow, CaptureSource } from './capture-source';
import { DAY_FILES, recordedDayManifestSchema, recordedEventSchema, type RecordedDayManifest } from './recorded-day';

interface Timeline<T> {
  readonly at: number[];
  readonly value: T[];
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

/** Loads a recorded day, with a clear error naming the file and line that is wrong. */
export function loadRecordedDay(dir: string): {
  manifest: RecordedDayManifest;
  windows: Timeline<ActiveWindow>;
  inputs: number[];
  frames: Timeline<string>;
} {
  const manifestFile = join(dir, DAY_FILES.manifest);
  let manifest: RecordedDayManifest;
  try {
    manifest = recordedDayManifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  } catch (error) {
    throw new Error(`${manifestFile} is not a recorded day manifest: ${(error as Error).message.slice(0, 300)}`);
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
      throw new Error(`${eventsFile} line ${index + 1} is not a valid event: ${(error as Error).message.slice(0, 300)}`);
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

/** A recorded day played back against a (virtual) clock: the same pipeline runs without a display. */
export class ReplaySource implements CaptureSource {
  readonly kind = 'replay' as const;
  readonly startMs: number;
  readonly endMs: number;
  private readonly day;
  private readonly imageCache = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly dir: string,
    private readonly clock: Clock,
  ) {
    this.day = loadRecordedDay(dir);
    this.startMs = Date.parse(this.day.manifest.startedAt);
    this.endMs = Date.parse(this.day.manifest.endedAt);
  }

  activeWindow(): Promise<ActiveWindow | null> {
    const i = lastAtOrBefore(this.day.windows.at, this.clock.now());
    return Promise.resolve(i < 0 ? null : this.day.windows.value[i]!);
  }

  idleSeconds(): Promise<number> {
    const now = this.clock.now();
    const i = lastAtOrBefore(this.day.inputs, now);
    const lastInput = i < 0 ? this.startMs : this.day.inputs[i]!;
    return Promise.resolve(Math.max(0, (now - lastInput) / 1000));
  }

  /** The latest recorded screenshot at this moment; images are few and reused, so they are cached. */
  captureScreen(): Promise<Buffer> {
    const i = lastAtOrBefore(this.day.frames.at, this.clock.now());
    if (i < 0) return Promise.reject(new Error('no screenshot recorded yet at this moment of the replay'));
    const image = this.day.frames.value[i]!;
    let cached = this.imageCache.get(image);
    if (!cached) {
      cached = readFile(join(this.dir, image));
      cached.catch(() => this.imageCache.delete(image));
      this.imageCache.set(image, cached);
    }
    return cached;
  }
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY_FILES, type RecordedDayManifest, type RecordedEvent } from '../../src/core/observe/sources/recorded-day';

/**
 * How the user's hands behave during a segment:
 * - active: typing or clicking every few seconds;
 * - reading: an input now and then, never a gap long enough to count as idle;
 * - away: no input after the one that focused the window (idle once the gap passes `idleAfterSec`).
 */
export type InputPattern = 'active' | 'reading' | 'away';

/** One stretch of the day with the same focused window. */
export interface Segment {
  readonly app: string;
  readonly title: string;
  readonly seconds: number;
  readonly input: InputPattern;
  /** Screens (image file names) shown during the segment, cycled every `screenEverySec`. */
  readonly screens: readonly string[];
  readonly screenEverySec?: number;
  /** What the observer must count as private (the generator only records the truth; it does not flag the window). */
  readonly private?: boolean;
}

export interface ExpectedAppTime {
  readonly date: string;
  readonly idleAfterSec: number;
  readonly totalSeconds: number;
  readonly activeSeconds: number;
  readonly idleSeconds: number;
  readonly privateSeconds: number;
  readonly apps: { app: string; seconds: number; titles: { title: string; seconds: number }[] }[];
  /** App switches (changes of focused app) in the script. */
  readonly appSwitches: number;
}

export interface GeneratedDay {
  readonly manifest: RecordedDayManifest;
  readonly events: RecordedEvent[];
  readonly expected: ExpectedAppTime;
}

export type Random = () => number;

/** Small seeded PRNG (mulberry32): the same seed gives the same day on every machine. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const iso = (ms: number): string => new Date(ms).toISOString();

/** Input moments (whole seconds from the segment start) for one segment. */
function inputOffsets(segment: Segment, random: Random): number[] {
  // Every segment begins with the click or key that focused its window; "away" has nothing after it.
  if (segment.input === 'away') return [0];
  const [min, max] = segment.input === 'active' ? [2, 8] : [20, 120];
  const offsets: number[] = [0];
  for (let t = between(random, min, max); t < segment.seconds; t += between(random, min, max)) offsets.push(t);
  return offsets;
}

/**
 * Turns a script of segments into recorded-day events, and computes from the same script the app
 * time an observer must report: idle runs from the last input before a gap longer than
 * `idleAfterSec` to the next input; private windows count as private; everything else is app time.
 * Times are whole seconds so a replay polled every second sees every boundary exactly.
 */
export function buildDay(options: {
  readonly startMs: number;
  readonly segments: readonly Segment[];
  readonly idleAfterSec: number;
  readonly random: Random;
  readonly description: string;
}): GeneratedDay {
  const { startMs, segments, idleAfterSec, random } = options;
  if (startMs % 1000 !== 0) throw new Error('the day must start on a whole second');
  const events: RecordedEvent[] = [];
  const inputs: number[] = [];
  /** Per second of the day: index of the segment whose window is focused. */
  const focus: number[] = [];
  let t = 0;
  segments.forEach((segment, index) => {
    if (!Number.isInteger(segment.seconds) || segment.seconds <= 0) {
      throw new Error(`segment ${index + 1} (${segment.app}) must last a whole, positive number of seconds`);
    }
    const at = (offset: number): string => iso(startMs + (t + offset) * 1000);
    const perInput = new Set(inputOffsets(segment, random));
    const every = segment.screenEverySec ?? segment.seconds;
    for (let offset = 0; offset < segment.seconds; offset++) {
      if (offset === 0) events.push({ kind: 'window', at: at(0), app: segment.app, title: segment.title });
      if (perInput.has(offset)) {
        events.push({ kind: 'input', at: at(offset) });
        inputs.push(t + offset);
      }
      if (segment.screens.length > 0 && offset % every === 0) {
        const screen = segment.screens[Math.floor(offset / every) % segment.screens.length]!;
        events.push({ kind: 'frame', at: at(offset), image: `${DAY_FILES.images}/${screen}` });
      }
      focus.push(index);
    }
    t += segment.seconds;
  });
  const totalSeconds = t;
  // A replay's last poll is at the manifest's end: a trailing gap counts as idle from exactly idleAfterSec.
  const idle = new Uint8Array(totalSeconds);
  for (let i = 0; i < inputs.length; i++) {
    const from = inputs[i]!;
    const next = inputs[i + 1];
    const gapEnd = next ?? totalSeconds;
    const isIdle = next === undefined ? gapEnd - from >= idleAfterSec : gapEnd - from > idleAfterSec;
    if (isIdle) idle.fill(1, from, gapEnd);
  }

  const apps = new Map<string, Map<string, number>>();
  let idleSeconds = 0;
  let privateSeconds = 0;
  for (let second = 0; second < totalSeconds; second++) {
    const segment = segments[focus[second]!]!;
    if (idle[second]) idleSeconds++;
    else if (segment.private) privateSeconds++;
    else {
      const titles = apps.get(segment.app) ?? new Map<string, number>();
      titles.set(segment.title, (titles.get(segment.title) ?? 0) + 1);
      apps.set(segment.app, titles);
    }
  }
  let appSwitches = 0;
  for (let i = 1; i < segments.length; i++) if (segments[i]!.app !== segments[i - 1]!.app) appSwitches++;

  const appRows = [...apps.entries()]
    .map(([app, titles]) => ({
      app,
      seconds: [...titles.values()].reduce((a, b) => a + b, 0),
      titles: [...titles.entries()].map(([title, seconds]) => ({ title, seconds })).sort((a, b) => b.seconds - a.seconds),
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const endMs = startMs + totalSeconds * 1000;
  return {
    manifest: {
      format: 'workflow-shadow-day',
      version: 1,
      startedAt: iso(startMs),
      endedAt: iso(endMs),
      description: options.description,
    },
    events,
    expected: {
      date: iso(startMs).slice(0, 10),
      idleAfterSec,
      totalSeconds,
      activeSeconds: appRows.reduce((sum, a) => sum + a.seconds, 0),
      idleSeconds,
      privateSeconds,
      apps: appRows,
      appSwitches,
    },
  };
}

/** Writes manifest.json and events.jsonl (images are written by the caller). */
export function writeDay(dir: string, day: GeneratedDay): void {
  mkdirSync(join(dir, DAY_FILES.images), { recursive: true });
  writeFileSync(join(dir, DAY_FILES.manifest), `${JSON.stringify(day.manifest, null, 2)}\n`);
  writeFileSync(join(dir, DAY_FILES.events), day.events.map((e) => JSON.stringify(e)).join('\n') + '\n');
}

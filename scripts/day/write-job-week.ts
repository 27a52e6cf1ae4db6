import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAYS_FILES } from '../../src/core/observe/sources/recorded-day';
import type { JobDay, JobSegment } from './job-day';
import { renumber } from './renumber';
import { checkScreenFits, renderScreenSpecPng, type ScreenSpec } from './screen-render';
import { buildDay, seededRandom, writeDay, type GeneratedDay } from './timeline';
import { IDLE_AFTER_SEC } from './write-days';

const DAY_MS = 86_400_000;

export interface JobWeekOptions {
  /** Workdays (Saturdays and Sundays are skipped). */
  readonly days: number;
  /** Every record number moves on by this much each day: the same work on other items. */
  readonly shiftPerDay: number;
  /** On the last day the stretches in windows that name this item (as the script names it) take `factor` times as long. */
  readonly slowerOnLastDay?: { readonly item: string; readonly factor: number };
}

export interface JobWeekDay {
  readonly date: string;
  /** How far the day's record numbers moved on from the script's. */
  readonly shift: number;
  readonly segments: readonly JobSegment[];
  readonly screens: readonly ScreenSpec[];
  readonly generated: GeneratedDay;
}

const renumberSpec = (spec: ScreenSpec, shift: number, file: string): ScreenSpec => ({
  ...spec,
  file,
  windowTitle: renumber(spec.windowTitle, shift),
  heading: renumber(spec.heading, shift),
  ...(spec.before && { before: spec.before.map((l) => renumber(l, shift)) }),
  ...(spec.table && { table: spec.table.map((row) => row.map((cell) => renumber(cell, shift))) }),
  ...(spec.after && { after: spec.after.map((l) => renumber(l, shift)) }),
});

/**
 * A job's day (scripts/day/jobs/) repeated over several workdays, each with its record numbers moved on
 * (PLAT-2147 on the first day is PLAT-2247 on the second): the same work on other items, the way a
 * person's week repeats. Its truth is the day's script with the same numbers moved.
 */
export function buildJobWeek(day: JobDay, options: JobWeekOptions): JobWeekDay[] {
  const out: JobWeekDay[] = [];
  for (let startMs = Date.parse(day.startIso); out.length < options.days; startMs += DAY_MS) {
    const weekday = new Date(startMs).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const n = out.length;
    const shift = n * options.shiftPerDay;
    const date = new Date(startMs).toISOString().slice(0, 10);
    const files = new Map<string, ScreenSpec>();
    for (const spec of Object.values(day.screens)) {
      const renumbered = renumberSpec(spec, shift, `${date}-${spec.file}`);
      checkScreenFits(renumbered.file, renumbered);
      files.set(spec.file, renumbered);
    }
    const slower = n === options.days - 1 ? options.slowerOnLastDay : undefined;
    const segments = day.schedule(seededRandom(day.seed)).map((s): JobSegment => ({
      ...s,
      title: renumber(s.title, shift),
      screens: s.screens.map((f) => files.get(f)?.file ?? f),
      seconds: slower && s.title.includes(slower.item) ? Math.round(s.seconds * slower.factor) : s.seconds,
    }));
    const generated = buildDay({
      startMs,
      segments,
      idleAfterSec: IDLE_AFTER_SEC,
      random: seededRandom(day.seed + 1 + n),
      description: `${day.job}: workday ${n + 1} of ${options.days} of ${day.user.name} (scripts/day/write-job-week.ts)`,
    });
    out.push({ date, shift, segments, screens: [...files.values()], generated });
  }
  return out;
}

/** Writes the week as a folder of days (one folder per date, the screens in the shared `images/`, `interview.json`) that `--replay` plays. */
export async function writeJobWeek(day: JobDay, dir: string, options: JobWeekOptions): Promise<JobWeekDay[]> {
  const week = buildJobWeek(day, options);
  mkdirSync(join(dir, DAYS_FILES.images), { recursive: true });
  for (const d of week) {
    const dayDir = join(dir, d.date);
    writeDay(dayDir, d.generated);
    rmSync(join(dayDir, 'images'), { recursive: true, force: true });
    for (const spec of d.screens) writeFileSync(join(dir, DAYS_FILES.images, spec.file), await renderScreenSpecPng(spec));
  }
  writeFileSync(join(dir, DAYS_FILES.interview), `${JSON.stringify(day.interview, null, 2)}\n`);
  return week;
}

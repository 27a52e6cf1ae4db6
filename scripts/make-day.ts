// Generates a recorded day: the committed demo (--scripted), a long random one for benchmarks
// (--synthetic), the scripted day of another job (--job, scripts/day/jobs/), or the demo week (--week).
//   node bin/run-ts.js scripts/make-day.ts --scripted [--profile-dir profiles/demo]
//   node bin/run-ts.js scripts/make-day.ts --week [--out profiles/demo/week]
//   node bin/run-ts.js scripts/make-day.ts --synthetic --hours 8 --seed 1 --out /tmp/day
//   node bin/run-ts.js scripts/make-day.ts --job engineer --out /tmp/engineer
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DAY_FILES } from '../src/core/observe/sources/recorded-day';
import { JOB_DAYS, jobDay } from './day/jobs';
import { writeDemoProfile, writeSyntheticDay } from './day/write-days';
import { writeJobDay } from './day/write-job-day';
import { writeDemoWeek } from './day/write-week';

const usage = `usage:
  make-day --scripted [--profile-dir DIR]          write the demo day (default profiles/demo)
  make-day --synthetic --hours H --seed N --out DIR write a random day for benchmarks
  make-day --job NAME --out DIR                    write the day of another job (${JOB_DAYS.map((d) => d.id).join(', ')})
  make-day --week [--out DIR]                      write the demo week, five days (default profiles/demo/week)`;

const argsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('scripted'), profileDir: z.string().min(1) }),
  z.object({
    mode: z.literal('synthetic'),
    hours: z.coerce.number().positive('--hours must be positive').max(24, '--hours is at most 24'),
    seed: z.coerce.number().int('--seed must be a whole number'),
    out: z.string({ error: '--out DIR is required with --synthetic' }).min(1),
  }),
  z.object({ mode: z.literal('week'), out: z.string().min(1) }),
  z.object({
    mode: z.literal('job'),
    job: z.string().min(1),
    out: z.string({ error: '--out DIR is required with --job' }).min(1),
  }),
]);

/** A folder for a new day: missing or empty, never one that holds something. */
function emptyOut(dir: string): string {
  const out = resolve(dir);
  if (existsSync(join(out, DAY_FILES.events))) throw new Error(`${out} already holds a day; choose an empty folder for --out`);
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty; choose an empty folder for --out`);
  return out;
}

function parse(): z.infer<typeof argsSchema> {
  const { values } = parseArgs({
    options: {
      scripted: { type: 'boolean' },
      synthetic: { type: 'boolean' },
      'profile-dir': { type: 'string' },
      hours: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      job: { type: 'string' },
      week: { type: 'boolean' },
    },
  });
  if ([values.scripted, values.synthetic, values.job !== undefined, values.week].filter(Boolean).length !== 1)
    throw new Error('give exactly one of --scripted, --synthetic, --job NAME or --week');
  const parsed = argsSchema.safeParse(
    values.scripted
      ? { mode: 'scripted', profileDir: values['profile-dir'] ?? 'profiles/demo' }
      : values.week
        ? { mode: 'week', out: values.out ?? 'profiles/demo/week' }
        : values.job !== undefined
          ? { mode: 'job', job: values.job, out: values.out }
          : { mode: 'synthetic', hours: values.hours ?? 8, seed: values.seed ?? 1, out: values.out },
  );
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

try {
  const args = parse();
  if (args.mode === 'scripted') {
    const dir = resolve(args.profileDir);
    const { expected, events, imageBytes } = await writeDemoProfile(dir);
    console.log(`Demo day written to ${join(dir, 'day')}: ${events} events, images ${(imageBytes / 1024).toFixed(0)} KiB.`);
    console.log(
      `Expected app time: active ${expected.activeSeconds}s, idle ${expected.idleSeconds}s, private ${expected.privateSeconds}s.`,
    );
  } else if (args.mode === 'week') {
    const out = resolve(args.out);
    const { expected, events, images, bytes } = await writeDemoWeek(out);
    console.log(
      `Demo week written to ${out}: ${expected.length} days, ${events} events, ${images} screens, ${(bytes / 1024).toFixed(0)} KiB.`,
    );
    for (const day of expected)
      console.log(`  ${day.date}: active ${day.activeSeconds}s, idle ${day.idleSeconds}s, private ${day.privateSeconds}s.`);
  } else if (args.mode === 'job') {
    const day = jobDay(args.job);
    const out = emptyOut(args.out);
    const { expected, events, imageBytes } = await writeJobDay(day, out);
    console.log(`${day.job} day written to ${join(out, 'day')}: ${events} events, images ${(imageBytes / 1024).toFixed(0)} KiB.`);
    console.log(
      `Expected app time: active ${expected.activeSeconds}s, idle ${expected.idleSeconds}s, private ${expected.privateSeconds}s.`,
    );
  } else {
    const out = emptyOut(args.out);
    const demoImages = resolve('profiles/demo/day/images');
    const { expected, events } = await writeSyntheticDay({ outDir: out, hours: args.hours, seed: args.seed, demoImagesDir: demoImages });
    console.log(`Synthetic ${args.hours}h day written to ${out}: ${events} events.`);
    console.log(
      `Expected app time: active ${expected.activeSeconds}s, idle ${expected.idleSeconds}s, private ${expected.privateSeconds}s.`,
    );
  }
} catch (error) {
  console.error(`make-day: ${(error as Error).message}\n${usage}`);
  process.exit(2);
}

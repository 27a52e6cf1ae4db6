/**
 * Replay of a generated 8-hour day at full speed, through the real core:
 *   node bin/run-ts.js bench/replay-day.ts [--hours 8] [--seed 1]
 *
 * Prints wall time (target ≤ 30 s), the core's peak RSS (≤ 150 MB; the OCR process's apart) and
 * database bytes for the day (≤ 10 MB),
 * with OCR off (the observation pipeline alone) and on (the default), each on a plain and on an
 * encrypted store (docs/privacy.md). Each configuration runs in its own process, from a bundle of the
 * code as shipped, so peak RSS is its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { resolveProfilePaths } from '../src/core/config/paths';
import type { ManualClock } from '../src/core/clock';
import { runReplay } from '../src/core/observe/capture-loop';
import type { ReplaySource } from '../src/core/observe/sources/replay-source';
import { createShadowCore } from '../src/core/shadow-core';
import { localDayBounds } from '../src/core/time';
import type { ExpectedAppTime } from '../scripts/day/timeline';
import { EXPECTED_FILE, writeSyntheticDay } from '../scripts/day/write-days';
import { bundleSelf, runBundled } from './lib/bundle-self';
import { mib, printFigures, type Figure } from './lib/report';

const MEASURED_PREFIX = 'REPLAY_MEASURED ';

interface Measured {
  readonly replayMs: number;
  readonly ocrDrainMs: number;
  readonly peakRssBytes: number;
  /** Tesseract's own process (null with OCR off). */
  readonly ocrProcessPeakRssBytes: number | null;
  readonly rssAfterBytes: number;
  readonly baselineRssBytes: number;
  readonly databaseBytes: number;
  readonly maxDeviationPercent: number;
  readonly polls: number;
  readonly framesKept: number;
  readonly framesSkipped: number;
}

const { values } = parseArgs({
  options: {
    hours: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    measure: { type: 'string' },
    ocr: { type: 'string', default: 'off' },
    /** The store key in hex: the child replays onto an encrypted store. */
    key: { type: 'string' },
  },
});

/** Child mode: replays the day in `dayDir` once and prints what it measured. */
async function measure(dayDir: string, ocrEnabled: boolean, keyHex: string | undefined): Promise<void> {
  const expected = JSON.parse(readFileSync(join(dayDir, EXPECTED_FILE), 'utf8')) as ExpectedAppTime;
  const home = mkdtempSync(join(tmpdir(), 'shadow-bench-home-'));
  try {
    const paths = resolveProfilePaths({ SHADOW_HOME: home });
    const baselineRssBytes = process.memoryUsage().rss;
    const started = performance.now();
    const storeKey = keyHex ? { key: Buffer.from(keyHex, 'hex'), source: 'environment' as const } : null;
    const core = createShadowCore({ paths, replayDir: dayDir, settings: { ocrEnabled }, storeKey });
    core.observer.start();
    await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, {
      pollIntervalMs: core.settings.pollIntervalMs,
      speed: 0,
    });
    const health = core.observer.health();
    core.observer.stop('the recorded day ended');
    const replayMs = performance.now() - started;
    await core.ocr.whenIdle();
    const ocrDrainMs = performance.now() - started - replayMs;
    const ocrProcessPeakRssBytes = core.ocr.status().processPeakRssBytes;
    const appTime = core.activity.appTime({ window: localDayBounds(expected.date) });
    const deviations = [
      ...expected.apps.map((a) => [a.seconds, appTime.apps.find((g) => g.app === a.app)?.seconds ?? 0] as const),
      [expected.idleSeconds, appTime.idleSeconds] as const,
      [expected.privateSeconds, appTime.privateSeconds] as const,
    ].map(([want, got]) => (want === 0 ? (got === 0 ? 0 : 100) : (Math.abs(got - want) / want) * 100));
    const rssAfterBytes = process.memoryUsage().rss;
    core.close();
    const databaseBytes = ['', '-wal', '-shm']
      .map((suffix) => `${paths.database}${suffix}`)
      .filter((file) => existsSync(file))
      .reduce((sum, file) => sum + statSync(file).size, 0);
    const measured: Measured = {
      replayMs,
      ocrDrainMs,
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
      ocrProcessPeakRssBytes,
      rssAfterBytes,
      baselineRssBytes,
      databaseBytes,
      maxDeviationPercent: Math.max(...deviations),
      polls: health.polls,
      framesKept: health.framesCaptured,
      framesSkipped: health.framesSkipped,
    };
    console.log(`${MEASURED_PREFIX}${JSON.stringify(measured)}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function runChild(bundle: string, dayDir: string, ocr: 'on' | 'off', encrypted: boolean): Measured {
  const key = encrypted ? ['--key', randomBytes(32).toString('hex')] : [];
  return runBundled<Measured>(bundle, ['--measure', dayDir, '--ocr', ocr, ...key], MEASURED_PREFIX);
}

async function main(): Promise<void> {
  const hours = Number(values.hours);
  const seed = Number(values.seed);
  if (!(hours > 0 && hours <= 24) || !Number.isInteger(seed)) throw new Error('--hours must be in (0, 24] and --seed a whole number');
  const work = mkdtempSync(join(tmpdir(), 'shadow-bench-day-'));
  try {
    const dayDir = join(work, 'day');
    const generated = await writeSyntheticDay({ outDir: dayDir, hours, seed, demoImagesDir: resolve('profiles/demo/day/images') });
    const eventBytes = statSync(join(dayDir, 'events.jsonl')).size;
    console.log(
      `Generated a ${hours}h day (seed ${seed}): ${generated.events} events (${mib(eventBytes).toFixed(1)} MiB), ` +
        `active ${generated.expected.activeSeconds}s, idle ${generated.expected.idleSeconds}s, private ${generated.expected.privateSeconds}s, ` +
        `${generated.expected.appSwitches} app switches.`,
    );
    const figures: Figure[] = [];
    const bundle = await bundleSelf(import.meta.url, 'replay-day');
    for (const [ocr, encrypted] of [
      ['off', false],
      ['off', true],
      ['on', false],
      ['on', true],
    ] as const) {
      const m = runChild(bundle, dayDir, ocr, encrypted);
      const label = `OCR ${ocr}${encrypted ? ', encrypted store' : ''}`;
      console.log(
        `${label}: ${m.polls} polls, ${m.framesKept} frames kept, ${m.framesSkipped} skipped as unchanged; ` +
          `RSS with the code loaded, before the core starts: ${mib(m.baselineRssBytes).toFixed(0)} MiB; OCR finished ${(m.ocrDrainMs / 1000).toFixed(1)} s after the replay.`,
      );
      figures.push(
        { name: `replay ${hours}h wall time (${label})`, value: m.replayMs / 1000, unit: 's', targetMax: 30 },
        { name: `core process peak RSS (${label})`, value: mib(m.peakRssBytes), unit: 'MiB', targetMax: 150 },
        ...(m.ocrProcessPeakRssBytes !== null
          ? [{ name: `OCR process peak RSS (${label}, Tesseract apart from the core)`, value: mib(m.ocrProcessPeakRssBytes), unit: 'MiB' }]
          : []),
        { name: `RSS growth during the replay (${label})`, value: mib(m.rssAfterBytes - m.baselineRssBytes), unit: 'MiB' },
        { name: `RSS after the replay (${label})`, value: mib(m.rssAfterBytes), unit: 'MiB', targetMax: 150 },
        { name: `database bytes for the day (${label})`, value: mib(m.databaseBytes), unit: 'MiB', targetMax: 10 },
        { name: `app time max deviation (${label})`, value: m.maxDeviationPercent, unit: '%', targetMax: 1 },
      );
    }
    printFigures('replay-day', figures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (values.measure) await measure(values.measure, values.ocr === 'on', values.key);
else await main();

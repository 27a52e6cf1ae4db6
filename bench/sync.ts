/**
 * Sync across devices (docs/sync.md), measured on this machine with two profiles and a shared folder:
 *   node bin/run-ts.js bench/sync.ts
 *
 * - sync cost per 8-hour day: bytes written to the folder for the demo day (replayed with memory and
 *   its screens read) and for a busy synthetic day (400 reads of ~1 KB of screen text, 300 spans);
 * - a month of another device's data (30 busy days): the time to write it and to import it;
 * - search over a year with two devices' data (250 busy days each, one imported): p50 and p95 of 300
 *   searches (target p95 ≤ 50 ms), over every device and with a device filter;
 * - what one exchange costs: bytes read from the folder and time, with nothing new, and with twenty
 *   files of 64 KB that unpack to 64 MB of empty lines each in a trusted device's folder (the first
 *   exchange after they appear, and the next).
 * The importing device trusts the writing one first (docs/sync.md); an import that takes more than one
 * exchange (each device has a budget per exchange) is timed over all of them, as one figure.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ManualClock } from '../src/core/clock';
import { resolveProfilePaths } from '../src/core/config/paths';
import { searchScreenText } from '../src/core/ocr/screen-search';
import { databaseOf, createShadowCore, type ShadowCore } from '../src/core/shadow-core';
import { segmentFileName } from '../src/core/sync/sync-records';
import type { SyncShareKind } from '../src/shared/contract/index';
import { demoReplayOptions } from '../tests/fixtures/recall-replay';
import { replayWithMemory } from '../tests/helpers/memory-replay';
import { fillSyntheticDays } from './lib/synthetic-work';
import { percentile, printFigures, type Figure } from './lib/report';

const SHARE: SyncShareKind[] = ['activity', 'memory', 'screenText', 'conversations'];
const DAY_MS = 86_400_000;
const dirs: string[] = [];
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A profile of its own writing to and reading from `folder`, observing nothing (or a replayed day). */
function profile(folder: string, name: string, options: Parameters<typeof createShadowCore>[0] = {}): ShadowCore {
  return createShadowCore({
    env: {},
    ocrRecognizer: { recognize: () => Promise.resolve(''), terminate: () => Promise.resolve() },
    ...options,
    paths: options.paths ?? resolveProfilePaths({ SHADOW_HOME: temp(`shadow-bench-sync-${name}-`) }),
    settings: { ocrEnabled: false, ...options.settings, sync: { folder, deviceName: name, share: SHARE, intervalSec: 120 } },
  });
}

const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> => {
  const started = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - started) / 1000 };
};

/** `reader` trusts `writer`, as the person does having compared its fingerprint. */
function trust(reader: ShadowCore, writer: { id: string; fingerprint: string }): void {
  reader.sync.trust(writer.id, writer.fingerprint);
}

const identity = (core: ShadowCore): { id: string; fingerprint: string } => {
  const status = core.sync.status();
  return { id: status.device.id, fingerprint: status.fingerprint! };
};

/** Exchanges until everything waiting is imported (a budget per exchange may take several). */
async function importAll(core: ShadowCore): Promise<{ records: number; bytes: number; exchanges: number }> {
  const total = { records: 0, bytes: 0, exchanges: 0 };
  for (;;) {
    const run = await core.sync.run();
    total.records += run.imported.records;
    total.bytes += run.imported.bytes;
    total.exchanges++;
    if (!run.status.problems.some((p) => p.kind === 'paused')) return total;
  }
}

async function dayCost(): Promise<Figure[]> {
  const demo = profile(temp('shadow-bench-sync-folder-'), 'laptop', {
    ...demoReplayOptions,
    clock: new ManualClock(0),
    settings: { ...demoReplayOptions.settings, ocrEnabled: true },
  });
  await replayWithMemory(demo);
  await demo.ocr.whenIdle();
  const demoRun = await demo.sync.run();
  demo.close();
  const busy = profile(temp('shadow-bench-sync-folder-'), 'desktop');
  const rows = fillSyntheticDays(databaseOf(busy), { days: 1, startMs: Date.parse('2026-03-09T00:00:00Z') });
  const busyRun = await busy.sync.run();
  busy.close();
  console.log(`demo day: ${demoRun.exported.records} records in ${demoRun.exported.segments} segments`);
  console.log(`busy day: ${busyRun.exported.records} records (${JSON.stringify(rows)}) in ${busyRun.exported.segments} segments`);
  return [
    { name: 'sync cost of the demo 8-hour day (bytes written to the folder)', value: demoRun.exported.bytes / 1024, unit: 'KiB' },
    { name: 'sync cost of a busy 8-hour day (400 screen reads)', value: busyRun.exported.bytes / 1024, unit: 'KiB' },
  ];
}

async function month(): Promise<Figure[]> {
  const folder = temp('shadow-bench-sync-folder-');
  const laptop = profile(folder, 'laptop');
  fillSyntheticDays(databaseOf(laptop), { days: 30, startMs: Date.parse('2026-02-01T00:00:00Z') });
  const written = await timed(() => laptop.sync.run());
  const writer = identity(laptop);
  laptop.close();
  const desktop = profile(folder, 'desktop');
  trust(desktop, writer);
  const imported = await timed(() => importAll(desktop));
  // The steady state: an exchange when nothing is new (the app runs one every two minutes).
  const idle = await timed(() => desktop.sync.run());
  desktop.close();
  const records = imported.value.records;
  console.log(
    `a month: ${records} records, ${written.value.exported.segments} segments, ${(written.value.exported.bytes / 1048576).toFixed(2)} MiB, imported in ${imported.value.exchanges} exchange(s)`,
  );
  return [
    { name: 'writing a month of a device (30 busy days) to the folder', value: written.seconds, unit: 's' },
    { name: 'folder bytes for a month of a device', value: written.value.exported.bytes / 1048576, unit: 'MiB' },
    { name: 'importing a month of another device', value: imported.seconds, unit: 's' },
    { name: 'import rate', value: records / imported.seconds, unit: 'records/s' },
    { name: 'bytes read importing a month of another device', value: imported.value.bytes / 1048576, unit: 'MiB' },
    { name: 'an exchange with nothing new: time', value: idle.seconds * 1000, unit: 'ms' },
    { name: 'an exchange with nothing new: bytes read', value: idle.value.imported.bytes / 1024, unit: 'KiB' },
  ];
}

/**
 * Twenty files that unpack to 64 MB of empty lines each, put in a trusted device's folder by someone who
 * can write there; the device goes on writing after them, so its manifest reaches past them.
 */
async function junk(): Promise<Figure[]> {
  const folder = temp('shadow-bench-sync-folder-');
  const laptop = profile(folder, 'laptop');
  const laptopPaths = laptop.paths;
  fillSyntheticDays(databaseOf(laptop), { days: 1, startMs: Date.parse('2026-02-01T00:00:00Z') });
  const written = await laptop.sync.run();
  const writer = identity(laptop);
  laptop.close();
  const desktop = profile(folder, 'desktop');
  trust(desktop, writer);
  await importAll(desktop);
  const emptyLines = gzipSync(Buffer.alloc(63 * 1024 * 1024, 0x0a), { level: 9 });
  const next = written.status.outbox.segments + 1;
  for (let seq = next; seq < next + 20; seq++) writeFileSync(join(folder, writer.id, segmentFileName(seq)), emptyLines);
  const again = profile(folder, 'laptop', { paths: laptopPaths });
  fillSyntheticDays(databaseOf(again), { days: 1, startMs: Date.parse('2026-02-02T00:00:00Z') });
  await again.sync.run();
  again.close();
  const rss = process.memoryUsage().rss;
  const first = await timed(() => desktop.sync.run());
  const rssGrowth = (process.memoryUsage().rss - rss) / 1048576;
  const second = await timed(() => desktop.sync.run());
  desktop.close();
  console.log(
    `20 planted files: the first exchange applied ${first.value.imported.segments} segment(s) and skipped ${first.value.status.problems.length}`,
  );
  return [
    { name: 'an exchange with 20 × 64 KB of empty lines in the folder: time', value: first.seconds * 1000, unit: 'ms' },
    { name: 'an exchange with 20 × 64 KB of empty lines in the folder: bytes read', value: first.value.imported.bytes / 1024, unit: 'KiB' },
    { name: 'an exchange with 20 × 64 KB of empty lines in the folder: RSS growth', value: rssGrowth, unit: 'MiB' },
    { name: 'the next exchange with them still there: time', value: second.seconds * 1000, unit: 'ms' },
    { name: 'the next exchange with them still there: bytes read', value: second.value.imported.bytes / 1024, unit: 'KiB' },
  ];
}

async function yearSearch(): Promise<Figure[]> {
  const DAYS = 250;
  const start = Date.parse('2025-01-06T00:00:00Z');
  const folder = temp('shadow-bench-sync-folder-');
  const laptop = profile(folder, 'laptop');
  fillSyntheticDays(databaseOf(laptop), { days: DAYS, startMs: start, seed: 2 });
  const written = await timed(() => laptop.sync.run());
  const writer = identity(laptop);
  laptop.close();
  const desktop = profile(folder, 'desktop');
  fillSyntheticDays(databaseOf(desktop), { days: DAYS, startMs: start, seed: 5 });
  trust(desktop, writer);
  const imported = await timed(() => importAll(desktop));
  databaseOf(desktop).pragma('wal_checkpoint(TRUNCATE)');
  const rows = (databaseOf(desktop).prepare(`SELECT COUNT(*) AS n FROM screen_text_entries`).get() as { n: number }).n;
  const day = (n: number): string => new Date(start + n * DAY_MS).toISOString().slice(0, 10);
  const queries = Array.from({ length: 300 }, (_, i) => {
    switch (i % 6) {
      case 0:
        return { q: String(2000 + ((i * 7919) % 400_000)) };
      case 1:
        return { q: ['Acme Supplies', 'Globex Logistics', 'Hooli Cloud', 'Wayne Paper'][i % 4]! };
      case 2:
        return { q: 'invoice' };
      case 3:
        return { q: 'payment pending', app: 'Google Chrome' };
      case 4:
        return { q: 'reconciliation', from: day(100), to: day(DAYS - 1) };
      default:
        return { q: `VB-${2000 + ((i * 104729) % 400_000)} approve` };
    }
  });
  const measure = (device: string | undefined): number[] => {
    const repository = desktop.screenText.scoped(device ? desktop.sync.devices.resolve(device) : null);
    return queries.map((query) => {
      const t = performance.now();
      searchScreenText(repository, { ...query, limit: 20, device });
      return performance.now() - t;
    });
  };
  const all = measure(undefined);
  const filtered = measure('laptop');
  desktop.close();
  console.log(
    `a year, two devices: ${rows} rows of screen text (${imported.value.records} records imported in ${imported.value.exchanges} exchange(s))`,
  );
  return [
    { name: 'writing a year of a device to the folder', value: written.seconds, unit: 's' },
    { name: 'importing a year of another device', value: imported.seconds, unit: 's' },
    { name: 'screen search p50 (a year, two devices)', value: percentile(all, 50), unit: 'ms' },
    { name: 'screen search p95 (a year, two devices)', value: percentile(all, 95), unit: 'ms', targetMax: 50 },
    { name: 'screen search p95 (a year, two devices, one device filtered)', value: percentile(filtered, 95), unit: 'ms', targetMax: 50 },
  ];
}

try {
  printFigures('sync', [...(await dayCost()), ...(await month()), ...(await junk()), ...(await yearSearch())]);
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

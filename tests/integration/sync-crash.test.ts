import { databaseOf } from '../../src/core/shadow-core';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import { TEMP_PREFIX } from '../../src/core/sync/folder-files';
import { readManifest } from '../../src/core/sync/manifest';
import { decodeSegment } from '../../src/core/sync/segment-codec';
import { SEGMENT_FILE } from '../../src/core/sync/sync-records';
import { openQuietCore } from '../helpers/quiet-core';
import { publicKeyIn } from '../helpers/sync-profiles';
import { createTempShadowHome } from '../helpers/temp-shadow-home';
import { spawnShadow } from '../helpers/shadow-process';

/**
 * A SIGKILL while a segment is being written leaves nothing half-applied (issue 17): `shadow sync now`
 * exports a month of work and is killed the moment a segment's temporary file appears, several times;
 * after each kill every segment in the folder is whole, and the other profile holds exactly the rows of
 * those segments. Run to its end, the export brings the other profile exactly the laptop's rows.
 */

const laptop = createTempShadowHome('shadow-crash-laptop-');
const desktop = createTempShadowHome('shadow-crash-desktop-');
const folder = mkdtempSync(join(tmpdir(), 'shadow-crash-folder-'));
const TABLES = {
  work_session: 'work_sessions',
  span: 'activity_spans',
  task: 'tasks',
  summary: 'work_session_summaries',
  screen_text: 'screen_text_entries',
};

afterAll(() => {
  for (const dir of [laptop.home, desktop.home, folder]) rmSync(dir, { recursive: true, force: true });
});

/**
 * `shadow sync now` for the laptop, killed (SIGKILL) as soon as its `killAt`-th temporary file (a
 * segment's or the manifest's, one after the other) is created; run to its end when `killAt` is null.
 */
function exportLaptop(deviceDir: string, killAt: number | null): Promise<{ killed: boolean; leftTemp: boolean }> {
  const toTheEnd = killAt === null;
  let temps = 0;
  return new Promise((resolve, reject) => {
    const child = spawnShadow(['sync', 'now', '--json'], laptop.env);
    child.stdout!.resume();
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watcher = toTheEnd
      ? null
      : watch(deviceDir, (_event, name) => {
          if (name?.startsWith(TEMP_PREFIX) && existsSync(join(deviceDir, name)) && ++temps === killAt) child.kill('SIGKILL');
        });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      watcher?.close();
      if (!toTheEnd || code === 0)
        resolve({ killed: signal === 'SIGKILL', leftTemp: readdirSync(deviceDir).some((n) => n.startsWith(TEMP_PREFIX)) });
      else reject(new Error(`shadow sync now exited ${code}: ${stderr}`));
    });
  });
}

/**
 * The rows the segments the manifest reaches bring (every one of them decodes whole), by kind: each
 * (kind, id) put and not deleted after. Every segment in the folder decodes, those past the manifest too.
 */
async function rowsInSegments(deviceDir: string, deviceId: string): Promise<Record<string, number>> {
  const live = new Map<string, boolean>();
  const latest = readManifest(deviceDir)?.manifest.latestSeq ?? 0;
  const files = readdirSync(deviceDir)
    .filter((n) => SEGMENT_FILE.test(n))
    .sort();
  for (const file of files) {
    const seq = Number(SEGMENT_FILE.exec(file)![1]);
    const { records } = await decodeSegment(readFileSync(join(deviceDir, file)), { device: deviceId, seq, key: publicKeyIn(deviceDir) });
    if (seq > latest) continue;
    for (const record of records) {
      if ('id' in record) live.set(`${record.kind}\u0000${record.id}`, 'row' in record);
    }
  }
  const counts: Record<string, number> = {};
  for (const [key, alive] of live) if (alive) counts[key.split('\u0000')[0]!] = (counts[key.split('\u0000')[0]!] ?? 0) + 1;
  return counts;
}

function rowsOf(home: typeof laptop, device: number): Record<string, number> {
  const core = openQuietCore(home.home);
  try {
    return Object.fromEntries(
      Object.entries(TABLES)
        .map(([kind, table]) => [
          kind,
          (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE device = ?`).get(device) as { n: number }).n,
        ])
        .filter(([, n]) => n !== 0),
    );
  } finally {
    core.close();
  }
}

/** Imports the folder into the desktop, which trusts the laptop (its id and fingerprint) once its signed manifest is there. */
async function importIntoDesktop(laptopDevice: {
  id: string;
  fingerprint: string;
}): Promise<{ problems: unknown[]; laptopKey: number | null }> {
  const core = openQuietCore(desktop.home, {
    settings: { sync: { folder, deviceName: 'desktop', share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 } },
  });
  try {
    if (existsSync(join(folder, laptopDevice.id, 'manifest.json'))) core.sync.trust(laptopDevice.id, laptopDevice.fingerprint);
    const run = await core.sync.run();
    return { problems: run.status.problems, laptopKey: core.sync.devices.resolve('laptop') };
  } finally {
    core.close();
  }
}

describe('a SIGKILL while writing a segment', { timeout: 180_000 }, () => {
  it('leaves only whole segments, and the other device holds exactly what they bring', async () => {
    const source = openQuietCore(laptop.home);
    fillSyntheticDays(databaseOf(source), { days: 30, startMs: Date.parse('2026-02-02T00:00:00Z') });
    source.sync.configure({ folder, deviceName: 'laptop' });
    const deviceId = source.sync.status().device.id;
    const laptopDevice = { id: deviceId, fingerprint: source.sync.status().fingerprint! };
    source.close();
    const deviceDir = join(folder, deviceId);
    mkdirSync(deviceDir);
    const laptopRows = rowsOf(laptop, 1);

    const kills: { killed: boolean; leftTemp: boolean }[] = [];
    const written = new Map<string, string>();
    // Killed while writing a segment (odd temporary files) or the manifest after it (even ones), further each time.
    for (const killAt of [1, 2, 3, 6, 9]) {
      kills.push(await exportLaptop(deviceDir, killAt));
      const segments = readdirSync(deviceDir).filter((n) => SEGMENT_FILE.test(n));
      // No segment is ever rewritten: one written before a kill keeps its bytes.
      for (const file of segments) {
        const digest = createHash('sha256')
          .update(readFileSync(join(deviceDir, file)))
          .digest('hex');
        expect(written.get(file) ?? digest, file).toBe(digest);
        written.set(file, digest);
      }
      const { problems, laptopKey } = await importIntoDesktop(laptopDevice);
      expect(problems).toEqual([]);
      if (laptopKey !== null) expect(rowsOf(desktop, laptopKey)).toEqual(await rowsInSegments(deviceDir, deviceId));
    }
    expect(kills.every((k) => k.killed)).toBe(true);
    // The kills landed while a segment was being written: its temporary file was left behind.
    expect(kills.some((k) => k.leftTemp)).toBe(true);

    await exportLaptop(deviceDir, null);
    expect(readdirSync(deviceDir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
    const { problems, laptopKey } = await importIntoDesktop(laptopDevice);
    expect(problems).toEqual([]);
    expect(rowsOf(desktop, laptopKey!)).toEqual(laptopRows);
  });
});

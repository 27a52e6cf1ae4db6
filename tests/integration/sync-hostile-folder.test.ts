import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import type { Health, SyncRun, SyncStatus } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import type { SyncRecord } from '../../src/core/sync/sync-records';
import { handWrittenDevice, rowCounts, trustDevice, workSessionRecord } from '../helpers/sync-profiles';
import { openQuietCore } from '../helpers/quiet-core';

/**
 * The sync folder is untrusted input (issue 25): anyone who can write into it can place links, FIFOs,
 * files that unpack to a mass of empty lines, hundreds of damaged segments or floods of valid deletions
 * in a device folder. Each is refused or contained: memory stays bounded, the store stays as it was,
 * the rest of the folder is imported, and health names what was refused and where.
 */
const dirs: string[] = [];
const cores: ShadowCore[] = [];
const engines: ShadowProcess[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const core of cores.splice(0)) core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function importer(folder: string): ShadowCore {
  const core = openQuietCore(temp('shadow-hostile-home-'), {
    settings: { sync: { folder, deviceName: 'here', share: ['activity', 'memory', 'screenText', 'conversations'], intervalSec: 120 } },
  });
  cores.push(core);
  // This device's own work, which nothing from the folder may change.
  const ws = core.activity.startWorkSession(Date.parse('2026-03-10T09:00:00Z'), 'desktop');
  databaseOf(core)
    .prepare(`INSERT INTO activity_spans (work_session_id, kind, app, title, start_ms, end_ms) VALUES (?, 'app', 'Excel', 'Ledger', ?, ?)`)
    .run(ws, Date.parse('2026-03-10T09:00:00Z'), Date.parse('2026-03-10T10:00:00Z'));
  return core;
}

/** A gzip'd file of about 64 KB that unpacks to about 64 MB of empty lines. */
const emptyLines = (): Buffer => gzipSync(Buffer.alloc(63 * 1024 * 1024, 0x0a), { level: 9 });

const importedWorkSessions = (core: ShadowCore, id: string): number => {
  const key = core.sync.devices.resolve(id);
  return key === null
    ? 0
    : (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM work_sessions WHERE device = ?`).get(key) as { n: number }).n;
};

const mib = (bytes: number): number => bytes / 1048576;

describe('a sync folder written by someone hostile', () => {
  it('refuses links (to /proc/self/pagemap), FIFOs and linked device folders, keeps memory bounded, and imports the rest', async () => {
    const folder = temp('shadow-hostile-folder-');
    const peer = handWrittenDevice(folder, '1111111111111111');
    peer.segment(1, [workSessionRecord(1, 1)]);
    symlinkSync('/proc/self/pagemap', peer.segmentPath(2));
    execFileSync('mkfifo', [peer.segmentPath(3)]);
    symlinkSync('/etc/hostname', peer.segmentPath(4));
    peer.segment(5, [workSessionRecord(2, 5)]);
    peer.publish(5);
    // A manifest that is a link to /proc/self/pagemap (stat says 0 bytes; reading it never ends).
    mkdirSync(join(folder, '2222222222222222'));
    symlinkSync('/proc/self/pagemap', join(folder, '2222222222222222', 'manifest.json'));
    // A device folder that is itself a link.
    const elsewhere = handWrittenDevice(temp('shadow-hostile-elsewhere-'), '3333333333333333');
    elsewhere.segment(1, [workSessionRecord(1, 1)]);
    elsewhere.publish(1);
    symlinkSync(elsewhere.dir, join(folder, '3333333333333333'));

    const core = importer(folder);
    trustDevice(core, peer);
    const local = rowCounts(core);
    const rssBefore = process.memoryUsage().rss;
    const run = await core.sync.run();
    expect(mib(process.memoryUsage().rss - rssBefore)).toBeLessThan(64);
    expect(run.imported.segments).toBe(2);
    expect(importedWorkSessions(core, peer.id)).toBe(2);
    expect(importedWorkSessions(core, '3333333333333333')).toBe(0);
    const problems = run.status.problems.map((p) => [p.kind, p.device?.id, p.seq, p.message]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['refused', peer.id, 2, expect.stringMatching(/seg-00000002\.jsonl\.gz is a symbolic link/)],
        ['refused', peer.id, 3, expect.stringMatching(/not a plain file \(a FIFO\)/)],
        ['refused', peer.id, 4, expect.stringMatching(/symbolic link/)],
        ['refused', '2222222222222222', null, expect.stringMatching(/manifest\.json is a symbolic link/)],
        ['refused', '3333333333333333', null, expect.stringMatching(/its folder is a symbolic link/)],
      ]),
    );
    const health = core.health.report();
    const refused = health.reasons.find((r) => r.code === 'sync_input_refused');
    expect(refused?.message).toMatch(/^5 pieces of the sync folder were refused as unsafe to read: .*symbolic link/);
    const { [`work_sessions@${core.sync.devices.resolve(peer.id)}`]: imported, ...own } = rowCounts(core);
    expect(imported).toBe(2);
    expect(own).toEqual(local);

    // Refused files are not opened again until they change; they stay reported.
    const again = await core.sync.run();
    expect(again.imported.bytes).toBeLessThan(4096);
    expect(again.status.problems.filter((p) => p.kind === 'refused')).toHaveLength(5);
  });

  it('reads a segment of 64 KB that unpacks to 64 MB of empty lines one chunk far, twenty of them once, and the valid one after', async () => {
    const folder = temp('shadow-hostile-folder-');
    const peer = handWrittenDevice(folder, '4444444444444444');
    const bomb = emptyLines();
    expect(bomb.length).toBeLessThan(80 * 1024);
    for (let seq = 1; seq <= 20; seq++) writeFileSync(peer.segmentPath(seq), bomb);
    peer.segment(21, [workSessionRecord(1, 21)]);
    peer.publish(21);

    const core = importer(folder);
    trustDevice(core, peer);
    const rssBefore = process.memoryUsage().rss;
    const run = await core.sync.run();
    expect(mib(process.memoryUsage().rss - rssBefore)).toBeLessThan(64);
    expect(run.imported.segments).toBe(1);
    expect(importedWorkSessions(core, peer.id)).toBe(1);
    expect(run.status.problems.filter((p) => p.kind === 'corrupt' && p.message === 'line 1 is not JSON')).toHaveLength(20);
    expect(core.health.report().reasons.find((r) => r.code === 'sync_segment_damaged')?.message).toMatch(
      /^20 pieces of another device's data could not be imported: segment \d+ of peer: line 1 is not JSON/,
    );
    // The next exchange reads none of them again: only the manifest.
    const again = await core.sync.run();
    expect(again.imported.bytes).toBeLessThan(4096);
    // Replaced by whole ones, they are read and applied.
    for (let seq = 1; seq <= 20; seq++) {
      rmSync(peer.segmentPath(seq));
      peer.segment(seq, [workSessionRecord(100 + seq, seq)]);
    }
    peer.publish(21);
    const healed = await core.sync.run();
    expect(healed.imported.segments).toBe(20);
    expect(healed.status.problems).toEqual([]);
  });

  it('still reaches the segments after 520 damaged ones, reading each damaged one once', async () => {
    const folder = temp('shadow-hostile-folder-');
    const peer = handWrittenDevice(folder, '5555555555555555');
    for (let seq = 1; seq <= 520; seq++) writeFileSync(peer.segmentPath(seq), gzipSync(Buffer.from(`not a segment ${seq}\n`)));
    for (let seq = 521; seq <= 525; seq++) peer.segment(seq, [workSessionRecord(seq, seq)]);
    peer.publish(525);

    const core = importer(folder);
    trustDevice(core, peer);
    const run = await core.sync.run();
    expect(run.imported.segments).toBe(5);
    expect(importedWorkSessions(core, peer.id)).toBe(5);
    expect(core.health.report().reasons.find((r) => r.code === 'sync_segment_damaged')?.message).toMatch(/^520 pieces/);
    const again = await core.sync.run();
    expect(again.imported.bytes).toBeLessThan(4096);
  });

  it('applies 1.1 million valid deletions of rows it never held without growing the store, over exchanges within budget', async () => {
    const folder = temp('shadow-hostile-folder-');
    const peer = handWrittenDevice(folder, '6666666666666666');
    peer.segment(1, [workSessionRecord(1, 1)]);
    const PER_SEGMENT = 100_000;
    let rev = 1;
    for (let seq = 2; seq <= 12; seq++) {
      const deletions: SyncRecord[] = [];
      for (let i = 0; i < PER_SEGMENT; i++) {
        rev++;
        deletions.push({ kind: 'screen_text', id: rev, rev, deleted: true });
      }
      peer.segment(seq, deletions);
    }
    peer.publish(12);

    const core = importer(folder);
    trustDevice(core, peer);
    const local = rowCounts(core);
    const size = (): number => {
      databaseOf(core).pragma('wal_checkpoint(TRUNCATE)');
      return (
        (databaseOf(core).pragma('page_count', { simple: true }) as number) *
        (databaseOf(core).pragma('page_size', { simple: true }) as number)
      );
    };
    const sizeBefore = size();
    const first = await core.sync.run();
    // One exchange reads what the budget allows, then pauses the device and says so.
    expect(first.imported.segments).toBeGreaterThan(0);
    expect(first.imported.segments).toBeLessThan(12);
    expect(first.status.problems).toContainEqual(
      expect.objectContaining({
        kind: 'paused',
        device: expect.objectContaining({ id: peer.id }),
        message: expect.stringMatching(/records/),
      }),
    );
    expect(core.health.report().reasons.find((r) => r.code === 'sync_device_paused')?.message).toMatch(
      /^Reading peer stopped for this exchange: it used its budget of this exchange \(400,000 records\)/,
    );
    let applied = first.imported.segments;
    for (let exchange = 0; exchange < 5 && applied < 12; exchange++) applied += (await core.sync.run()).imported.segments;
    expect(applied).toBe(12);
    expect(core.sync.status().problems).toEqual([]);
    expect(mib(size() - sizeBefore)).toBeLessThan(1);
    expect(importedWorkSessions(core, peer.id)).toBe(1);
    const { [`work_sessions@${core.sync.devices.resolve(peer.id)}`]: imported, ...own } = rowCounts(core);
    expect(imported).toBe(1);
    expect(own).toEqual(local);
  }, 240_000);
});

/** The resident memory of a process, from /proc (MiB). */
const rssMib = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('the engine with a hostile sync folder', () => {
  it('keeps its memory bounded and its API answering through the exchange, and names what it refused in health', async () => {
    const folder = temp('shadow-hostile-folder-');
    const peer = handWrittenDevice(folder, '7777777777777777');
    peer.segment(1, [workSessionRecord(1, 1)]);
    symlinkSync('/proc/self/pagemap', peer.segmentPath(2));
    writeFileSync(peer.segmentPath(3), emptyLines());
    peer.segment(4, [workSessionRecord(2, 4)]);
    peer.publish(4);
    mkdirSync(join(folder, '8888888888888888'));
    symlinkSync('/proc/self/pagemap', join(folder, '8888888888888888', 'manifest.json'));

    const home = createTempShadowHome('shadow-hostile-engine-');
    dirs.push(home.home);
    mkdirSync(home.paths.dir, { recursive: true });
    writeFileSync(home.paths.settings, JSON.stringify({ sync: { folder, deviceName: 'here' } }));
    const day = await writeTinyDay([{ app: 'Excel', title: 'Ledger.xlsx', seconds: 120 }]);
    dirs.push(day);
    const engine = await startHeadlessShadow(['--replay', day, '--speed', '0'], home.env);
    engines.push(engine);
    await engine.get<Health>('/health');
    await engine.post<SyncStatus>(`/sync/devices/${peer.id}/trust`, { fingerprint: peer.key.fingerprint });
    const pid = engine.child.pid!;
    const before = rssMib(pid);

    let answered = 0;
    let running = true;
    const run = engine.post<SyncRun>('/sync/run').finally(() => (running = false));
    while (running) {
      const health = await engine.get<Health>('/health');
      expect(health.status).toBeDefined();
      answered++;
    }
    const result = await run;
    expect(answered).toBeGreaterThan(0);
    expect(rssMib(pid) - before).toBeLessThan(128);
    expect((await engine.get<SyncStatus>('/sync')).devices.find((d) => d.id === peer.id)?.workSessions).toBe(2);
    expect(result.status.problems.map((p) => [p.kind, p.device?.id, p.seq])).toEqual(
      expect.arrayContaining([
        ['refused', peer.id, 2],
        ['corrupt', peer.id, 3],
        ['refused', '8888888888888888', null],
      ]),
    );
    const reasons = (await engine.get<Health>('/health')).reasons;
    expect(reasons.find((r) => r.code === 'sync_input_refused')?.message).toMatch(
      /2 pieces of the sync folder were refused .*symbolic link/,
    );
    expect(reasons.find((r) => r.code === 'sync_segment_damaged')?.message).toMatch(/segment 3 of peer: line 1 is not JSON/);
  }, 120_000);
});

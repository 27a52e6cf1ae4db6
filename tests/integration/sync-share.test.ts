import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import { decodeSegment } from '../../src/core/sync/segment-codec';
import { SEGMENT_FILE, type SyncRecord } from '../../src/core/sync/sync-records';
import type { SyncShareKind } from '../../src/shared/contract/index';
import { openQuietCore } from '../helpers/quiet-core';
import { pairProfiles, publicKeyIn } from '../helpers/sync-profiles';

/**
 * What leaves a device (issue 17, docs/privacy.md): only the kinds the user shares, each text redacted
 * again under the rules in force when it leaves, and a kind no longer shared is taken back from the
 * other devices.
 */
const dirs: string[] = [];
const cores: ShadowCore[] = [];
afterEach(() => {
  for (const core of cores.splice(0)) core.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function device(folder: string, name: string, share: SyncShareKind[], words: string[] = []): ShadowCore {
  const core = openQuietCore(temp(`shadow-share-${name}-`), {
    settings: {
      sync: { folder, deviceName: name, share, intervalSec: 120 },
      redaction: { enabled: true, kinds: ['card', 'iban', 'national-id', 'secret', 'password'], patterns: [], words },
    },
  });
  cores.push(core);
  return core;
}

/** Every record this device has written so far, segment by segment. */
async function written(folder: string, core: ShadowCore): Promise<SyncRecord[][]> {
  const id = core.sync.status().device.id;
  const dir = join(folder, id);
  const files = readdirSync(dir)
    .filter((f) => SEGMENT_FILE.test(f))
    .sort();
  const segments: SyncRecord[][] = [];
  for (const f of files) {
    const expected = { device: id, seq: Number(SEGMENT_FILE.exec(f)![1]), key: publicKeyIn(dir) };
    segments.push((await decodeSegment(readFileSync(join(dir, f)), expected)).records);
  }
  return segments;
}

const kindsOf = (records: readonly SyncRecord[]): string[] => [...new Set(records.map((r) => r.kind))].sort();
const count = (core: ShadowCore, table: string, device: number): number =>
  (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE device = ?`).get(device) as { n: number }).n;

describe('what a device shares', () => {
  it('writes only the kinds it shares, and takes a kind back from the others when it stops sharing it', async () => {
    const folder = temp('shadow-share-folder-');
    const laptop = device(folder, 'laptop', ['activity']);
    fillSyntheticDays(databaseOf(laptop), { days: 1, startMs: Date.parse('2026-05-04T00:00:00Z'), framesPerDay: 50 });
    await laptop.sync.run();
    expect(kindsOf((await written(folder, laptop)).flat())).toEqual(['span', 'work_session']);

    // Screen text shared from now on: its history goes too.
    laptop.sync.configure({ share: ['activity', 'screenText'] });
    await laptop.sync.run();
    expect(kindsOf((await written(folder, laptop)).at(-1)!)).toEqual(['screen_text']);
    const desktop = device(folder, 'desktop', ['activity']);
    await desktop.sync.run();
    pairProfiles(laptop, desktop);
    await desktop.sync.run();
    const laptopKey = desktop.sync.devices.resolve('laptop')!;
    expect(count(desktop, 'screen_text_entries', laptopKey)).toBe(50);
    expect(count(desktop, 'tasks', laptopKey)).toBe(0);

    // Kept on the laptop again: the desktop deletes what it held of it, and keeps the rest.
    laptop.sync.configure({ share: ['activity'] });
    await laptop.sync.run();
    expect((await written(folder, laptop)).at(-1)).toEqual([{ kind: 'screen_text', rev: expect.any(Number), withdrawn: true }]);
    await desktop.sync.run();
    expect(count(desktop, 'screen_text_entries', laptopKey)).toBe(0);
    expect(count(desktop, 'activity_spans', laptopKey)).toBe(count(laptop, 'activity_spans', 1));
    expect(count(laptop, 'screen_text_entries', 1)).toBe(50);
  });

  it('redacts every text again as it leaves, under the rules in force then', async () => {
    const folder = temp('shadow-share-folder-');
    // "Globex" was stored in the clear; the user added it to the redacted words afterwards.
    const laptop = device(folder, 'laptop', ['activity', 'memory', 'screenText', 'conversations'], ['Globex']);
    fillSyntheticDays(databaseOf(laptop), { days: 1, startMs: Date.parse('2026-05-04T00:00:00Z'), framesPerDay: 60 });
    const session = laptop.sessions.create({ type: 'chat', tools: [] });
    await laptop.sessions.send(session.id, 'Did Globex pay with card 4111 1111 1111 1111?');
    await laptop.sessions.idle();
    expect(count(laptop, 'screen_text_entries', 1)).toBeGreaterThan(0);
    expect(databaseOf(laptop).prepare(`SELECT COUNT(*) AS n FROM screen_text_entries WHERE text LIKE '%Globex%'`).get()).not.toEqual({
      n: 0,
    });
    await laptop.sync.run();
    const text = JSON.stringify(await written(folder, laptop));
    expect(text).not.toMatch(/Globex/i);
    expect(text).not.toContain('4111 1111 1111 1111');
    expect(text).toContain('[redacted]');
    expect(text).toContain('[card]');
  });
});

import { createHash, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeviceKey, publicKeyOf, type DeviceKey } from '../../src/core/sync/device-key';
import { nextManifest, readManifest, writeManifest } from '../../src/core/sync/manifest';
import { encodeSegment } from '../../src/core/sync/segment-codec';
import { segmentFileName, type ManifestEntry, type SyncRecord } from '../../src/core/sync/sync-records';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import { databaseOf, type ShadowCore } from '../../src/core/shadow-core';
import type { TinyDaySegment } from './tiny-day';

/** Reads the screens of a tiny day (tests/helpers/tiny-day.ts) as the lines drawn on them, like `demoScreenRecognizer`. */
export function tinyDayRecognizer(dayDir: string, segments: readonly TinyDaySegment[]): TextRecognizer {
  const byHash = new Map<string, string>();
  segments.forEach((segment, i) => {
    const bytes = readFileSync(join(dayDir, 'images', `screen-${i}.jpg`));
    byHash.set(createHash('sha1').update(bytes).digest('hex'), (segment.text ?? [segment.title]).join('\n'));
  });
  return {
    recognize: (image) => Promise.resolve(byHash.get(createHash('sha1').update(image).digest('hex')) ?? ''),
    terminate: () => Promise.resolve(),
  };
}

/** Row counts of every table a device's work is kept in, by device key: what an import may change. */
export function rowCounts(core: ShadowCore): Record<string, number> {
  const counts: Record<string, number> = {};
  const tables = ['work_sessions', 'activity_spans', 'tasks', 'work_session_summaries', 'questions', 'screen_text_entries', 'sessions'];
  for (const table of tables) {
    for (const row of databaseOf(core).prepare(`SELECT device, COUNT(*) AS n FROM ${table} GROUP BY device`).all() as {
      device: number;
      n: number;
    }[]) {
      counts[`${table}@${row.device}`] = row.n;
    }
  }
  counts.turns = (databaseOf(core).prepare(`SELECT COUNT(*) AS n FROM turns`).get() as { n: number }).n;
  return counts;
}

/** A digest of every row other devices' imports wrote (content, not only counts). */
export function importedDigest(core: ShadowCore): string {
  const hash = createHash('sha256');
  for (const table of ['work_sessions', 'activity_spans', 'tasks', 'work_session_summaries', 'questions', 'screen_text_entries']) {
    for (const row of databaseOf(core).prepare(`SELECT * FROM ${table} WHERE device != 1 ORDER BY id`).all())
      hash.update(JSON.stringify(row));
  }
  for (const row of databaseOf(core)
    .prepare(`SELECT t.* FROM turns t JOIN sessions s ON s.id = t.session_id WHERE s.device != 1 ORDER BY t.id`)
    .all())
    hash.update(JSON.stringify(row));
  return hash.digest('hex');
}

/** A work session record of another device (id on its device, revision). */
export const workSessionRecord = (id: number, rev: number): SyncRecord => ({
  kind: 'work_session',
  id,
  rev,
  row: { started_at: 1_000 * id, ended_at: 1_000 * id + 500, status: 'completed', source: 'desktop', end_reason: 'the app quit' },
});

/**
 * A device folder written by hand in a sync folder, as a device (or anyone who can write there) would,
 * with its own signing key: whole signed segments, files that are not segments at all, and the signed
 * manifest that lists them.
 */
export interface HandWrittenDevice {
  readonly id: string;
  readonly dir: string;
  readonly key: DeviceKey;
  /** Writes segment `seq` holding these records, whole, valid and signed (with `key` unless another is given). */
  segment(seq: number, records: readonly SyncRecord[], key?: DeviceKey): void;
  /** The path segment `seq` has (to put anything there: a link, a FIFO, bytes that are no segment). */
  segmentPath(seq: number): string;
  /** Writes the signed manifest: `latestSeq`, and the checksums of the segments `segment` wrote. */
  publish(latestSeq: number, options?: { name?: string; key?: DeviceKey }): void;
}

export function handWrittenDevice(folder: string, id: string, name = 'peer'): HandWrittenDevice {
  const dir = join(folder, id);
  mkdirSync(dir, { recursive: true });
  const own = createDeviceKey();
  const entries: ManifestEntry[] = [];
  return {
    id,
    dir,
    key: own,
    segment(seq, records, key = own) {
      const encoded = encodeSegment({ device: id, seq, createdAt: new Date(0).toISOString() }, records, key.privateKey);
      writeFileSync(join(dir, segmentFileName(seq)), encoded.bytes);
      entries.push({ seq, file: segmentFileName(seq), bytes: encoded.bytes.length, sha256: encoded.sha256, records: records.length });
    },
    segmentPath: (seq) => join(dir, segmentFileName(seq)),
    publish(latestSeq, options = {}) {
      const key = options.key ?? own;
      const manifest = nextManifest(null, { id, name: options.name ?? name, publicKey: key.publicKey }, entries, 0);
      writeManifest(dir, { ...manifest, latestSeq }, key.privateKey);
    },
  };
}

/** The public key a device folder's (signed) manifest names: to decode that device's segments in a test. */
export function publicKeyIn(deviceDir: string): KeyObject {
  const manifest = readManifest(deviceDir);
  if (!manifest) throw new Error(`${deviceDir} has no manifest yet`);
  return publicKeyOf(manifest.manifest.device.publicKey)!;
}

/** Trusts a hand-written device in a profile, as the person would after comparing its fingerprint. */
export function trustDevice(core: ShadowCore, device: HandWrittenDevice): void {
  core.sync.trust(device.id, device.key.fingerprint);
}

/**
 * Pairs two profiles that share a sync folder, as a person does at both screens: each trusts the other
 * with the fingerprint the other's status shows. Each must have exchanged once (its signed manifest is in
 * the folder) and, with a sync tool between them, that manifest must have reached the other's copy.
 */
export function pairProfiles(a: ShadowCore, b: ShadowCore): void {
  const [first, second] = [a.sync.status(), b.sync.status()];
  a.sync.trust(second.device.id, second.fingerprint!);
  b.sync.trust(first.device.id, first.fingerprint!);
}

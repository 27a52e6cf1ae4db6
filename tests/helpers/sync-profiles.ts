import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextManifest, writeManifest } from '../../src/core/sync/manifest';
import { encodeSegment } from '../../src/core/sync/segment-codec';
import { MANIFEST_FILE, segmentFileName, type ManifestEntry, type SyncRecord } from '../../src/core/sync/sync-records';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import type { ShadowCore } from '../../src/core/shadow-core';
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
    for (const row of core.db.prepare(`SELECT device, COUNT(*) AS n FROM ${table} GROUP BY device`).all() as {
      device: number;
      n: number;
    }[]) {
      counts[`${table}@${row.device}`] = row.n;
    }
  }
  counts.turns = (core.db.prepare(`SELECT COUNT(*) AS n FROM turns`).get() as { n: number }).n;
  return counts;
}

/** A digest of every row other devices' imports wrote (content, not only counts). */
export function importedDigest(core: ShadowCore): string {
  const hash = createHash('sha256');
  for (const table of ['work_sessions', 'activity_spans', 'tasks', 'work_session_summaries', 'questions', 'screen_text_entries']) {
    for (const row of core.db.prepare(`SELECT * FROM ${table} WHERE device != 1 ORDER BY id`).all()) hash.update(JSON.stringify(row));
  }
  for (const row of core.db
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
 * A device folder written by hand in a sync folder, as a device (or anyone who can write there) would:
 * whole segments, files that are not segments at all, and the manifest that lists them.
 */
export interface HandWrittenDevice {
  readonly id: string;
  readonly dir: string;
  /** Writes segment `seq` holding these records, whole and valid. */
  segment(seq: number, records: readonly SyncRecord[]): void;
  /** The path segment `seq` has (to put anything there: a link, a FIFO, bytes that are no segment). */
  segmentPath(seq: number): string;
  /** Writes the manifest: `latestSeq`, and the checksums of the segments `segment` wrote. */
  publish(latestSeq: number, name?: string): void;
}

export function handWrittenDevice(folder: string, id: string): HandWrittenDevice {
  const dir = join(folder, id);
  mkdirSync(dir, { recursive: true });
  const entries: ManifestEntry[] = [];
  return {
    id,
    dir,
    segment(seq, records) {
      const encoded = encodeSegment({ device: id, seq, createdAt: new Date(0).toISOString() }, records);
      writeFileSync(join(dir, segmentFileName(seq)), encoded.bytes);
      entries.push({ seq, file: segmentFileName(seq), bytes: encoded.bytes.length, sha256: encoded.sha256, records: records.length });
    },
    segmentPath: (seq) => join(dir, segmentFileName(seq)),
    publish(latestSeq, name = 'peer') {
      writeManifest(dir, nextManifest(null, { id, name }, entries, 0));
      const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as { latestSeq: number };
      writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, latestSeq }));
    },
  };
}

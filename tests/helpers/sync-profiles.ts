import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Screen search over a year of history: 250 work days of OCR text (400 kept frames a day, the text of
 * the demo day's screens with the numbers, vendors and dates varied), then 300 searches of the kinds
 * people type — a rare number, a vendor, a common word, with an app or a date range — timed one by one.
 * Once on a plain store and once on an encrypted one (SQLCipher pages, docs/privacy.md), the same data.
 *   node bin/run-ts.js bench/screen-search.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchScreenText } from '../src/core/ocr/screen-search';
import { openDatabase } from '../src/core/store/database';
import { ScreenTextRepository } from '../src/core/store/repositories/screen-text-repository';
import { localDateOf } from '../src/core/time';
import { mib, percentile, printFigures, type Figure } from './lib/report';
import { screens, vendors } from './lib/synthetic-work';

const DAYS = 250;
const FRAMES_PER_DAY = 400;
const SEARCHES = 300;

/** Fills a year of screen text into a store (encrypted with `key` when given) and times the searches. */
function measure(key: Buffer | null): Figure[] {
  const store = key ? 'encrypted' : 'plain';
  const dir = mkdtempSync(join(tmpdir(), 'shadow-bench-screen-'));
  try {
    const file = join(dir, 'shadow.db');
    const db = openDatabase(file, { key });
    const repository = new ScreenTextRepository(db);
    const start = Date.parse('2025-01-06T09:00:00Z');
    let seq = 1000;
    const fillStarted = performance.now();
    const fill = db.transaction((day: number) => {
      for (let i = 0; i < FRAMES_PER_DAY; i++) {
        const screen = screens[(day * 7 + i) % screens.length]!;
        const vendor = vendors[(day + i * 3) % vendors.length]!;
        seq += 1 + (i % 3);
        repository.insert({
          atMs: start + day * 86_400_000 + i * 72_000,
          app: screen.app,
          title: screen.title,
          text: screen.text(seq, vendor),
        });
      }
    });
    for (let day = 0; day < DAYS; day++) fill(day);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    db.pragma('wal_checkpoint(TRUNCATE)');

    const lastDay = localDateOf(start + (DAYS - 1) * 86_400_000);
    const queries = Array.from({ length: SEARCHES }, (_, i) => {
      switch (i % 6) {
        case 0:
          return { q: String(1000 + ((i * 7919) % (seq - 1000))) };
        case 1:
          return { q: vendors[i % vendors.length]! };
        case 2:
          return { q: 'invoice' };
        case 3:
          return { q: 'payment pending', app: 'Google Chrome' };
        case 4:
          return { q: 'reconciliation', from: localDateOf(start + 100 * 86_400_000), to: lastDay };
        default:
          return { q: `VB-${1000 + ((i * 104729) % (seq - 1000))} approve` };
      }
    });
    const samples: number[] = [];
    let hits = 0;
    for (const query of queries) {
      const t = performance.now();
      hits += searchScreenText(repository, { ...query, limit: 20 }).hits.length;
      samples.push(performance.now() - t);
    }
    const rows = repository.count();
    const bytes = statSync(file).size;
    db.close();
    console.log(
      `${store} store: ${rows} rows of screen text over ${DAYS} days (filled in ${fillSeconds.toFixed(1)} s), ${SEARCHES} searches, ${hits} hits`,
    );
    return [
      { name: `screen search p50 (a year, ${store} store)`, value: percentile(samples, 50), unit: 'ms' },
      { name: `screen search p95 (a year, ${store} store)`, value: percentile(samples, 95), unit: 'ms', targetMax: 50 },
      { name: `filling a year of screen text (${store} store)`, value: fillSeconds, unit: 's' },
      { name: `database with a year of screen text (${store} store)`, value: mib(bytes), unit: 'MiB' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

printFigures('screen-search', [...measure(null), ...measure(randomBytes(32))]);

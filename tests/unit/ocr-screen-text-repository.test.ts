import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../src/core/ocr/screen-query';
import { migrate, openDatabase, type Db } from '../../src/core/store/database';
import { migrations } from '../../src/core/store/migrations/index';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');

describe('ScreenTextRepository', () => {
  let db: Db;
  let repo: ScreenTextRepository;

  beforeEach(() => {
    db = openDatabase(join(mkdtempSync(join(tmpdir(), 'shadow-ocr-repo-')), 'shadow.db'));
    repo = new ScreenTextRepository(db);
    repo.insert({ atMs: T0, app: 'Ledger', title: 'Accounts payable', text: 'Invoice 4471 ACME Supplies due 2026-03-15 total 1,250.00' });
    repo.insert({
      atMs: T0 + HOUR,
      app: 'Firefox',
      title: 'Bank portal — statements',
      text: 'Statement March: payment to ACME Supplies 1,250.00 reconciled',
    });
    repo.insert({ atMs: T0 + 2 * HOUR, app: 'Mail', title: 'Re: invoices', text: 'Please send the invoices for March' });
  });
  afterEach(() => db.close());

  const search = (q: string, extra: { app?: string; fromMs?: number; toMs?: number } = {}) =>
    repo.search({ match: toFtsQuery(q)!, limit: 10, ...extra });

  it('finds text by word, with stemming, and marks the match in a snippet', () => {
    const hits = search('4471');
    expect(hits.map((h) => h.app)).toEqual(['Ledger']);
    expect(hits[0]).toMatchObject({ atMs: T0, title: 'Accounts payable' });
    expect(hits[0]!.snippet).toContain('**4471**');
    // porter: "reconciling" finds "reconciled"; "invoice" finds "invoices" (title and text of Mail)
    expect(search('reconciling').map((h) => h.app)).toEqual(['Firefox']);
    expect(
      search('invoice')
        .map((h) => h.app)
        .sort(),
    ).toEqual(['Ledger', 'Mail']);
  });

  it('ranks a frame that matches more often and in its title above a passing mention', () => {
    const hits = search('invoice');
    expect(hits[0]!.app).toBe('Mail');
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('filters by app (any case) and by time window', () => {
    expect(search('acme', { app: 'firefox' }).map((h) => h.app)).toEqual(['Firefox']);
    expect(search('acme', { fromMs: T0 + HOUR / 2 }).map((h) => h.app)).toEqual(['Firefox']);
    expect(search('acme', { toMs: T0 + HOUR }).map((h) => h.app)).toEqual(['Ledger']);
    expect(search('acme', { app: 'Mail' })).toEqual([]);
  });

  it('ranks a common word among its newest 5,000 matches, and still finds a rare word of any age', () => {
    // The oldest frame mentions "statement" most and in its title: it would rank first, but lies
    // beyond the 5,000 newest matches, so recent frames are ranked instead.
    repo.insert({ atMs: T0 - 1000 * HOUR, app: 'Archive', title: 'statement statement', text: 'statement statement zanzibar' });
    db.transaction(() => {
      for (let i = 0; i < 5000; i++)
        repo.insert({ atMs: T0 + (3 + i) * HOUR, app: 'Mail', title: 'Inbox', text: `monthly statement ${i}` });
    })();
    const common = search('statement');
    expect(common).toHaveLength(10);
    expect(common.map((h) => h.app)).not.toContain('Archive');
    expect(search('zanzibar').map((h) => h.app)).toEqual(['Archive']);
  });

  it('prunes rows older than the cutoff from the table and the index', () => {
    expect(repo.pruneScreenText(T0 + HOUR)).toBe(1);
    expect(repo.count()).toBe(2);
    expect(search('4471')).toEqual([]);
    // the FTS index is consistent with its content table after the delete
    expect(() => db.prepare(`INSERT INTO screen_text(screen_text, rank) VALUES ('integrity-check', 1)`).run()).not.toThrow();
    expect(search('acme').map((h) => h.app)).toEqual(['Firefox']);
  });

  it('gives every hit the snippet of its own frame, over many rows of several apps and days', () => {
    const apps = ['Microsoft Excel', 'Google Chrome', 'Microsoft Outlook', 'Slack', 'Adobe Acrobat Reader', 'NetSuite'];
    for (let day = 1; day <= 6; day++)
      for (let i = 0; i < 50; i++) {
        const app = apps[(day + i) % apps.length]!;
        const n = i % 5 === 0 ? 4471 : 5000 + day * 100 + i;
        repo.insert({
          atMs: T0 + day * 24 * HOUR + i * 60_000,
          app,
          title: `${app} window ${i}`,
          text: `${app} frame ${day}-${i}\ninvoice ${n} for vendor ${i % 7}`,
        });
      }
    for (const q of ['4471', 'invoice', 'vendor 3', 'frame']) {
      const hits = repo.search({ match: toFtsQuery(q)!, limit: 100 });
      expect(hits.length, q).toBeGreaterThan(10);
      for (const hit of hits) {
        const row = db.prepare('SELECT app, title, text FROM screen_text_entries WHERE id = ?').get(hit.id) as {
          app: string;
          title: string;
          text: string;
        };
        expect(hit.text).toBe(row.text);
        const passage = hit.snippet.replace(/\*\*/g, '').replace(/…/g, ' ').trim();
        for (const word of passage.split(/\s+/))
          expect(`${row.text} ${row.title} ${row.app}`, `${q}: ${hit.app} — ${hit.title}`).toContain(word);
      }
      expect(new Set(hits.map((h) => h.snippet)).size, q).toBeGreaterThan(hits.length / 2);
    }
  });

  it('reads the row of a moment and the rows around it', () => {
    const [ledger, bank, mail] = [0, 1, 2].map((i) => repo.textBetween(T0 + i * HOUR, T0 + i * HOUR + 1)[0]!);
    expect(repo.get(bank!.id)).toEqual(bank);
    expect(repo.get(999)).toBeNull();
    expect(repo.textOfWindowAt(T0 + 30 * 60_000, 'Ledger', 'Accounts payable')).toEqual(ledger);
    // Another window's text was read since: the ledger's text is no longer what is on screen.
    expect(repo.textOfWindowAt(T0 + 90 * 60_000, 'Ledger', 'Accounts payable')).toBeNull();
    expect(repo.neighbours(T0 + HOUR)).toEqual({ before: ledger, after: mail });
  });

  it('lists text seen in a time window, newest first', () => {
    expect(repo.textBetween(T0, T0 + 2 * HOUR).map((e) => e.app)).toEqual(['Firefox', 'Ledger']);
  });
});

describe('migration 005', () => {
  it('creates the entries table (STRICT) and its FTS5 index on a fresh database', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 5),
    );
    const strict = db.prepare(`SELECT name FROM pragma_table_list WHERE name = 'screen_text_entries' AND strict = 1`).all();
    expect(strict).toHaveLength(1);
    const fts = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'screen_text'`).get() as { sql: string };
    expect(fts.sql).toMatch(/fts5/i);
    expect(fts.sql).toMatch(/porter unicode61/);
    db.close();
  });
});

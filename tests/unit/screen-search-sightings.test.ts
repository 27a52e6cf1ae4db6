import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchScreenText } from '../../src/core/ocr/screen-search';
import { passageKey, REPEAT_GAP_MS } from '../../src/core/ocr/screen-sightings';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ScreenTextRepository, SIGHTINGS_WINDOW } from '../../src/core/store/repositories/screen-text-repository';

const MIN = 60_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const LEDGER = { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel' };
const MAIL = { app: 'Microsoft Outlook', title: 'Inbox - Outlook' };

/** A ledger whose line about one invoice stays while the cell above it changes (what OCR stores again and again). */
const ledgerText = (edit: number): string =>
  `Accounts payable ledger - March\nMatched to bank: ${edit} of 40 rows checked today\nINV-7781 Globex Logistics 3,310.00 matched to ACH 03/10\nBalance carried forward`;

describe('screen search counts true and reads once', () => {
  let db: Db;
  let repo: ScreenTextRepository;

  beforeEach(() => {
    db = openDatabase(join(mkdtempSync(join(tmpdir(), 'shadow-sightings-')), 'shadow.db'));
    repo = new ScreenTextRepository(db);
  });
  afterEach(() => db.close());

  it('makes the same line in the same window, seen again within minutes with other windows between, one hit with its range and count', () => {
    // 25 minutes in the ledger, a frame every minute, the mail in between every fifth minute.
    for (let m = 0; m <= 25; m++) {
      repo.insert({ atMs: T0 + m * MIN, ...LEDGER, text: ledgerText(m) });
      if (m % 5 === 2) repo.insert({ atMs: T0 + m * MIN + 20_000, ...MAIL, text: `Re: INV-7781 remittance ${m}` });
    }
    // The same line again after lunch: another hit.
    repo.insert({ atMs: T0 + 200 * MIN, ...LEDGER, text: ledgerText(99) });
    const result = searchScreenText(repo, { q: '7781', limit: 50 });
    const ledger = result.hits.filter((h) => h.app === LEDGER.app);
    expect(ledger.map((h) => h.timesSeen).sort((a, b) => a - b)).toEqual([1, 26]);
    const long = ledger.find((h) => h.timesSeen === 26)!;
    expect([long.firstAt, long.lastAt]).toEqual([new Date(T0).toISOString(), new Date(T0 + 25 * MIN).toISOString()]);
    expect(Date.parse(long.at)).toBeGreaterThanOrEqual(T0);
    expect(Date.parse(long.at)).toBeLessThanOrEqual(T0 + 25 * MIN);
    // Each mail differs in its matched line (the number after it): five hits, each seen once.
    expect(result.hits.filter((h) => h.app === MAIL.app).map((h) => h.timesSeen)).toEqual([1, 1, 1, 1, 1]);
    expect(result).toMatchObject({ total: 7, totalExact: true, nextCursor: null });
    // Every frame is counted in exactly one hit.
    expect(result.hits.reduce((sum, h) => sum + h.timesSeen, 0)).toBe(27 + 5);
  });

  it('starts a new hit when the text was not seen for longer than the gap, and never joins two devices or windows', () => {
    const gap = REPEAT_GAP_MS / MIN;
    for (const m of [0, gap, 2 * gap, 3 * gap + 1]) repo.insert({ atMs: T0 + m * MIN, ...LEDGER, text: ledgerText(m) });
    repo.insert({ atMs: T0 + MIN, app: LEDGER.app, title: 'Ledger 2025.xlsx - Excel', text: ledgerText(1) });
    const hits = searchScreenText(repo, { q: 'globex', limit: 50 }).hits;
    expect(hits.map((h) => [h.title, h.timesSeen]).sort()).toEqual(
      [
        ['Ledger 2025.xlsx - Excel', 1],
        [LEDGER.title, 1],
        [LEDGER.title, 3],
      ].sort(),
    );
  });

  it('keys a passage by the words around the match, so a snippet that starts elsewhere on the line reads the same', () => {
    const a = passageKey('…carried forward\nINV-**7781** Globex Logistics 3,310.00 matched to ACH 03/10\nBalance…');
    const b = passageKey('…checked today\nINV-**7781** Globex Logistics 3,310.00 matched to ACH');
    expect(a).toBe(b);
    expect(passageKey('Re: INV-**7781** remittance 2')).not.toBe(passageKey('Re: INV-**7781** remittance 7'));
  });

  it('pages by cursor through every hit once, and a cursor keeps reading the frames its first page read', () => {
    for (let i = 0; i < 45; i++) repo.insert({ atMs: T0 + i * 30 * MIN, ...MAIL, text: `Payment ${i} for INV-${9000 + i} pending` });
    const all = searchScreenText(repo, { q: 'pending', limit: 200 });
    expect(all).toMatchObject({ total: 45, totalExact: true });
    const pages: number[][] = [];
    let page = searchScreenText(repo, { q: 'pending', limit: 20 });
    const firstCursor = page.nextCursor!;
    // Frames read after the first page do not shift the pages of that search.
    repo.insert({ atMs: T0 + 100 * 30 * MIN, ...MAIL, text: 'Payment late pending' });
    for (;;) {
      pages.push(page.hits.map((h) => h.id));
      expect(page.total).toBe(45);
      if (!page.nextCursor) break;
      page = searchScreenText(repo, { q: 'pending', limit: 20, cursor: page.nextCursor });
    }
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(all.hits.map((h) => h.id));
    expect(searchScreenText(repo, { q: 'pending', limit: 20, cursor: firstCursor }).hits.map((h) => h.id)).toEqual(pages[1]);
    expect(searchScreenText(repo, { q: 'pending', limit: 20 }).total).toBe(46);
  });

  it('says the count is a floor when only the newest matches were read', () => {
    const insert = db.transaction(() => {
      for (let i = 0; i <= SIGHTINGS_WINDOW; i++) repo.insert({ atMs: T0 + i * 20 * MIN, ...MAIL, text: `Statement line ${i} reconciled` });
    });
    insert();
    const result = searchScreenText(repo, { q: 'reconciled', limit: 5 });
    expect(result).toMatchObject({ total: SIGHTINGS_WINDOW, totalExact: false });
    expect(result.nextCursor).not.toBeNull();
  });
});

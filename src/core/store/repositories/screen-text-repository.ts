import type { DeviceRef } from '../../../shared/contract/sync';
import type { Db } from '../database';
import { deviceClause, DeviceRepository, deviceOf, LOCAL_DEVICE, type DeviceLabels, type DeviceScope } from './device-repository';

export interface ScreenTextInput {
  readonly atMs: number;
  readonly app: string;
  readonly title: string;
  readonly text: string;
  /** The monitor the text was read from (null where the source cannot tell). */
  readonly monitor?: string | null;
}

export interface ScreenTextEntry extends ScreenTextInput {
  readonly id: number;
  /** The device it was read on, when the profile holds more than one device's work. */
  readonly device?: DeviceRef;
}

export interface ScreenTextHit {
  readonly id: number;
  readonly atMs: number;
  readonly app: string;
  readonly title: string;
  /** The best-matching passage, matched words wrapped in `**`. */
  readonly snippet: string;
  /** Relevance (negated bm25): higher is better. */
  readonly score: number;
  /** The frame's whole text (what answers quote from). */
  readonly text: string;
  /** The monitor it was read from, where known. */
  readonly monitor: string | null;
  readonly device?: DeviceRef;
}

/** One frame a search matched, as a paged search reads it (`sightings`): no text, its snippet made in the same pass. */
export interface ScreenTextSighting {
  readonly id: number;
  readonly atMs: number;
  readonly app: string;
  readonly title: string;
  readonly monitor: string | null;
  /** The device's key: hits of two computers are never the same sighting (`deviceLabels` names it). */
  readonly deviceKey: number;
  /** The best-matching passage, matched words wrapped in `**`. */
  readonly snippet: string;
  /** Relevance (negated bm25): higher is better. */
  readonly score: number;
}

export interface ScreenTextSearch {
  /** A MATCH expression made safe by `toFtsQuery`; never raw user input. */
  readonly match: string;
  readonly app?: string;
  readonly fromMs?: number;
  readonly toMs?: number;
  readonly limit: number;
}

interface EntryRow {
  id: number;
  at_ms: number;
  app: string;
  title: string;
  text: string;
  monitor: string | null;
  device: number;
}

interface SightingRow {
  id: number;
  at_ms: number;
  app: string;
  title: string;
  monitor: string | null;
  device: number;
  rank: number;
  snippet: string;
}

interface HitRow {
  id: number;
  at_ms: number;
  app: string;
  title: string;
  rank: number;
}

const toEntry = (row: EntryRow, labels: (key: number) => DeviceRef | undefined = () => undefined): ScreenTextEntry => ({
  id: row.id,
  atMs: row.at_ms,
  app: row.app,
  title: row.title,
  text: row.text,
  ...(row.monitor !== null && { monitor: row.monitor }),
  ...deviceOf(labels, row.device),
});

/** How many of the newest matching frames a search ranks (see `windowStart`). */
const RANKED_WINDOW = 5000;

/**
 * How many of the newest matching frames a paged search reads (`sightings`): each with its snippet, so
 * repeats can be told apart by their text. A year's common word matches tens of thousands; counting and
 * ranking among the newest 1,500 keeps a search of a year as fast as ranking single frames was (bench/screen-search.ts),
 * and the answer says the count is a floor.
 */
export const SIGHTINGS_WINDOW = 1500;

/**
 * OCR text of kept frames, searchable with FTS5 (see migration 005 for the table layout). Searches and
 * moments read every device's text or one device's (`scoped`); what memory reads of the work going on,
 * and a replay's reset, only this device's.
 */
export class ScreenTextRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

  constructor(
    private readonly db: Db,
    readonly scope: DeviceScope = null,
  ) {
    this.devices = new DeviceRepository(db);
    const d = deviceClause(scope, 'e.');
    const dd = deviceClause(scope);
    this.stmts = {
      insert: db.prepare(`INSERT INTO screen_text_entries (at_ms, app, title, text, monitor) VALUES (?, ?, ?, ?, ?) RETURNING id`),
      // Ranking every match of a common word over a year of frames costs ~100 ms, so only the
      // newest RANKED_WINDOW matches (rowids follow time) are ranked: a search of a year still finds
      // any rare word, and a common one ranks among recent frames, which is what people look for.
      windowStart: db.prepare(`
        SELECT screen_text.rowid AS id FROM screen_text
        JOIN screen_text_entries e ON e.id = screen_text.rowid
        WHERE screen_text MATCH @match
          AND (@app IS NULL OR e.app = @app COLLATE NOCASE)
          AND e.at_ms >= @fromMs AND e.at_ms < @toMs ${d}
        ORDER BY screen_text.rowid DESC
        LIMIT 1 OFFSET ${RANKED_WINDOW - 1}`),
      // Column weights for bm25 (text, title, app): a word in the window title says more about a
      // frame than the same word somewhere in its OCR text; the app name is the weakest signal.
      search: db.prepare(`
        SELECT e.id, e.at_ms, e.app, e.title, bm25(screen_text, 1.0, 2.0, 0.5) AS rank
        FROM screen_text
        JOIN screen_text_entries e ON e.id = screen_text.rowid
        WHERE screen_text MATCH @match AND screen_text.rowid >= @minId
          AND (@app IS NULL OR e.app = @app COLLATE NOCASE)
          AND e.at_ms >= @fromMs AND e.at_ms < @toMs ${d}
        ORDER BY rank, e.at_ms DESC
        LIMIT @limit`),
      // One row's snippet. With MATCH, SQLite drops an equality on the rowid (`rowid = @id` answered
      // every matching row, so the first match's text became every hit's snippet), and FTS5 does not
      // seek to a rowid bound: it walks the matches from one end. So the walk starts from the end
      // nearer the row (hits are mostly recent: from the newest); the row read is checked all the same.
      snippetFromNewest: db.prepare(
        `SELECT rowid AS id, snippet(screen_text, -1, '**', '**', '…', 16) AS snippet FROM screen_text
         WHERE screen_text MATCH @match AND rowid <= @id ORDER BY rowid DESC LIMIT 1`,
      ),
      snippetFromOldest: db.prepare(
        `SELECT rowid AS id, snippet(screen_text, -1, '**', '**', '…', 16) AS snippet FROM screen_text
         WHERE screen_text MATCH @match AND rowid >= @id ORDER BY rowid LIMIT 1`,
      ),
      // Snippets in the same pass as the ranking: one walk of the matches instead of one per hit.
      sightings: db.prepare(`
        SELECT e.id, e.at_ms, e.app, e.title, e.monitor, e.device, bm25(screen_text, 1.0, 2.0, 0.5) AS rank,
               snippet(screen_text, -1, '**', '**', '…', 16) AS snippet
        FROM screen_text
        JOIN screen_text_entries e ON e.id = screen_text.rowid
        WHERE screen_text MATCH @match AND screen_text.rowid <= @upToId
          AND (@app IS NULL OR e.app = @app COLLATE NOCASE)
          AND e.at_ms >= @fromMs AND e.at_ms < @toMs ${d}
        ORDER BY screen_text.rowid DESC
        LIMIT ${SIGHTINGS_WINDOW + 1}`),
      idSpan: db.prepare(`SELECT MIN(id) AS lo, MAX(id) AS hi FROM screen_text_entries`),
      between: db.prepare(`SELECT * FROM screen_text_entries WHERE at_ms >= ? AND at_ms < ? ${dd} ORDER BY at_ms DESC, id DESC LIMIT ?`),
      // The task theory quotes what is on this device's screen now.
      latestOfApp: db.prepare(
        `SELECT text FROM screen_text_entries WHERE app = ? AND at_ms >= ? AND at_ms <= ? AND device = ${LOCAL_DEVICE}
         ORDER BY at_ms DESC, id DESC LIMIT 1`,
      ),
      byId: db.prepare(`SELECT * FROM screen_text_entries WHERE id = ?`),
      rowsAfterId: db.prepare(`SELECT * FROM screen_text_entries WHERE id > ? ORDER BY id LIMIT ?`),
      nextOfDevice: db.prepare(`SELECT at_ms AS at FROM screen_text_entries WHERE device = ? AND at_ms > ? ORDER BY at_ms LIMIT 1`),
      atOrBefore: db.prepare(`SELECT * FROM screen_text_entries WHERE at_ms <= ? ${dd} ORDER BY at_ms DESC, id DESC LIMIT 1`),
      before: db.prepare(`SELECT * FROM screen_text_entries WHERE at_ms < ? ${dd} ORDER BY at_ms DESC, id DESC LIMIT 1`),
      after: db.prepare(`SELECT * FROM screen_text_entries WHERE at_ms > ? ${dd} ORDER BY at_ms, id LIMIT 1`),
      prune: db.prepare(`DELETE FROM screen_text_entries WHERE at_ms < ?`),
      deleteBetween: db.prepare(`DELETE FROM screen_text_entries WHERE at_ms >= ? AND at_ms <= ? AND device = ${LOCAL_DEVICE}`),
      pruneOldest: db.prepare(
        `DELETE FROM screen_text_entries WHERE id IN (SELECT id FROM screen_text_entries WHERE at_ms < ? ORDER BY at_ms, id LIMIT ?)`,
      ),
      oldest: db.prepare(`SELECT MIN(at_ms) AS at FROM screen_text_entries`),
      // A bounded merge of the index's segments, so deleted rows' entries leave it as pruning goes.
      mergeIndex: db.prepare(`INSERT INTO screen_text(screen_text, rank) VALUES ('merge', 64)`),
      count: db.prepare(`SELECT COUNT(*) AS n FROM screen_text_entries`),
      holdsWord: db.prepare(`SELECT 1 FROM screen_text WHERE screen_text MATCH ? LIMIT 1`),
    };
  }

  /** The same searches and moments over one device's text (a key from `DeviceRepository.resolve`), or every device's (null). */
  scoped(scope: DeviceScope): ScreenTextRepository {
    return scope === this.scope ? this : new ScreenTextRepository(this.db, scope);
  }

  insert(entry: ScreenTextInput): number {
    return (this.stmts.insert.get(entry.atMs, entry.app, entry.title, entry.text, entry.monitor ?? null) as { id: number }).id;
  }

  search(query: ScreenTextSearch): ScreenTextHit[] {
    const filter = {
      match: query.match,
      app: query.app ?? null,
      fromMs: query.fromMs ?? Number.MIN_SAFE_INTEGER,
      toMs: query.toMs ?? Number.MAX_SAFE_INTEGER,
    };
    const minId = (this.stmts.windowStart.get(filter) as { id: number } | undefined)?.id ?? 0;
    const rows = this.stmts.search.all({ ...filter, minId, limit: query.limit }) as HitRow[];
    const span = this.stmts.idSpan.get() as { lo: number | null; hi: number | null };
    const middle = ((span.lo ?? 0) + (span.hi ?? 0)) / 2;
    const labels = this.devices.labels();
    // Snippets only for the hits returned: making one for every match ranked is the costly part.
    return rows.map((r) => {
      // Read by id for the hits only: carrying every ranked frame's text through the sort costs more.
      const entry = this.stmts.byId.get(r.id) as EntryRow;
      return {
        id: r.id,
        atMs: r.at_ms,
        app: r.app,
        title: r.title,
        snippet: this.snippetOf(query.match, r.id, r.id >= middle),
        score: -r.rank,
        text: entry.text,
        monitor: entry.monitor,
        ...deviceOf(labels, entry.device),
      };
    });
  }

  /**
   * The newest `SIGHTINGS_WINDOW` frames matching a search, newest first, up to the row `upToId` (so the
   * pages of one search read the same frames while new ones arrive); `more` when older matches were left.
   */
  sightings(query: Omit<ScreenTextSearch, 'limit'> & { readonly upToId: number }): { rows: ScreenTextSighting[]; more: boolean } {
    const rows = this.stmts.sightings.all({
      match: query.match,
      app: query.app ?? null,
      fromMs: query.fromMs ?? Number.MIN_SAFE_INTEGER,
      toMs: query.toMs ?? Number.MAX_SAFE_INTEGER,
      upToId: query.upToId,
    }) as SightingRow[];
    const more = rows.length > SIGHTINGS_WINDOW;
    if (more) rows.pop();
    return {
      more,
      rows: rows.map((r) => ({
        id: r.id,
        atMs: r.at_ms,
        app: r.app,
        title: r.title,
        monitor: r.monitor,
        deviceKey: r.device,
        snippet: r.snippet,
        score: -r.rank,
      })),
    };
  }

  /** The label of each device's rows (undefined while the profile holds one device's work). */
  deviceLabels(): DeviceLabels {
    return this.devices.labels();
  }

  /** The id of the newest row (0 when there is none): where a search's pages stop reading. */
  newestId(): number {
    return (this.stmts.idSpan.get() as { hi: number | null }).hi ?? 0;
  }

  /** The best passage of one frame's own text for a MATCH expression it satisfies. */
  private snippetOf(match: string, id: number, fromNewest: boolean): string {
    const statement = fromNewest ? this.stmts.snippetFromNewest : this.stmts.snippetFromOldest;
    const row = statement.get({ match, id }) as { id: number; snippet: string } | undefined;
    return row?.id === id ? row.snippet : '';
  }

  /** Text seen in a time window, newest first (what recall reads of a stretch of the day). */
  textBetween(fromMs: number, toMs: number, limit = 50): ScreenTextEntry[] {
    const labels = this.devices.labels();
    return (this.stmts.between.all(fromMs, toMs, limit) as EntryRow[]).map((row) => toEntry(row, labels));
  }

  /** Rows stored after row `afterId`, oldest first, every device's, with their device key (what the work-item index reads next). */
  rowsAfter(afterId: number, limit: number): (ScreenTextEntry & { readonly deviceKey: number })[] {
    return (this.stmts.rowsAfterId.all(afterId, limit) as EntryRow[]).map((row) => ({ ...toEntry(row), deviceKey: row.device }));
  }

  /** When the same device next read any text after `atMs` (null while none was read since). */
  nextReadAt(device: number, atMs: number): number | null {
    return (this.stmts.nextOfDevice.get(device, atMs) as { at: number } | undefined)?.at ?? null;
  }

  /** The newest text read on this device in `app` between `fromMs` and `toMs` (what the task theory quotes). */
  latestTextOf(app: string, fromMs: number, toMs: number): string | null {
    return (this.stmts.latestOfApp.get(app, fromMs, toMs) as { text: string } | undefined)?.text ?? null;
  }

  get(id: number): ScreenTextEntry | null {
    const row = this.stmts.byId.get(id) as EntryRow | undefined;
    return row ? toEntry(row, this.devices.labels()) : null;
  }

  /**
   * The text on screen at `atMs` in a window: the newest row read by then, when it is that window's.
   * OCR stores a window's text again only when it changes, so the row may be older than the window's
   * latest focus (a return after a break shows the same text).
   */
  textOfWindowAt(atMs: number, app: string, title: string): ScreenTextEntry | null {
    const row = this.latestAt(atMs);
    return row && row.app === app && row.title === title ? row : null;
  }

  /** The newest row read at or before `atMs`, of any window. */
  latestAt(atMs: number): ScreenTextEntry | null {
    const row = this.stmts.atOrBefore.get(atMs) as EntryRow | undefined;
    return row ? toEntry(row, this.devices.labels()) : null;
  }

  /** The rows read just before and just after a moment. */
  neighbours(atMs: number): { before: ScreenTextEntry | null; after: ScreenTextEntry | null } {
    const before = this.stmts.before.get(atMs) as EntryRow | undefined;
    const after = this.stmts.after.get(atMs) as EntryRow | undefined;
    const labels = this.devices.labels();
    return { before: before ? toEntry(before, labels) : null, after: after ? toEntry(after, labels) : null };
  }

  /** Deletes this device's text of frames taken inside a window (a replayed day played again); returns how many rows went. */
  deleteBetween(window: { startMs: number; endMs: number }): number {
    return this.stmts.deleteBetween.run(window.startMs, window.endMs).changes;
  }

  /** Retention: deletes text of frames taken before `olderThanMs`; returns how many rows went. */
  pruneScreenText(olderThanMs: number): number {
    return this.stmts.prune.run(olderThanMs).changes;
  }

  /** Deletes up to `limit` of the oldest rows taken before `beforeMs` (the disk budget's step); returns how many. */
  pruneOldest(beforeMs: number, limit: number): number {
    const removed = this.stmts.pruneOldest.run(beforeMs, limit).changes;
    if (removed > 0) this.stmts.mergeIndex.run();
    return removed;
  }

  /** When the oldest stored text was read; null when there is none. */
  oldestAtMs(): number | null {
    return (this.stmts.oldest.get() as { at: number | null }).at;
  }

  /** Whether any text read on screen holds a word (by the index's stem: "invoices" holds "invoice"). */
  holdsWord(word: string): boolean {
    if (!/^[\p{L}\p{N}]+$/u.test(word)) return false;
    return this.stmts.holdsWord.get(`"${word}"`) !== undefined;
  }

  count(): number {
    return (this.stmts.count.get() as { n: number }).n;
  }
}

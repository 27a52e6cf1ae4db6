import type { Db } from '../database';

export interface ScreenTextInput {
  readonly atMs: number;
  readonly app: string;
  readonly title: string;
  readonly text: string;
}

export interface ScreenTextEntry extends ScreenTextInput {
  readonly id: number;
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
}

interface HitRow {
  id: number;
  at_ms: number;
  app: string;
  title: string;
  snippet: string;
  rank: number;
}

const toEntry = (row: EntryRow): ScreenTextEntry => ({ id: row.id, atMs: row.at_ms, app: row.app, title: row.title, text: row.text });

/** OCR text of kept frames, searchable with FTS5 (see migration 005 for the table layout). */
export class ScreenTextRepository {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare(`INSERT INTO screen_text_entries (at_ms, app, title, text) VALUES (?, ?, ?, ?) RETURNING id`),
      // Column weights for bm25 (text, title, app): a word in the window title says more about a
      // frame than the same word somewhere in its OCR text; the app name is the weakest signal.
      search: db.prepare(`
        SELECT e.id, e.at_ms, e.app, e.title,
               snippet(screen_text, -1, '**', '**', '…', 16) AS snippet,
               bm25(screen_text, 1.0, 2.0, 0.5) AS rank
        FROM screen_text
        JOIN screen_text_entries e ON e.id = screen_text.rowid
        WHERE screen_text MATCH @match
          AND (@app IS NULL OR e.app = @app COLLATE NOCASE)
          AND e.at_ms >= @fromMs AND e.at_ms < @toMs
        ORDER BY rank, e.at_ms DESC
        LIMIT @limit`),
      between: db.prepare(
        `SELECT * FROM screen_text_entries WHERE at_ms >= ? AND at_ms < ? ORDER BY at_ms DESC, id DESC LIMIT ?`,
      ),
      latestOfApp: db.prepare(
        `SELECT text FROM screen_text_entries WHERE app = ? AND at_ms >= ? AND at_ms <= ? ORDER BY at_ms DESC, id DESC LIMIT 1`,
      ),
      prune: db.prepare(`DELETE FROM screen_text_entries WHERE at_ms < ?`),
      count: db.prepare(`SELECT COUNT(*) AS n FROM screen_text_entries`),
    };
  }

  insert(entry: ScreenTextInput): number {
    return (this.stmts.insert.get(entry.atMs, entry.app, entry.title, entry.text) as { id: number }).id;
  }

  search(query: ScreenTextSearch): ScreenTextHit[] {
    const rows = this.stmts.search.all({
      match: query.match,
      app: query.app ?? null,
      fromMs: query.fromMs ?? Number.MIN_SAFE_INTEGER,
      toMs: query.toMs ?? Number.MAX_SAFE_INTEGER,
      limit: query.limit,
    }) as HitRow[];
    return rows.map((r) => ({ id: r.id, atMs: r.at_ms, app: r.app, title: r.title, snippet: r.snippet, score: -r.rank }));
  }

  /** Text seen in a time window, newest first (what the memory layer reads for recent activity). */
  textBetween(fromMs: number, toMs: number, limit = 50): ScreenTextEntry[] {
    return (this.stmts.between.all(fromMs, toMs, limit) as EntryRow[]).map(toEntry);
  }

  /** The newest text read in `app` between `fromMs` and `toMs` (what the task theory quotes). */
  latestTextOf(app: string, fromMs: number, toMs: number): string | null {
    return (this.stmts.latestOfApp.get(app, fromMs, toMs) as { text: string } | undefined)?.text ?? null;
  }

  /** Retention: deletes text of frames taken before `olderThanMs`; returns how many rows went. */
  pruneScreenText(olderThanMs: number): number {
    return this.stmts.prune.run(olderThanMs).changes;
  }

  count(): number {
    return (this.stmts.count.get() as { n: number }).n;
  }
}

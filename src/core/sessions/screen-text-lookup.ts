import { iso } from '../clock';
import type { Db } from '../store/database';
import { ftsQuery } from '../store/repositories/session-repository';
import type { ScreenHit } from '../../shared/contract/sessions';

const hasTable = (db: Db, name: string): boolean =>
  db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(name) !== undefined;

/**
 * Text read from the screen (the OCR feature's `screen_text` index), newest first. Empty when
 * that feature has not stored anything in this database.
 */
export function searchScreenText(db: Db, query: string, limit: number, window?: { startMs: number; endMs: number }): ScreenHit[] {
  const match = ftsQuery(query);
  if (!match || !hasTable(db, 'screen_text') || !hasTable(db, 'screen_text_entries')) return [];
  const rows = db
    .prepare(
      `SELECT e.at_ms, e.app, e.title, snippet(screen_text, 0, '«', '»', '…', 10) AS snippet
       FROM screen_text JOIN screen_text_entries e ON e.id = screen_text.rowid
       WHERE screen_text MATCH @match AND (@start IS NULL OR e.at_ms >= @start) AND (@end IS NULL OR e.at_ms < @end)
       ORDER BY e.at_ms DESC LIMIT @limit`,
    )
    .all({ match, start: window?.startMs ?? null, end: window?.endMs ?? null, limit }) as {
    at_ms: number;
    app: string;
    title: string;
    snippet: string;
  }[];
  return rows.map((r) => ({ at: iso(r.at_ms), app: r.app, title: r.title, snippet: r.snippet }));
}

export const screenTextAvailable = (db: Db): boolean => hasTable(db, 'screen_text_entries');

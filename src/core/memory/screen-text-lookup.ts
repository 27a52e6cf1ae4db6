import type { Db } from '../store/database';

/**
 * Recent OCR text of a window, when the OCR feature's table exists (it is optional to memory):
 * the newest entry for the app within `withinMs`.
 */
export function createScreenTextLookup(db: Db): (app: string, atMs: number, withinMs?: number) => string | null {
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'screen_text_entries'`).get();
  if (!exists) return () => null;
  const stmt = db.prepare(`SELECT text FROM screen_text_entries WHERE app = ? AND at_ms <= ? AND at_ms >= ? ORDER BY at_ms DESC LIMIT 1`);
  return (app, atMs, withinMs = 5 * 60_000) => {
    const row = stmt.get(app, atMs, atMs - withinMs) as { text: string } | undefined;
    return row ? row.text : null;
  };
}

/** The first words of OCR text, on one line. */
export function screenTextExcerpt(text: string, words = 25): string {
  return text.replace(/\s+/g, ' ').trim().split(' ').slice(0, words).join(' ');
}

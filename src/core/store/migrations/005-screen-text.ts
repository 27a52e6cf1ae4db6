import type { Migration } from './types';

/**
 * OCR text of kept frames. `screen_text_entries` is the row of record (time, app, title, text) with
 * ordinary indexes for the time-range filters and the retention delete; `screen_text` is an
 * external-content FTS5 index over it. External content rather than a plain FTS table because
 * the time and app filters and retention need B-tree indexes (an FTS table can only scan its
 * UNINDEXED columns) and the text is then stored once, not twice. Triggers keep the index in step
 * with every insert and delete, so pruning the entries prunes the index.
 */
export const migration005: Migration = {
  version: 5,
  name: 'screen text: OCR of kept frames with an FTS5 index',
  up: `
    CREATE TABLE screen_text_entries (
      id    INTEGER PRIMARY KEY,
      at_ms INTEGER NOT NULL,
      app   TEXT NOT NULL,
      title TEXT NOT NULL,
      text  TEXT NOT NULL
    ) STRICT;
    CREATE INDEX screen_text_entries_time ON screen_text_entries(at_ms);
    CREATE INDEX screen_text_entries_app_time ON screen_text_entries(app COLLATE NOCASE, at_ms);

    CREATE VIRTUAL TABLE screen_text USING fts5(
      text, title, app,
      content = 'screen_text_entries',
      content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER screen_text_entries_ai AFTER INSERT ON screen_text_entries BEGIN
      INSERT INTO screen_text(rowid, text, title, app) VALUES (new.id, new.text, new.title, new.app);
    END;
    CREATE TRIGGER screen_text_entries_ad AFTER DELETE ON screen_text_entries BEGIN
      INSERT INTO screen_text(screen_text, rowid, text, title, app) VALUES ('delete', old.id, old.text, old.title, old.app);
    END;
  `,
};

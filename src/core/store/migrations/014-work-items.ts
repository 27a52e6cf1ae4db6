import type { Migration } from './types';

/**
 * Work items (src/core/understanding/): the things a person works on, read from window titles and screen
 * text by general rules, so answers look them up instead of reading the day again per question.
 * - `work_items`: one row per thing (kind and key: `identifier` / `invoice:5102`), named as it reads best.
 * - `work_item_sightings`: where and when it was seen: the span whose title named it, or the screen-text
 *   row that showed it, from `at_ms` until the window lost the focus or its text changed, with the role a
 *   label gave it ("reported by"), an amount's or a date's label, a state seen with it and the line.
 *   Derived from rows of other tables, never synced: each device reads its own and what it imported.
 * - `work_item_progress`: the last span and screen-text row read, per source.
 * A sighting goes with the row it was read from (retention, the storage budget, a replay played again):
 * triggers delete it, and move the progress back to the highest row left, so ids a later insert reuses
 * (SQLite reuses the highest rowid once it is gone) are read again.
 */
export const migration014: Migration = {
  version: 14,
  name: 'understanding: work items and where they were seen',
  up: `
    CREATE TABLE work_items (
      id    INTEGER PRIMARY KEY,
      kind  TEXT NOT NULL CHECK (kind IN ('identifier', 'person', 'organization', 'amount', 'date', 'host', 'document', 'link', 'email', 'channel')),
      key   TEXT NOT NULL,
      name  TEXT NOT NULL,
      UNIQUE (kind, key)
    ) STRICT;

    CREATE TABLE work_item_sightings (
      id        INTEGER PRIMARY KEY,
      item_id   INTEGER NOT NULL REFERENCES work_items(id) ON DELETE CASCADE,
      device    INTEGER NOT NULL DEFAULT 1,
      source    TEXT NOT NULL CHECK (source IN ('title', 'screen')),
      ref_id    INTEGER NOT NULL,
      at_ms     INTEGER NOT NULL,
      until_ms  INTEGER NOT NULL,
      app       TEXT NOT NULL,
      title     TEXT NOT NULL,
      name      TEXT NOT NULL,
      role      TEXT NOT NULL DEFAULT '',
      label     TEXT NOT NULL DEFAULT '',
      state     TEXT NOT NULL DEFAULT '',
      line      TEXT NOT NULL,
      UNIQUE (item_id, source, ref_id, role),
      CHECK (until_ms >= at_ms)
    ) STRICT;
    CREATE INDEX work_item_sightings_time ON work_item_sightings(at_ms);
    CREATE INDEX work_item_sightings_item ON work_item_sightings(item_id, at_ms);
    CREATE INDEX work_item_sightings_ref ON work_item_sightings(source, ref_id);

    CREATE TABLE work_item_progress (
      source  TEXT PRIMARY KEY CHECK (source IN ('title', 'screen')),
      last_id INTEGER NOT NULL
    ) STRICT;
    INSERT INTO work_item_progress (source, last_id) VALUES ('title', 0), ('screen', 0);

    CREATE TRIGGER work_item_sightings_screen_gone AFTER DELETE ON screen_text_entries BEGIN
      DELETE FROM work_item_sightings WHERE source = 'screen' AND ref_id = OLD.id;
      UPDATE work_item_progress SET last_id = (SELECT IFNULL(MAX(id), 0) FROM screen_text_entries)
      WHERE source = 'screen' AND last_id > (SELECT IFNULL(MAX(id), 0) FROM screen_text_entries);
    END;
    CREATE TRIGGER work_item_sightings_span_gone AFTER DELETE ON activity_spans BEGIN
      DELETE FROM work_item_sightings WHERE source = 'title' AND ref_id = OLD.id;
      UPDATE work_item_progress SET last_id = (SELECT IFNULL(MAX(id), 0) FROM activity_spans)
      WHERE source = 'title' AND last_id > (SELECT IFNULL(MAX(id), 0) FROM activity_spans);
    END;
  `,
};

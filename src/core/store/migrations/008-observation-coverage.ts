import type { Migration } from './types';

/**
 * The honest engine (issue 13):
 * - `observation_coverage`: when observation really ran, and why it did not. One row per stretch of the
 *   same reason, written when the observer's state changes and extended in place (never a row per poll);
 *   time without any row is time the app was not running.
 * - `storage_probe`: one row the engine rewrites to learn whether the profile can be written again after
 *   a write failed (disk full, read-only folder).
 * - Activity spans never overlap: a day's active + idle + private time then stays within its wall-clock
 *   span whatever is replayed or recorded twice. Checked on every write with two index lookups (the
 *   latest span starting at or before the new one, and any span starting inside it), which is exact
 *   because the table never holds an overlap.
 */
export const migration008: Migration = {
  version: 8,
  name: 'observation coverage, storage probe, non-overlapping activity spans',
  up: `
    CREATE TABLE observation_coverage (
      id        INTEGER PRIMARY KEY,
      start_ms  INTEGER NOT NULL,
      end_ms    INTEGER NOT NULL,
      reason    TEXT NOT NULL CHECK (reason IN (
                  'observing', 'idle', 'private', 'paused', 'locked', 'no_display', 'capture_error', 'storage_error')),
      detail    TEXT,
      source    TEXT NOT NULL CHECK (source IN ('desktop', 'replay')),
      CHECK (end_ms >= start_ms)
    ) STRICT;
    CREATE INDEX observation_coverage_time ON observation_coverage(start_ms, end_ms);

    CREATE TABLE storage_probe (
      id    INTEGER PRIMARY KEY CHECK (id = 1),
      at_ms INTEGER NOT NULL
    ) STRICT;

    CREATE TRIGGER activity_spans_no_overlap_insert BEFORE INSERT ON activity_spans
    WHEN EXISTS (
      SELECT 1 FROM activity_spans WHERE start_ms >= NEW.start_ms AND start_ms < NEW.end_ms AND end_ms > start_ms
    ) OR (
      SELECT end_ms FROM activity_spans WHERE start_ms <= NEW.start_ms ORDER BY start_ms DESC, end_ms DESC LIMIT 1
    ) > NEW.start_ms
    BEGIN
      SELECT RAISE(ABORT, 'activity spans may not overlap: this time is already recorded');
    END;

    CREATE TRIGGER activity_spans_no_overlap_update BEFORE UPDATE OF start_ms, end_ms ON activity_spans
    WHEN EXISTS (
      SELECT 1 FROM activity_spans
      WHERE id != NEW.id AND start_ms >= NEW.start_ms AND start_ms < NEW.end_ms AND end_ms > start_ms
    ) OR (
      SELECT end_ms FROM activity_spans
      WHERE id != NEW.id AND start_ms <= NEW.start_ms ORDER BY start_ms DESC, end_ms DESC LIMIT 1
    ) > NEW.start_ms
    BEGIN
      SELECT RAISE(ABORT, 'activity spans may not overlap: this time is already recorded');
    END;
  `,
};

import type { Migration } from './types';

/**
 * Coverage says why the desktop could not be observed in three more cases (issue 26): `display_lost`
 * (the X display went away while the engine ran), `suspended` (the computer slept, or the engine's
 * process was stopped: a stall between two polls) and `clock_changed` (the wall clock was set forward,
 * over time that never passed, or back, over time already recorded). SQLite cannot widen a CHECK in
 * place, so the table is rebuilt with its rows and index.
 */
export const migration015: Migration = {
  version: 15,
  name: 'coverage: display lost, suspended, clock changed',
  up: `
    CREATE TABLE observation_coverage_new (
      id        INTEGER PRIMARY KEY,
      start_ms  INTEGER NOT NULL,
      end_ms    INTEGER NOT NULL,
      reason    TEXT NOT NULL CHECK (reason IN (
                  'observing', 'idle', 'private', 'paused', 'locked', 'no_display', 'capture_error', 'storage_error',
                  'display_lost', 'suspended', 'clock_changed')),
      detail    TEXT,
      source    TEXT NOT NULL CHECK (source IN ('desktop', 'replay')),
      CHECK (end_ms >= start_ms)
    ) STRICT;
    INSERT INTO observation_coverage_new (id, start_ms, end_ms, reason, detail, source)
      SELECT id, start_ms, end_ms, reason, detail, source FROM observation_coverage;
    DROP TABLE observation_coverage;
    ALTER TABLE observation_coverage_new RENAME TO observation_coverage;
    CREATE INDEX observation_coverage_time ON observation_coverage(start_ms, end_ms);
  `,
};

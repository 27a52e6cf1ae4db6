import type { Migration } from './types';

export const migration001: Migration = {
  version: 1,
  name: 'observation: work sessions and activity spans',
  up: `
    CREATE TABLE work_sessions (
      id          INTEGER PRIMARY KEY,
      started_at  INTEGER NOT NULL,
      ended_at    INTEGER,
      status      TEXT NOT NULL CHECK (status IN ('active', 'completed', 'interrupted')),
      source      TEXT NOT NULL CHECK (source IN ('desktop', 'replay')),
      end_reason  TEXT
    ) STRICT;
    CREATE INDEX work_sessions_started ON work_sessions(started_at);

    -- Window observations merged into spans (heartbeat merge): one row per stretch of the same
    -- app and title, or of idle/private time, never one row per poll.
    CREATE TABLE activity_spans (
      id              INTEGER PRIMARY KEY,
      work_session_id INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE,
      kind            TEXT NOT NULL CHECK (kind IN ('app', 'idle', 'private')),
      app             TEXT,
      title           TEXT,
      start_ms        INTEGER NOT NULL,
      end_ms          INTEGER NOT NULL,
      CHECK (end_ms >= start_ms)
    ) STRICT;
    CREATE INDEX activity_spans_time ON activity_spans(start_ms, end_ms);
    CREATE INDEX activity_spans_session ON activity_spans(work_session_id);
  `,
};

import type { Migration } from './types';

export const migration004: Migration = {
  version: 4,
  name: 'session context sets and stored outputs',
  up: `
    -- One row per session: set name -> items, as a JSON object (at most 10 items a set, 50 in all).
    CREATE TABLE session_context (
      session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      sets       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(sets) AND json_type(sets) = 'object'),
      updated_at INTEGER NOT NULL
    ) STRICT;

    -- What display tools showed the user (file view, command output, image, embed); turns point at
    -- them with [output:<id>] markers. Deleted with their session and after outputRetentionDays.
    CREATE TABLE outputs (
      id         TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      turn       INTEGER CHECK (turn IS NULL OR turn >= 1),
      kind       TEXT NOT NULL CHECK (kind IN ('file', 'command', 'image', 'embed', 'raw')),
      mime_type  TEXT NOT NULL,
      metadata   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
      data       BLOB NOT NULL,
      size       INTEGER NOT NULL CHECK (size >= 0),
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX outputs_session ON outputs(session_id, created_at);
    CREATE INDEX outputs_created ON outputs(created_at);
  `,
};

import type { Migration } from './types';

/**
 * One memory across a person's computers (issue 17, docs/sync.md):
 * - `devices`: the devices whose work this profile holds. Key 1 is always this profile's own device; its
 *   id is drawn once here (64 random bits as hex), so it is stable for the life of the profile. Other
 *   devices are added when their first segment is imported.
 * - `device` on every row that describes observed work (work sessions, spans, tasks, summaries,
 *   questions, screen text, conversations): 1 for this device's own rows (the default, so every writer
 *   that existed before stays as it was), another key for rows imported read-only from that device.
 *   Turns and context sets belong to their conversation's device.
 * - Spans may not overlap *on one device*: two computers used at the same time both hold that time.
 * - `sync_outbox`: which of this device's rows changed since they were last written to the sync
 *   folder, one entry per row (a row changed ten times is written once). Filled by triggers, only while
 *   `sync_state.outbox` is on, so a profile without a sync folder keeps no log. The sequence never goes
 *   back (AUTOINCREMENT): it is the revision other devices compare, so an older state never wins.
 * - `sync_rows`: for each imported row, its id on its own device, its id here and the revision applied
 *   (a null local id is a row its device deleted), so a segment seen twice changes nothing.
 * - `sync_segments`: each segment of another device that was applied, or failed and why.
 */
const OUTBOX_ON = `(SELECT outbox FROM sync_state WHERE id = 1) = 1`;

interface Logged {
  readonly kind: string;
  readonly table: string;
  /** The row's key in the table. */
  readonly key: string;
  /** SQL true when the row (NEW or OLD, as `$`) is this device's own. */
  readonly local: (row: string) => string;
  /** SQL true when a deleted row's parent still exists (a cascade from a deleted parent is not logged: the parent's delete says it). */
  readonly parentAlive?: (row: string) => string;
}

const own = (row: string): string => `${row}.device = 1`;
const ofLocalSession = (row: string): string => `(SELECT device FROM sessions WHERE id = ${row}.session_id) = 1`;
const workSessionAlive = (row: string): string => `EXISTS (SELECT 1 FROM work_sessions WHERE id = ${row}.work_session_id)`;

const LOGGED: readonly Logged[] = [
  { kind: 'work_session', table: 'work_sessions', key: 'id', local: own },
  { kind: 'span', table: 'activity_spans', key: 'id', local: own, parentAlive: workSessionAlive },
  { kind: 'task', table: 'tasks', key: 'id', local: own, parentAlive: workSessionAlive },
  { kind: 'summary', table: 'work_session_summaries', key: 'id', local: own, parentAlive: workSessionAlive },
  { kind: 'question', table: 'questions', key: 'id', local: own },
  { kind: 'screen_text', table: 'screen_text_entries', key: 'id', local: own },
  { kind: 'session', table: 'sessions', key: 'id', local: own },
  { kind: 'turn', table: 'turns', key: 'id', local: ofLocalSession },
  { kind: 'session_context', table: 'session_context', key: 'session_id', local: ofLocalSession },
];

function outboxTriggers(t: Logged): string {
  const log = (row: string): string => `INSERT OR REPLACE INTO sync_outbox (kind, row_id) VALUES ('${t.kind}', ${row}.${t.key});`;
  const deleted = [t.local('OLD'), t.parentAlive?.('OLD'), OUTBOX_ON].filter(Boolean).join(' AND ');
  return `
    CREATE TRIGGER sync_outbox_${t.table}_insert AFTER INSERT ON ${t.table} WHEN ${t.local('NEW')} AND ${OUTBOX_ON}
    BEGIN ${log('NEW')} END;
    CREATE TRIGGER sync_outbox_${t.table}_update AFTER UPDATE ON ${t.table} WHEN ${t.local('NEW')} AND ${OUTBOX_ON}
    BEGIN ${log('NEW')} END;
    CREATE TRIGGER sync_outbox_${t.table}_delete AFTER DELETE ON ${t.table} WHEN ${deleted}
    BEGIN ${log('OLD')} END;`;
}

export const migration012: Migration = {
  version: 12,
  name: 'sync: devices, the device of each row, outbox log, imported rows and segments',
  up: `
    CREATE TABLE devices (
      key             INTEGER PRIMARY KEY,
      id              TEXT NOT NULL UNIQUE CHECK (id GLOB '[0-9a-f]*' AND length(id) = 16),
      name            TEXT NOT NULL CHECK (length(name) <= 64),
      -- Other devices: the newest segment their manifest lists, every segment up to this one is applied,
      -- and when this profile last imported from them.
      latest_seq      INTEGER NOT NULL DEFAULT 0,
      applied_through INTEGER NOT NULL DEFAULT 0,
      last_import_at  INTEGER
    ) STRICT;
    INSERT INTO devices (key, id, name) VALUES (1, lower(hex(randomblob(8))), '');

    ALTER TABLE work_sessions ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE activity_spans ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE tasks ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE work_session_summaries ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE questions ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE screen_text_entries ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE sessions ADD COLUMN device INTEGER NOT NULL DEFAULT 1;
    -- A conversation of another device resumed here is continued in a copy of this device's own.
    ALTER TABLE sessions ADD COLUMN continues TEXT;

    CREATE INDEX activity_spans_device_time ON activity_spans(device, start_ms, end_ms);
    CREATE INDEX work_sessions_device ON work_sessions(device, status);
    CREATE INDEX sessions_device ON sessions(device, status);

    DROP TRIGGER activity_spans_no_overlap_insert;
    DROP TRIGGER activity_spans_no_overlap_update;
    CREATE TRIGGER activity_spans_no_overlap_insert BEFORE INSERT ON activity_spans
    WHEN EXISTS (
      SELECT 1 FROM activity_spans
      WHERE device = NEW.device AND start_ms >= NEW.start_ms AND start_ms < NEW.end_ms AND end_ms > start_ms
    ) OR (
      SELECT end_ms FROM activity_spans
      WHERE device = NEW.device AND start_ms <= NEW.start_ms ORDER BY start_ms DESC, end_ms DESC LIMIT 1
    ) > NEW.start_ms
    BEGIN
      SELECT RAISE(ABORT, 'activity spans may not overlap: this time is already recorded');
    END;
    CREATE TRIGGER activity_spans_no_overlap_update BEFORE UPDATE OF start_ms, end_ms ON activity_spans
    WHEN EXISTS (
      SELECT 1 FROM activity_spans
      WHERE device = NEW.device AND id != NEW.id AND start_ms >= NEW.start_ms AND start_ms < NEW.end_ms AND end_ms > start_ms
    ) OR (
      SELECT end_ms FROM activity_spans
      WHERE device = NEW.device AND id != NEW.id AND start_ms <= NEW.start_ms ORDER BY start_ms DESC, end_ms DESC LIMIT 1
    ) > NEW.start_ms
    BEGIN
      SELECT RAISE(ABORT, 'activity spans may not overlap: this time is already recorded');
    END;

    CREATE TABLE sync_state (
      id           INTEGER PRIMARY KEY CHECK (id = 1),
      outbox       INTEGER NOT NULL DEFAULT 0 CHECK (outbox IN (0, 1)),
      -- The kinds shared when the outbox last ran (JSON array), to notice one turned on or off.
      shared_kinds TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(shared_kinds)),
      next_seq     INTEGER NOT NULL DEFAULT 1 CHECK (next_seq >= 1),
      last_export_at INTEGER
    ) STRICT;
    INSERT INTO sync_state (id) VALUES (1);

    CREATE TABLE sync_outbox (
      seq    INTEGER PRIMARY KEY AUTOINCREMENT,
      kind   TEXT NOT NULL,
      row_id ANY NOT NULL,
      UNIQUE (kind, row_id)
    ) STRICT;

    CREATE TABLE sync_rows (
      device    INTEGER NOT NULL,
      kind      TEXT NOT NULL,
      origin_id ANY NOT NULL,
      local_id  ANY,
      rev       INTEGER NOT NULL,
      PRIMARY KEY (device, kind, origin_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE sync_segments (
      device  INTEGER NOT NULL,
      seq     INTEGER NOT NULL,
      state   TEXT NOT NULL CHECK (state IN ('applied', 'failed', 'waiting')),
      sha256  TEXT,
      bytes   INTEGER NOT NULL DEFAULT 0,
      records INTEGER NOT NULL DEFAULT 0,
      detail  TEXT,
      at_ms   INTEGER NOT NULL,
      PRIMARY KEY (device, seq)
    ) STRICT, WITHOUT ROWID;
    ${LOGGED.map(outboxTriggers).join('\n')}
  `,
};

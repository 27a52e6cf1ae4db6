import type { Migration } from './types';

export const migration003: Migration = {
  version: 3,
  name: 'sessions: conversations, turns, title history and turn search',
  up: `
    CREATE TABLE sessions (
      id                 TEXT PRIMARY KEY,
      type               TEXT NOT NULL DEFAULT 'chat',
      title              TEXT NOT NULL DEFAULT '' CHECK (length(title) <= 60),
      status             TEXT NOT NULL CHECK (status IN ('active', 'paused', 'completed', 'interrupted')),
      created_at         INTEGER NOT NULL,
      last_active_at     INTEGER NOT NULL,
      model              TEXT,
      tools              TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tools)),
      system_prompt_hash TEXT,
      context_summary    TEXT NOT NULL DEFAULT '',
      token_count        INTEGER NOT NULL DEFAULT 0,
      turn_count         INTEGER NOT NULL DEFAULT 0,
      -- Set when the user said something like "let's stop here"; the next "yes" pauses.
      pause_requested    INTEGER NOT NULL DEFAULT 0 CHECK (pause_requested IN (0, 1)),
      paused_at          INTEGER
    ) STRICT;
    CREATE INDEX sessions_last_active ON sessions(last_active_at DESC);
    CREATE INDEX sessions_status ON sessions(status);

    -- Newest first when read by changed_at DESC, id DESC; the repository keeps at most 20 per session.
    CREATE TABLE session_title_history (
      id         INTEGER PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      title      TEXT NOT NULL CHECK (length(title) <= 60),
      changed_at INTEGER NOT NULL,
      turn       INTEGER NOT NULL CHECK (turn >= 1)
    ) STRICT;
    CREATE INDEX session_title_history_session ON session_title_history(session_id, id DESC);

    CREATE TABLE turns (
      id            INTEGER PRIMARY KEY,
      session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      number        INTEGER NOT NULL CHECK (number >= 1),
      prompt        TEXT NOT NULL,
      reply         TEXT NOT NULL DEFAULT '',
      app           TEXT,
      window_title  TEXT,
      prompt_tokens INTEGER NOT NULL DEFAULT 0,
      reply_tokens  INTEGER NOT NULL DEFAULT 0,
      summary       TEXT CHECK (summary IS NULL OR length(summary) <= 100),
      summary_source TEXT CHECK (summary_source IS NULL OR summary_source IN ('llm', 'extractive')),
      engine        TEXT NOT NULL DEFAULT 'offline' CHECK (engine IN ('llm', 'offline', 'command')),
      status        TEXT NOT NULL CHECK (status IN ('streaming', 'complete', 'failed', 'interrupted')),
      created_at    INTEGER NOT NULL,
      completed_at  INTEGER,
      UNIQUE (session_id, number)
    ) STRICT;
    CREATE INDEX turns_created ON turns(created_at);

    CREATE VIRTUAL TABLE turns_fts USING fts5(
      prompt, reply, summary,
      content = 'turns', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER turns_fts_insert AFTER INSERT ON turns BEGIN
      INSERT INTO turns_fts(rowid, prompt, reply, summary) VALUES (new.id, new.prompt, new.reply, new.summary);
    END;
    CREATE TRIGGER turns_fts_delete AFTER DELETE ON turns BEGIN
      INSERT INTO turns_fts(turns_fts, rowid, prompt, reply, summary)
        VALUES ('delete', old.id, old.prompt, old.reply, old.summary);
    END;
    CREATE TRIGGER turns_fts_update AFTER UPDATE OF prompt, reply, summary ON turns BEGIN
      INSERT INTO turns_fts(turns_fts, rowid, prompt, reply, summary)
        VALUES ('delete', old.id, old.prompt, old.reply, old.summary);
      INSERT INTO turns_fts(rowid, prompt, reply, summary) VALUES (new.id, new.prompt, new.reply, new.summary);
    END;
  `,
};

import type { Migration } from './types';

/**
 * Memory: tasks cut from the activity stream, the current task theory, rolling and final work
 * session summaries (finals are the history), clarifying questions, the onboarding interview
 * (baseline) and a receipt of what each LLM call was given.
 */
export const migration002: Migration = {
  version: 2,
  name: 'memory: tasks, theories, summaries, questions, interview, context receipts',
  up: `
    CREATE TABLE tasks (
      id              INTEGER PRIMARY KEY,
      work_session_id INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE,
      name            TEXT NOT NULL,
      start_ms        INTEGER NOT NULL,
      end_ms          INTEGER NOT NULL,
      is_open         INTEGER NOT NULL CHECK (is_open IN (0, 1)),
      apps            TEXT NOT NULL,
      titles          TEXT NOT NULL,
      switches        INTEGER NOT NULL,
      brief           TEXT NOT NULL,
      CHECK (end_ms >= start_ms),
      UNIQUE (work_session_id, start_ms)
    ) STRICT;
    CREATE INDEX tasks_name ON tasks(name);
    CREATE INDEX tasks_start ON tasks(start_ms);

    CREATE TABLE task_theories (
      id              INTEGER PRIMARY KEY,
      work_session_id INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE,
      at_ms           INTEGER NOT NULL,
      text            TEXT NOT NULL,
      engine          TEXT NOT NULL CHECK (engine IN ('openai', 'offline')),
      fallback_reason TEXT
    ) STRICT;
    CREATE INDEX task_theories_session ON task_theories(work_session_id, at_ms);

    CREATE TABLE work_session_summaries (
      id              INTEGER PRIMARY KEY,
      work_session_id INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE,
      at_ms           INTEGER NOT NULL,
      kind            TEXT NOT NULL CHECK (kind IN ('rolling', 'final')),
      text            TEXT NOT NULL,
      token_count     INTEGER NOT NULL CHECK (token_count <= 500),
      engine          TEXT NOT NULL CHECK (engine IN ('openai', 'offline')),
      fallback_reason TEXT,
      duration_ms     INTEGER NOT NULL,
      tasks           TEXT NOT NULL,
      apps            TEXT NOT NULL
    ) STRICT;
    CREATE INDEX work_session_summaries_session ON work_session_summaries(work_session_id, at_ms);
    CREATE INDEX work_session_summaries_kind ON work_session_summaries(kind, at_ms);

    CREATE TABLE questions (
      id              INTEGER PRIMARY KEY,
      work_session_id INTEGER REFERENCES work_sessions(id) ON DELETE SET NULL,
      asked_at        INTEGER NOT NULL,
      text            TEXT NOT NULL,
      normalized      TEXT NOT NULL,
      trigger         TEXT NOT NULL,
      subject         TEXT NOT NULL,
      status          TEXT NOT NULL CHECK (status IN ('pending', 'answered', 'dismissed', 'snoozed')),
      snoozed_until   INTEGER,
      answer          TEXT,
      answered_at     INTEGER,
      engine          TEXT NOT NULL CHECK (engine IN ('openai', 'offline'))
    ) STRICT;
    CREATE INDEX questions_status ON questions(status, asked_at);
    CREATE INDEX questions_asked ON questions(asked_at);

    CREATE TABLE interview_answers (
      question_id TEXT PRIMARY KEY,
      answer      TEXT NOT NULL,
      updated_at  INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE interview_summary (
      id          INTEGER PRIMARY KEY CHECK (id = 1),
      text        TEXT NOT NULL,
      token_count INTEGER NOT NULL CHECK (token_count <= 500),
      edited      INTEGER NOT NULL CHECK (edited IN (0, 1)),
      engine      TEXT NOT NULL CHECK (engine IN ('openai', 'offline', 'user')),
      updated_at  INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE context_receipts (
      id              INTEGER PRIMARY KEY,
      at_ms           INTEGER NOT NULL,
      purpose         TEXT NOT NULL,
      work_session_id INTEGER REFERENCES work_sessions(id) ON DELETE SET NULL,
      engine          TEXT,
      fallback_reason TEXT,
      tokens          TEXT NOT NULL,
      image_count     INTEGER NOT NULL,
      included        TEXT NOT NULL,
      dropped         TEXT NOT NULL
    ) STRICT;
    CREATE INDEX context_receipts_at ON context_receipts(at_ms);

    -- "Is this app new?" looks up earlier spans of one app.
    CREATE INDEX activity_spans_app ON activity_spans(app, start_ms);
  `,
};

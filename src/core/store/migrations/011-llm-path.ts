import type { Migration } from './types';

/**
 * Rebuilds a memory table whose CHECK named the engine `openai`: the same columns in the same order,
 * `engine` now `llm` (rows copied with the new word, so the new CHECK holds for each).
 */
const rebuild = (
  table: string,
  columns: readonly (readonly [name: string, definition: string])[],
  engineValues: string,
  indexes: string,
): string => {
  const definitions = columns.map(([name, definition]) => `${name} ${definition}`).join(',\n      ');
  const selected = columns.map(([name]) => (name === 'engine' ? `CASE engine WHEN 'openai' THEN 'llm' ELSE engine END` : name)).join(', ');
  return `
    CREATE TABLE ${table}_011 (
      ${definitions.replace('@ENGINE', `CHECK (engine IN (${engineValues}))`)}
    ) STRICT;
    INSERT INTO ${table}_011 SELECT ${selected} FROM ${table};
    DROP TABLE ${table};
    ALTER TABLE ${table}_011 RENAME TO ${table};
    ${indexes}
  `;
};

/**
 * The LLM path (issue 18):
 * - one engine vocabulary: what a model wrote is `llm` everywhere (the API always said so; memory's
 *   tables said `openai`), stored rows migrated; SQLite cannot change a CHECK, so those tables are
 *   rebuilt with the same columns in the same order;
 * - the bytes of the images each call sent (after downscaling), in its context receipt and call record;
 * - `agent_reads`: which agent (the MCP client's name) called which tool and how much it read.
 */
export const migration011: Migration = {
  version: 11,
  name: 'llm path: one engine vocabulary, image bytes per call, agent reads',
  up: `
    ${rebuild(
      'task_theories',
      [
        ['id', 'INTEGER PRIMARY KEY'],
        ['work_session_id', 'INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE'],
        ['at_ms', 'INTEGER NOT NULL'],
        ['text', 'TEXT NOT NULL'],
        ['engine', 'TEXT NOT NULL @ENGINE'],
        ['fallback_reason', 'TEXT'],
      ],
      `'llm', 'offline'`,
      'CREATE INDEX task_theories_session ON task_theories(work_session_id, at_ms);',
    )}
    ${rebuild(
      'work_session_summaries',
      [
        ['id', 'INTEGER PRIMARY KEY'],
        ['work_session_id', 'INTEGER NOT NULL REFERENCES work_sessions(id) ON DELETE CASCADE'],
        ['at_ms', 'INTEGER NOT NULL'],
        ['kind', "TEXT NOT NULL CHECK (kind IN ('rolling', 'final'))"],
        ['text', 'TEXT NOT NULL'],
        ['token_count', 'INTEGER NOT NULL CHECK (token_count <= 500)'],
        ['engine', 'TEXT NOT NULL @ENGINE'],
        ['fallback_reason', 'TEXT'],
        ['duration_ms', 'INTEGER NOT NULL'],
        ['tasks', 'TEXT NOT NULL'],
        ['apps', 'TEXT NOT NULL'],
      ],
      `'llm', 'offline'`,
      `CREATE INDEX work_session_summaries_session ON work_session_summaries(work_session_id, at_ms);
       CREATE INDEX work_session_summaries_kind ON work_session_summaries(kind, at_ms);`,
    )}
    ${rebuild(
      'questions',
      [
        ['id', 'INTEGER PRIMARY KEY'],
        ['work_session_id', 'INTEGER REFERENCES work_sessions(id) ON DELETE SET NULL'],
        ['asked_at', 'INTEGER NOT NULL'],
        ['text', 'TEXT NOT NULL'],
        ['normalized', 'TEXT NOT NULL'],
        ['trigger', 'TEXT NOT NULL'],
        ['subject', 'TEXT NOT NULL'],
        ['status', "TEXT NOT NULL CHECK (status IN ('pending', 'answered', 'dismissed', 'snoozed'))"],
        ['snoozed_until', 'INTEGER'],
        ['answer', 'TEXT'],
        ['answered_at', 'INTEGER'],
        ['engine', 'TEXT NOT NULL @ENGINE'],
      ],
      `'llm', 'offline'`,
      `CREATE INDEX questions_status ON questions(status, asked_at);
       CREATE INDEX questions_asked ON questions(asked_at);`,
    )}
    ${rebuild(
      'interview_summary',
      [
        ['id', 'INTEGER PRIMARY KEY CHECK (id = 1)'],
        ['text', 'TEXT NOT NULL'],
        ['token_count', 'INTEGER NOT NULL CHECK (token_count <= 500)'],
        ['edited', 'INTEGER NOT NULL CHECK (edited IN (0, 1))'],
        ['engine', 'TEXT NOT NULL @ENGINE'],
        ['updated_at', 'INTEGER NOT NULL'],
      ],
      `'llm', 'offline', 'user'`,
      '',
    )}
    UPDATE context_receipts SET engine = 'llm' WHERE engine = 'openai';
    ALTER TABLE context_receipts ADD COLUMN image_bytes INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE llm_calls ADD COLUMN image_bytes INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE agent_reads (
      id        INTEGER PRIMARY KEY,
      at_ms     INTEGER NOT NULL,
      agent     TEXT NOT NULL,
      transport TEXT NOT NULL CHECK (transport IN ('stdio', 'http', 'in-memory')),
      tool      TEXT NOT NULL,
      tokens    INTEGER NOT NULL CHECK (tokens >= 0),
      bytes     INTEGER NOT NULL CHECK (bytes >= 0),
      paged     INTEGER NOT NULL CHECK (paged IN (0, 1))
    ) STRICT;
    CREATE INDEX agent_reads_at ON agent_reads(at_ms);
  `,
};

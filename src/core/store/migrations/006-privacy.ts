import type { Migration } from './types';

/**
 * What the privacy report counts (docs/privacy.md). `privacy_counts` holds per local day how many
 * strings were redacted (by kind and where), frames dropped and regions blacked out: counts only,
 * never a value. `llm_calls` is the record of each call meant for an LLM endpoint: where it went,
 * how it ended and its size in tokens and images. Private spans keep the name of the exclusion rule
 * that made them private (never the app or the title), so time in excluded windows adds up by rule.
 */
export const migration006: Migration = {
  version: 6,
  name: 'privacy: counts of what was hidden, LLM calls, exclusion rule of private time',
  up: `
    ALTER TABLE activity_spans ADD COLUMN private_reason TEXT;

    CREATE TABLE privacy_counts (
      day    TEXT NOT NULL,
      metric TEXT NOT NULL,
      count  INTEGER NOT NULL,
      PRIMARY KEY (day, metric)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE llm_calls (
      id                INTEGER PRIMARY KEY,
      at_ms             INTEGER NOT NULL,
      purpose           TEXT NOT NULL,
      endpoint          TEXT NOT NULL,
      model             TEXT,
      outcome           TEXT NOT NULL CHECK (outcome IN ('answered', 'fell-back', 'refused')),
      prompt_tokens     INTEGER NOT NULL,
      completion_tokens INTEGER NOT NULL,
      images_sent       INTEGER NOT NULL,
      images_withheld   INTEGER NOT NULL,
      redactions        INTEGER NOT NULL,
      fallback_reason   TEXT
    ) STRICT;
    CREATE INDEX llm_calls_at ON llm_calls(at_ms);
  `,
};

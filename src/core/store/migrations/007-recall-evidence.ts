import type { Migration } from './types';

/**
 * The evidence of each reply (src/shared/contract/evidence.ts): a JSON array beside the reply, written
 * with it and read with it, so a turn and its evidence never disagree.
 */
export const migration007: Migration = {
  version: 7,
  name: 'recall: the evidence of each reply',
  up: `
    ALTER TABLE turns ADD COLUMN evidence TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(evidence));
  `,
};

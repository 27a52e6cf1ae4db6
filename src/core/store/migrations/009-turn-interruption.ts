import type { Migration } from './types';

/**
 * Why a reply was interrupted (a model's stream that broke off): kept beside the partial reply, so the
 * window can say it and offer to ask again, instead of gluing an offline answer to it.
 */
export const migration009: Migration = {
  version: 9,
  name: 'sessions: why a reply was interrupted',
  up: `
    ALTER TABLE turns ADD COLUMN interrupted_reason TEXT;
  `,
};

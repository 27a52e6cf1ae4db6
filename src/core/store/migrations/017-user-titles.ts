import type { Migration } from './types';

/**
 * A title the user chose (issue 27): `title_by_user` on a conversation says its title was set by the
 * user (in the window, over the API or the CLI), so automatic titles leave it alone until the user
 * changes it again; each title history entry says whose it was. Conversations titled before this
 * version read as titled automatically.
 */
export const migration017: Migration = {
  version: 17,
  name: 'sessions: titles the user chose',
  up: `
    ALTER TABLE sessions ADD COLUMN title_by_user INTEGER NOT NULL DEFAULT 0 CHECK (title_by_user IN (0, 1));
    ALTER TABLE session_title_history ADD COLUMN by_user INTEGER NOT NULL DEFAULT 0 CHECK (by_user IN (0, 1));
  `,
};

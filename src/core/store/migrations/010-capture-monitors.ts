import type { Migration } from './types';

/**
 * Which monitor a window was on (its first screenshot's) and which monitor each row of screen text
 * was read from, now that every monitor can be captured. Null for rows written before, and for
 * sources that cannot tell (a replay of a recording without monitors).
 */
export const migration010: Migration = {
  version: 10,
  name: 'capture: the monitor of app spans and screen text',
  up: `
    ALTER TABLE activity_spans ADD COLUMN monitor TEXT;
    ALTER TABLE screen_text_entries ADD COLUMN monitor TEXT;
  `,
};

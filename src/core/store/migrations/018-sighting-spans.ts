import type { Migration } from './types';

/**
 * Reading sightings over a long time (a question about a month or a year, issue 24): an index on when a
 * sighting began and ended, so "what overlaps this window" and the work-item repository's check of which
 * days changed (count, last id and ends of each day's sightings) are read from the index alone, not from
 * every row before the window. It replaces the index on the start alone, which it begins with.
 */
export const migration018: Migration = {
  version: 18,
  name: 'understanding: sightings indexed by start and end',
  up: `
    CREATE INDEX work_item_sightings_span ON work_item_sightings(at_ms, until_ms);
    DROP INDEX work_item_sightings_time;
  `,
};

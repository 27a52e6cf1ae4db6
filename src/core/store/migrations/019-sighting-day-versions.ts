import type { Migration } from './types';

/**
 * Reading sightings over a long time (issue 24) without asking every row what changed: each UTC day of
 * sightings (`at_ms / 86400000`) has a version that triggers move on whenever one of that day's sightings
 * is written, read again, moved or deleted (by any connection, and by the pruning triggers of 014), and one
 * version moves on whenever an item's name changes. The work-item repository keeps a day's sightings read
 * while its version and the names' version stand, so a question about a year reads a few hundred numbers
 * to learn which days to read again, not the index of every sighting of the year.
 */
export const migration019: Migration = {
  version: 19,
  name: 'understanding: versions of each day of sightings and of item names',
  up: `
    CREATE TABLE work_item_sighting_days (
      day     INTEGER PRIMARY KEY,
      version INTEGER NOT NULL
    ) STRICT;
    INSERT INTO work_item_sighting_days (day, version) SELECT at_ms / 86400000, 1 FROM work_item_sightings GROUP BY 1;

    CREATE TABLE work_item_names_version (
      id      INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL
    ) STRICT;
    INSERT INTO work_item_names_version (id, version) VALUES (1, 1);

    CREATE TRIGGER work_item_sighting_days_insert AFTER INSERT ON work_item_sightings BEGIN
      INSERT INTO work_item_sighting_days (day, version) VALUES (NEW.at_ms / 86400000, 1)
        ON CONFLICT (day) DO UPDATE SET version = version + 1;
    END;
    CREATE TRIGGER work_item_sighting_days_delete AFTER DELETE ON work_item_sightings BEGIN
      UPDATE work_item_sighting_days SET version = version + 1 WHERE day = OLD.at_ms / 86400000;
    END;
    CREATE TRIGGER work_item_sighting_days_update AFTER UPDATE ON work_item_sightings BEGIN
      UPDATE work_item_sighting_days SET version = version + 1 WHERE day = OLD.at_ms / 86400000;
      INSERT INTO work_item_sighting_days (day, version) VALUES (NEW.at_ms / 86400000, 1)
        ON CONFLICT (day) DO UPDATE SET version = version + 1;
    END;
    CREATE TRIGGER work_item_names_renamed AFTER UPDATE OF name ON work_items WHEN OLD.name IS NOT NEW.name BEGIN
      UPDATE work_item_names_version SET version = version + 1;
    END;
  `,
};

import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations as allMigrations } from './migrations/index';
import type { Migration } from './migrations/types';

export type Db = Database.Database;

export class DatabaseTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `The database ${file} is at schema version ${found}, newer than this build understands (${known}). ` +
        'Update Workflow Shadow, or point SHADOW_HOME at another folder.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/** Runs pending migrations in one transaction and records the version in `user_version`. */
export function migrate(db: Db, migrations: readonly Migration[] = allMigrations): number {
  const latest = migrations.at(-1)?.version ?? 0;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) throw new DatabaseTooNewError(db.name, current, latest);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const m of pending) db.exec(m.up);
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}

export interface OpenOptions {
  readonly readonly?: boolean;
  readonly migrations?: readonly Migration[];
}

/** Opens a profile database with WAL, foreign keys and a busy timeout, migrated to the latest schema. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:' && !options.readonly) keepPrivate(file);
  const db = new Database(file, { readonly: options.readonly ?? false });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      migrate(db, options.migrations);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The database and its -wal and -shm files are readable by the user only (0600, in a 0700 folder):
 * the file is made empty with that mode before SQLite opens it, and SQLite gives its -wal and -shm the
 * mode of the database file. Files an older build made 0644 are tightened.
 */
function keepPrivate(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      // Missing (-wal before the first write) or a read-only profile: nothing to tighten there.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EROFS') throw error;
    }
  }
}

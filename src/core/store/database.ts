import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { rollBackInterruptedEncryption } from './encryption-leftovers';
import { StoreKeyError } from '../errors';
import { migrations as allMigrations } from './migrations/index';
import type { Migration } from './migrations/types';

export type Db = Database.Database;

/** An error SQLite raised, with its result code (`SQLITE_FULL`, `SQLITE_BUSY`…), as opposed to one of ours. */
export type DatabaseError = InstanceType<typeof Database.SqliteError>;

/** Whether SQLite raised this error (by its class, which every statement of the driver throws). */
export function isDatabaseError(error: unknown): error is DatabaseError {
  return error instanceof Database.SqliteError;
}

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

const SQLITE_HEADER = 'SQLite format 3\0';

/** Whether `file` is a database written in the clear (its first bytes are SQLite's header). */
export function isPlainDatabaseFile(file: string): boolean {
  if (file === ':memory:' || !existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return read === head.length && head.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/**
 * Keys a connection before its first read: SQLCipher 4's page format (AES-256 with an HMAC per page,
 * the WAL included) with a raw 32-byte key, so no key derivation runs at each open.
 */
export function applyStoreKey(db: Db, key: Buffer): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.pragma(`key = "x'${key.toString('hex')}'"`);
}

export interface OpenOptions {
  readonly readonly?: boolean;
  readonly migrations?: readonly Migration[];
  /**
   * The store key. A new database is created encrypted with it; an encrypted one needs it. A database
   * written in the clear stays so (and is opened without the key) until `shadow encrypt` migrates it.
   */
  readonly key?: Buffer | null;
}

/**
 * The page cache each connection keeps, in KiB. The driver's default (16 MiB) filled up as answers read
 * across a year of history and stayed in the engine's RSS (~12 MiB of it after a few hundred answers);
 * pages it drops are read again from the OS's file cache, which holds them anyway.
 */
export const PAGE_CACHE_KIB = 4096;

/** Opens a profile database with WAL, foreign keys, a busy timeout and a bounded page cache, migrated to the latest schema. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:' && !options.readonly) {
    if (rollBackInterruptedEncryption(file)) {
      process.emitWarning(
        `An interrupted \`shadow encrypt\` of ${file} was rolled back: the store is whole and still plain. Run it again.`,
      );
    }
    keepPrivate(file);
  }
  const key = options.key && file !== ':memory:' && !isPlainDatabaseFile(file) ? options.key : null;
  const db = new Database(file, { readonly: options.readonly ?? false });
  try {
    if (key) applyStoreKey(db, key);
    readable(db, file, key !== null);
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
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

/** The first read: an encrypted file without its key, or with another key, is "not a database" to SQLite. */
function readable(db: Db, file: string, keyed: boolean): void {
  try {
    db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_NOTADB') throw error;
    throw new StoreKeyError(
      keyed
        ? `The key given does not open the encrypted database ${file}. Check SHADOW_DB_KEY or the key file (settings: storeKeyFile).`
        : `The database ${file} is encrypted. Give its key: SHADOW_DB_KEY (64 hexadecimal characters) or SHADOW_DB_KEY_FILE, or run the desktop app that keeps it.`,
    );
  }
}

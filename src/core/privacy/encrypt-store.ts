import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ProfilePaths } from '../config/paths';
import { applyStoreKey, isPlainDatabaseFile, openDatabase } from '../store/database';
import { tryPidLock } from '../util/pid-lock';
import { encryptingCopyOf, encryptingLockOf, rollBackInterruptedEncryption } from '../store/encryption-leftovers';
import { FrameVault } from './frame-vault';
import { StoreKeyError } from '../errors';

export interface EncryptionResult {
  /** `encrypted`: migrated now; `already`: it was (and the key opens it); `none`: no database yet (it will be created encrypted). */
  readonly database: 'encrypted' | 'already' | 'none';
  readonly databaseBytes: number;
  /** Kept screenshots encrypted now. */
  readonly frames: number;
}

/** The steps of an encryption, in order, as `onStep` hears them (the crash tests stop the process at each). */
export const ENCRYPTION_STEPS = ['copying', 'copied', 'checked', 'swapped', 'frames'] as const;
export type EncryptionStep = (typeof ENCRYPTION_STEPS)[number];

export interface EncryptionOptions {
  /** Called as each step is reached (`copying`: once the first table's rows are in the copy). */
  readonly onStep?: (step: EncryptionStep) => void;
}

type SchemaRow = { type: string; name: string; tbl_name: string; rootpage: number; sql: string | null };

const schemaOf = (db: Database.Database, schema: string): SchemaRow[] =>
  db.prepare(`SELECT type, name, tbl_name, rootpage, sql FROM "${schema}".sqlite_master ORDER BY rowid`).all() as SchemaRow[];

/** Tables with rows of their own (FTS5's shadow tables included, virtual tables and SQLite's own not). */
const tablesOf = (rows: readonly SchemaRow[]): SchemaRow[] =>
  rows.filter((r) => r.type === 'table' && r.rootpage > 0 && !r.name.startsWith('sqlite_'));

function rowCounts(db: Database.Database, schema: string, tables: readonly SchemaRow[]): Map<string, number> {
  return new Map(
    tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${schema}"."${name}"`).get() as { n: number }).n]),
  );
}

/**
 * Writes `copy` as an encrypted copy of the plain store `file`, the way SQLCipher's `sqlcipher_export`
 * does: the copy is keyed before its first page is written, so not one page of it is ever in the
 * clear, and it keeps no journal (a crash leaves a partial copy that is thrown away) and no temporary
 * files (sorting for its indexes stays in memory). Tables are created and filled, then indexes, then
 * the schema's views, triggers and virtual tables are copied as they are (so no trigger fires twice).
 */
function exportEncrypted(file: string, copy: string, key: Buffer, onStep: (step: EncryptionStep) => void): void {
  const target = new Database(copy);
  try {
    // Writing the schema table directly (as sqlcipher_export does) needs SQLite's defensive mode off, for this connection only.
    target.unsafeMode(true);
    applyStoreKey(target, key);
    target.pragma('journal_mode = OFF');
    target.pragma('temp_store = MEMORY');
    target.prepare(`ATTACH DATABASE ? AS plain KEY ''`).run(file);
    const schema = schemaOf(target, 'plain');
    const tables = tablesOf(schema);
    target.transaction(() => {
      for (const table of tables) target.exec(table.sql!);
      tables.forEach((table, i) => {
        const columns = (
          target.prepare(`SELECT name FROM pragma_table_xinfo(?, 'plain') WHERE hidden = 0`).all(table.name) as { name: string }[]
        )
          .map((c) => `"${c.name}"`)
          .join(', ');
        target.exec(`INSERT INTO main."${table.name}" (${columns}) SELECT ${columns} FROM plain."${table.name}"`);
        if (i === 0) onStep('copying');
      });
      for (const index of schema.filter((r) => r.type === 'index' && r.sql)) target.exec(index.sql!);
      if (schema.some((r) => r.name === 'sqlite_sequence')) {
        target.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT * FROM plain.sqlite_sequence');
      }
      if (schema.some((r) => r.name === 'sqlite_stat1')) target.exec('ANALYZE main');
      target.pragma('writable_schema = ON');
      target.exec(
        `INSERT INTO main.sqlite_master (type, name, tbl_name, rootpage, sql)
         SELECT type, name, tbl_name, 0, sql FROM plain.sqlite_master
         WHERE type IN ('view', 'trigger') OR (type = 'table' AND rootpage = 0) ORDER BY rowid`,
      );
      target.pragma('writable_schema = OFF');
    })();
    for (const pragma of ['user_version', 'application_id']) {
      target.pragma(`main.${pragma} = ${Number(target.pragma(`plain.${pragma}`, { simple: true }))}`);
    }
    target.exec('DETACH DATABASE plain');
  } finally {
    target.close();
  }
}

/** Opens the copy with the key and compares it with the store: the same schema, every table's rows, a sound file. */
function checkCopy(file: string, copy: string, key: Buffer): void {
  if (isPlainDatabaseFile(copy)) throw new StoreKeyError('The copy was not encrypted; the store is left as it was.');
  const check = new Database(copy);
  try {
    applyStoreKey(check, key);
    check.prepare(`ATTACH DATABASE ? AS plain KEY ''`).run(file);
    const shape = (rows: SchemaRow[]): string[] => rows.map((r) => `${r.type} ${r.name} ${r.tbl_name} ${r.sql ?? ''}`).sort();
    if (shape(schemaOf(check, 'main')).join('\n') !== shape(schemaOf(check, 'plain')).join('\n')) {
      throw new StoreKeyError('The encrypted copy does not have the store’s schema; the store is left as it was.');
    }
    const tables = tablesOf(schemaOf(check, 'plain'));
    const expected = rowCounts(check, 'plain', tables);
    const found = rowCounts(check, 'main', tables);
    for (const [table, n] of expected) {
      if (found.get(table) !== n) throw new StoreKeyError(`The encrypted copy of ${table} holds ${found.get(table)} rows, not ${n}.`);
    }
    const integrity = check.pragma('main.integrity_check', { simple: true });
    if (integrity !== 'ok') throw new StoreKeyError(`The encrypted copy failed its integrity check (${String(integrity)}).`);
  } finally {
    check.close();
  }
}

/** Makes a rename in `dir` durable: the new name survives a power cut. */
function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Encrypts a profile's plain store in place, on request only (`shadow encrypt`), while no app runs.
 * The copy is written encrypted from its first page (`exportEncrypted`), checked against the store,
 * then renamed over it in one step: until that rename the store is whole and as it was, after it the
 * store is the encrypted copy. An interrupted encryption is rolled back when the store is next opened
 * (store/encryption-leftovers.ts); kept screenshots left in the clear are finished when it next starts
 * (`finishFrameEncryption`). Blocks the plain file used may stay on the disk until they are
 * overwritten: docs/privacy.md says so.
 */
export function encryptProfileStore(paths: ProfilePaths, key: Buffer, options: EncryptionOptions = {}): Promise<EncryptionResult> {
  // Synchronous work (SQLite is), handed back as a promise: a failure is a rejection, as callers await it.
  return new Promise((resolve) => resolve(encryptNow(paths, key, options)));
}

function encryptNow(paths: ProfilePaths, key: Buffer, options: EncryptionOptions): EncryptionResult {
  const onStep = options.onStep ?? (() => {});
  const file = paths.database;
  const frames = new FrameVault(join(paths.data, 'frames'), key);
  const encryptFrames = (): number => frames.encryptPlainFrames(() => onStep('frames'));
  if (!existsSync(file)) return { database: 'none', databaseBytes: 0, frames: encryptFrames() };
  if (!isPlainDatabaseFile(file)) {
    // Opening checks the key: a wrong one is a StoreKeyError, and nothing is touched.
    openDatabase(file, { key }).close();
    return { database: 'already', databaseBytes: statSync(file).size, frames: encryptFrames() };
  }

  rollBackInterruptedEncryption(file);
  const lock = tryPidLock(encryptingLockOf(file));
  if ('heldBy' in lock) throw new StoreKeyError(`The store is being encrypted by another process (pid ${lock.heldBy}); let it finish.`);
  const copy = encryptingCopyOf(file);
  try {
    const plain = new Database(file);
    try {
      // Everything the WAL holds goes into the file, so the copy reads it all and the WAL can go.
      plain.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      plain.close();
    }
    exportEncrypted(file, copy, key, onStep);
    onStep('copied');
    checkCopy(file, copy, key);
    chmodSync(copy, 0o600);
    onStep('checked');
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    renameSync(copy, file);
    syncDirectory(dirname(file));
  } catch (error) {
    rmSync(copy, { force: true });
    throw error;
  } finally {
    lock.release();
  }
  onStep('swapped');
  return { database: 'encrypted', databaseBytes: statSync(file).size, frames: encryptFrames() };
}

/**
 * At the start of an encrypted store: kept screenshots an interrupted `shadow encrypt` left in the
 * clear are encrypted now (the store was encrypted first, so none may stay plain beside it).
 */
export function finishFrameEncryption(frames: FrameVault): number {
  return frames.encrypted ? frames.encryptPlainFrames() : 0;
}

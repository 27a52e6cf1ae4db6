import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfilePaths } from '../config/paths';
import { applyStoreKey, isPlainDatabaseFile, openDatabase } from '../store/database';
import { FrameVault } from './frame-vault';
import { StoreKeyError } from '../errors';

export interface EncryptionResult {
  /** `encrypted`: migrated now; `already`: it was (and the key opens it); `none`: no database yet (it will be created encrypted). */
  readonly database: 'encrypted' | 'already' | 'none';
  readonly databaseBytes: number;
  /** Kept screenshots encrypted now. */
  readonly frames: number;
}

function rowCounts(db: Database.Database): Map<string, number> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'`)
    .all() as { name: string }[];
  return new Map(tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

/**
 * Encrypts a profile's plain store in place, on request only (`shadow encrypt`), while no app runs:
 * a copy is made with SQLite's backup, compacted, rekeyed, checked row for row against the original
 * and then renamed over it, so a failure at any step leaves the plain store as it was. Kept
 * screenshots in the clear are encrypted too. Blocks the plain file used may stay on the disk until
 * they are overwritten: docs/privacy.md says so.
 */
export async function encryptProfileStore(paths: ProfilePaths, key: Buffer): Promise<EncryptionResult> {
  const file = paths.database;
  const frames = new FrameVault(join(paths.data, 'frames'), key);
  if (!existsSync(file)) return { database: 'none', databaseBytes: 0, frames: frames.encryptPlainFrames() };
  if (!isPlainDatabaseFile(file)) {
    // Opening checks the key: a wrong one is a StoreKeyError, and nothing is touched.
    openDatabase(file, { key }).close();
    return { database: 'already', databaseBytes: statSync(file).size, frames: frames.encryptPlainFrames() };
  }

  const copy = `${file}.encrypting`;
  rmSync(copy, { force: true });
  const plain = new Database(file);
  let expected: Map<string, number>;
  try {
    plain.pragma('wal_checkpoint(TRUNCATE)');
    expected = rowCounts(plain);
    await plain.backup(copy);
  } finally {
    plain.close();
  }
  try {
    const target = new Database(copy);
    try {
      // Rekeying works on a rollback journal; the store goes back to WAL when it is next opened.
      target.pragma('journal_mode = DELETE');
      target.exec('VACUUM');
      target.pragma(`cipher = 'sqlcipher'`);
      target.pragma('legacy = 4');
      target.pragma(`rekey = "x'${key.toString('hex')}'"`);
    } finally {
      target.close();
    }
    const check = new Database(copy);
    try {
      applyStoreKey(check, key);
      const found = rowCounts(check);
      for (const [table, n] of expected) {
        if (found.get(table) !== n) throw new StoreKeyError(`The encrypted copy of ${table} holds ${found.get(table)} rows, not ${n}.`);
      }
    } finally {
      check.close();
    }
    if (isPlainDatabaseFile(copy)) throw new StoreKeyError('The copy was not encrypted.');
    chmodSync(copy, 0o600);
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    renameSync(copy, file);
  } catch (error) {
    rmSync(copy, { force: true });
    throw error;
  }
  return { database: 'encrypted', databaseBytes: statSync(file).size, frames: frames.encryptPlainFrames() };
}

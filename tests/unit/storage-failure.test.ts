import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseError } from '../../src/core/store/database';
import { storageProblemOf } from '../../src/core/store/storage-failure';

/** Storage failures are told by the error's type (SQLite's own class) and code, never by its name alone. */

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('database errors', () => {
  it('are the errors SQLite raises, with their result code', () => {
    dir = mkdtempSync(join(tmpdir(), 'shadow-sqlite-error-'));
    const file = join(dir, 'store.db');
    new Database(file).exec('CREATE TABLE t (x INTEGER)');
    const readOnly = new Database(file, { readonly: true });
    const error = thrownBy(() => readOnly.prepare('INSERT INTO t VALUES (1)').run());
    readOnly.close();
    expect(isDatabaseError(error)).toBe(true);
    expect(storageProblemOf(error)).toBe('read_only');

    const syntax = thrownBy(() => new Database(':memory:').exec('SELEC 1'));
    expect(isDatabaseError(syntax)).toBe(true);
    expect(storageProblemOf(syntax)).toBeNull();
  });

  it('are not an error that only calls itself one', () => {
    const impostor = Object.assign(new Error('database or disk is full'), { name: 'SqliteError', code: 'SQLITE_FULL' });
    expect(isDatabaseError(impostor)).toBe(false);
    expect(storageProblemOf(impostor)).toBeNull();
    expect(storageProblemOf(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'))).toBe('full');
  });

  it('stand beside the file system failures, which keep their errno', () => {
    expect(storageProblemOf(Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write' }))).toBe('full');
    expect(storageProblemOf(Object.assign(new Error('permission denied'), { code: 'EACCES', syscall: 'mkdir' }))).toBe('read_only');
    expect(storageProblemOf(Object.assign(new Error('permission denied'), { code: 'EACCES', syscall: 'open' }))).toBeNull();
    expect(storageProblemOf('SQLITE_FULL')).toBeNull();
  });
});

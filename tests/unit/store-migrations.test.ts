import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import { DatabaseTooNewError, migrate, openDatabase } from '../../src/core/store/database';
import { migrations } from '../../src/core/store/migrations/index';

const tempDb = (): string => join(mkdtempSync(join(tmpdir(), 'shadow-mig-')), 'shadow.db');

describe('migrations', () => {
  it('list versions in ascending order, each once', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('bring a fresh database to the latest version with WAL, foreign keys and STRICT tables', () => {
    const file = tempDb();
    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const strict = db.prepare(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND strict = 1`).all() as { name: string }[];
    expect(strict.map((t) => t.name)).toEqual(expect.arrayContaining(['work_sessions', 'activity_spans']));
    db.close();
  });

  it('upgrade a database from each earlier version, keeping its data', () => {
    for (const target of migrations.slice(0, -1)) {
      const file = tempDb();
      const old = new Database(file);
      migrate(
        old,
        migrations.filter((m) => m.version <= target.version),
      );
      old.prepare(`INSERT INTO work_sessions (started_at, status, source) VALUES (1, 'completed', 'replay')`).run();
      old.close();
      const db = openDatabase(file);
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)!.version);
      expect(db.prepare('SELECT COUNT(*) AS n FROM work_sessions').get()).toEqual({ n: 1 });
      db.close();
    }
  });

  it('run pending migrations in one transaction: a failing one leaves the database as it was', () => {
    const db = new Database(':memory:');
    const broken = [...migrations, { version: 999, name: 'broken', up: 'CREATE TABLE ok (x INTEGER); SELECT * FROM missing_table;' }];
    expect(() => migrate(db, broken)).toThrow(/missing_table/);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN ('ok', 'work_sessions')`).get()).toEqual({ n: 0 });
  });

  it('refuse a database newer than the code with a clear message', () => {
    const file = tempDb();
    const db = new Database(file);
    db.pragma('user_version = 9999');
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer than this build understands/);
  });
});

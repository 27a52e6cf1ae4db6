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

  it('migrate stored memory rows to the one engine vocabulary (openai → llm), keeping every row and the CHECKs', () => {
    const file = tempDb();
    const old = new Database(file);
    migrate(
      old,
      migrations.filter((m) => m.version <= 10),
    );
    const ws = (
      old.prepare(`INSERT INTO work_sessions (started_at, status, source) VALUES (1, 'completed', 'replay') RETURNING id`).get() as {
        id: number;
      }
    ).id;
    for (const engine of ['openai', 'offline']) {
      old.prepare(`INSERT INTO task_theories (work_session_id, at_ms, text, engine) VALUES (?, 5, 'theory', ?)`).run(ws, engine);
      old
        .prepare(
          `INSERT INTO work_session_summaries (work_session_id, at_ms, kind, text, token_count, engine, duration_ms, tasks, apps)
           VALUES (?, 5, 'rolling', 'summary', 1, ?, 0, '[]', '[]')`,
        )
        .run(ws, engine);
      old
        .prepare(
          `INSERT INTO questions (work_session_id, asked_at, text, normalized, trigger, subject, status, engine)
           VALUES (?, 5, 'q', 'q', 'switching', 's', 'pending', ?)`,
        )
        .run(ws, engine);
      old
        .prepare(
          `INSERT INTO context_receipts (at_ms, purpose, work_session_id, engine, tokens, image_count, included, dropped) VALUES (5, 'theory', ?, ?, '{}', 0, '[]', '[]')`,
        )
        .run(ws, engine);
    }
    old
      .prepare(`INSERT INTO interview_summary (id, text, token_count, edited, engine, updated_at) VALUES (1, 'x', 1, 0, 'openai', 1)`)
      .run();
    old.close();

    const db = openDatabase(file);
    for (const table of ['task_theories', 'work_session_summaries', 'questions', 'context_receipts']) {
      const engines = (db.prepare(`SELECT engine FROM ${table} ORDER BY id`).all() as { engine: string }[]).map((r) => r.engine);
      expect(engines, table).toEqual(['llm', 'offline']);
    }
    expect(db.prepare('SELECT engine FROM interview_summary').get()).toEqual({ engine: 'llm' });
    // The rebuilt tables keep their rules: the old word is refused now, and rows still go with their work session.
    expect(() =>
      db.prepare(`INSERT INTO task_theories (work_session_id, at_ms, text, engine) VALUES (?, 6, 't', 'openai')`).run(ws),
    ).toThrow(/CHECK/);
    const indexes = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'questions'`).all() as { name: string }[]
    ).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['questions_status', 'questions_asked']));
    db.prepare('DELETE FROM work_sessions WHERE id = ?').run(ws);
    expect(db.prepare('SELECT COUNT(*) AS n FROM work_session_summaries').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT work_session_id FROM questions').all()).toEqual([{ work_session_id: null }, { work_session_id: null }]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    db.close();
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

  it('give a fresh database a stable device id, device-scoped rows and an outbox that logs only while sync is on', () => {
    const db = openDatabase(tempDb());
    const [device] = db.prepare(`SELECT key, id FROM devices`).all() as { key: number; id: string }[];
    expect(device).toEqual({ key: 1, id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const ws = (device: number): number =>
      (
        db
          .prepare(`INSERT INTO work_sessions (started_at, status, source, device) VALUES (0, 'active', 'desktop', ?) RETURNING id`)
          .get(device) as { id: number }
      ).id;
    const span = (wsId: number, device: number, start: number, end: number) =>
      db
        .prepare(`INSERT INTO activity_spans (work_session_id, kind, app, start_ms, end_ms, device) VALUES (?, 'app', 'Excel', ?, ?, ?)`)
        .run(wsId, start, end, device);
    const local = ws(1);
    span(local, 1, 0, 100);
    // The same time on another device is that device's own; on this one it is refused.
    db.prepare(`INSERT INTO devices (id, name) VALUES ('00112233445566ff', 'desktop')`).run();
    const other = ws(2);
    expect(() => span(other, 2, 50, 150)).not.toThrow();
    expect(() => span(local, 1, 50, 150)).toThrow(/may not overlap/);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM sync_outbox`).get()).toEqual({ n: 0 });
    db.prepare(`UPDATE sync_state SET outbox = 1`).run();
    span(local, 1, 200, 300);
    span(other, 2, 200, 300);
    db.prepare(`DELETE FROM work_sessions WHERE id = ?`).run(local);
    // This device's changes only (span 3 is logged when inserted; the delete of its work session takes it
    // along, which the work session's own entry says): the other device's span is never logged.
    expect(db.prepare(`SELECT kind, row_id AS id FROM sync_outbox ORDER BY seq`).all()).toEqual([
      { kind: 'span', id: 3 },
      { kind: 'work_session', id: local },
    ]);
    db.close();
  });

  it('trust this device and make devices imported before keys existed wait for a confirmation, keeping their rows', () => {
    const file = tempDb();
    const old = new Database(file);
    migrate(
      old,
      migrations.filter((m) => m.version <= 12),
    );
    old.prepare(`INSERT INTO devices (id, name, applied_through) VALUES ('00112233445566ff', 'desktop', 3)`).run();
    old.prepare(`INSERT INTO sync_segments (device, seq, state, at_ms) VALUES (2, 3, 'failed', 0)`).run();
    old.close();
    const db = openDatabase(file);
    expect(db.prepare(`SELECT key, trust, public_key, paused, applied_through FROM devices ORDER BY key`).all()).toEqual([
      { key: 1, trust: 'trusted', public_key: null, paused: null, applied_through: 0 },
      { key: 2, trust: 'pending', public_key: null, paused: null, applied_through: 3 },
    ]);
    expect(db.prepare(`SELECT stamp, refused FROM sync_segments`).get()).toEqual({ stamp: null, refused: 0 });
    expect(() => db.prepare(`UPDATE devices SET trust = 'maybe' WHERE key = 2`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE devices SET public_key = 'short' WHERE key = 2`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('keep work-item sightings with the rows they were read from, and read reused row ids again', () => {
    const db = openDatabase(tempDb());
    const ws = (
      db.prepare(`INSERT INTO work_sessions (started_at, status, source) VALUES (0, 'active', 'desktop') RETURNING id`).get() as {
        id: number;
      }
    ).id;
    const span = db
      .prepare(
        `INSERT INTO activity_spans (work_session_id, kind, app, title, start_ms, end_ms) VALUES (?, 'app', 'Jira', 'OPS-1 - Jira', 0, 100) RETURNING id`,
      )
      .get(ws) as { id: number };
    const text = (at: number) =>
      (
        db
          .prepare(
            `INSERT INTO screen_text_entries (at_ms, app, title, text) VALUES (?, 'Jira', 'OPS-1 - Jira', 'Status: Open') RETURNING id`,
          )
          .get(at) as { id: number }
      ).id;
    const [first, second] = [text(10), text(20)];
    const item = (
      db.prepare(`INSERT INTO work_items (kind, key, name) VALUES ('identifier', 'OPS-1', 'OPS-1') RETURNING id`).get() as { id: number }
    ).id;
    const sight = db.prepare(
      `INSERT INTO work_item_sightings (item_id, source, ref_id, at_ms, until_ms, app, title, name, line) VALUES (?, ?, ?, 0, 10, 'Jira', 'OPS-1 - Jira', 'OPS-1', 'OPS-1')`,
    );
    sight.run(item, 'title', span.id);
    sight.run(item, 'screen', first);
    sight.run(item, 'screen', second);
    db.prepare(`UPDATE work_item_progress SET last_id = ? WHERE source = 'screen'`).run(second);
    expect(() => sight.run(item, 'screen', second)).toThrow(/UNIQUE/);
    expect(() => db.prepare(`INSERT INTO work_items (kind, key, name) VALUES ('ticket', 'x', 'x')`).run()).toThrow(/CHECK/);
    // Retention of the older row: its sighting goes, the progress stays (no id above it can be reused).
    db.prepare(`DELETE FROM screen_text_entries WHERE id = ?`).run(first);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM work_item_sightings WHERE source = 'screen'`).get()).toEqual({ n: 1 });
    expect(db.prepare(`SELECT last_id AS id FROM work_item_progress WHERE source = 'screen'`).get()).toEqual({ id: second });
    // The newest row goes (a replay played again): SQLite may give its id to the next row, so it is read again.
    db.prepare(`DELETE FROM screen_text_entries WHERE id = ?`).run(second);
    expect(db.prepare(`SELECT last_id AS id FROM work_item_progress WHERE source = 'screen'`).get()).toEqual({ id: 0 });
    db.prepare(`DELETE FROM work_sessions WHERE id = ?`).run(ws);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM work_item_sightings`).get()).toEqual({ n: 0 });
    db.close();
  });

  it('keep the titles of conversations from before user titles (017) as automatic ones, and check the new flags', () => {
    const file = tempDb();
    const old = new Database(file);
    migrate(
      old,
      migrations.filter((m) => m.version < 17),
    );
    old
      .prepare(
        `INSERT INTO sessions (id, type, title, status, created_at, last_active_at) VALUES ('ses_older1', 'chat', 'Rota', 'paused', 1, 1)`,
      )
      .run();
    old.prepare(`INSERT INTO session_title_history (session_id, title, changed_at, turn) VALUES ('ses_older1', 'Rota', 1, 1)`).run();
    old.close();
    const db = openDatabase(file);
    expect(db.prepare(`SELECT title, title_by_user FROM sessions`).get()).toEqual({ title: 'Rota', title_by_user: 0 });
    expect(db.prepare(`SELECT by_user FROM session_title_history`).get()).toEqual({ by_user: 0 });
    expect(() => db.prepare(`UPDATE sessions SET title_by_user = 2`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE session_title_history SET by_user = -1`).run()).toThrow(/CHECK/);
    db.close();
  });
  it('index sightings by start and end (018), so what overlaps a window is read from the index alone', () => {
    const db = openDatabase(tempDb());
    const indexes = db.prepare(`SELECT name FROM pragma_index_list('work_item_sightings')`).all() as { name: string }[];
    expect(indexes.map((i) => i.name)).toContain('work_item_sightings_span');
    expect(indexes.map((i) => i.name)).not.toContain('work_item_sightings_time');
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT count(*), max(id), total(until_ms) FROM work_item_sightings WHERE at_ms < ? AND until_ms >= ?`)
      .all(2, 1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/COVERING INDEX work_item_sightings_span/);
    db.close();
  });
  it("version each day of sightings and the items' names (019): a write, a prune or a move of a day moves its version on, a rename the names'", () => {
    const file = tempDb();
    const old = new Database(file);
    migrate(
      old,
      migrations.filter((m) => m.version < 19),
    );
    const DAY = 86_400_000;
    const item = (
      old.prepare(`INSERT INTO work_items (kind, key, name) VALUES ('identifier', 'ops-1', 'OPS-1') RETURNING id`).get() as { id: number }
    ).id;
    const sight = (db: InstanceType<typeof Database>, ref: number, atMs: number): void =>
      void db
        .prepare(
          `INSERT INTO work_item_sightings (item_id, source, ref_id, at_ms, until_ms, app, title, name, line) VALUES (?, 'screen', ?, ?, ?, 'Jira', 'OPS-1', 'OPS-1', 'OPS-1')`,
        )
        .run(item, ref, atMs, atMs + 60_000);
    // Sightings from before the migration: each day they fall on starts at version 1.
    sight(old, 101, 3 * DAY + 5);
    sight(old, 102, 3 * DAY + 9);
    sight(old, 103, 5 * DAY);
    old.close();
    const db = openDatabase(file);
    const versions = (): Record<number, number> =>
      Object.fromEntries(
        (db.prepare(`SELECT day, version FROM work_item_sighting_days`).all() as { day: number; version: number }[]).map((r) => [
          r.day,
          r.version,
        ]),
      );
    const names = (): number => (db.prepare(`SELECT version FROM work_item_names_version`).get() as { version: number }).version;
    expect(versions()).toEqual({ 3: 1, 5: 1 });
    sight(db, 104, 3 * DAY + 20);
    sight(db, 105, 7 * DAY);
    expect(versions()).toEqual({ 3: 2, 5: 1, 7: 1 });
    db.prepare(`DELETE FROM work_item_sightings WHERE ref_id = 103`).run();
    expect(versions()).toEqual({ 3: 2, 5: 2, 7: 1 });
    // A sighting moved to another day moves both days on.
    db.prepare(`UPDATE work_item_sightings SET at_ms = ?, until_ms = ? WHERE ref_id = 105`).run(8 * DAY, 8 * DAY + 1);
    expect(versions()).toEqual({ 3: 2, 5: 2, 7: 2, 8: 1 });
    // Pruning a screen-text row deletes its sightings (014's trigger): their day moves on too.
    const row = (
      db
        .prepare(`INSERT INTO screen_text_entries (at_ms, app, title, text) VALUES (?, 'Jira', 'OPS-1', 'OPS-1') RETURNING id`)
        .get(3 * DAY) as {
        id: number;
      }
    ).id;
    sight(db, row, 3 * DAY + 30);
    expect(versions()[3]).toBe(3);
    db.prepare(`DELETE FROM screen_text_entries WHERE id = ?`).run(row);
    expect(versions()[3]).toBe(4);
    // A name written again the same is no change; a better one is.
    const before = names();
    db.prepare(`UPDATE work_items SET name = 'OPS-1' WHERE id = ?`).run(item);
    expect(names()).toBe(before);
    db.prepare(`UPDATE work_items SET name = 'Ops-1' WHERE id = ?`).run(item);
    expect(names()).toBe(before + 1);
    expect(() => db.prepare(`INSERT INTO work_item_names_version (id, version) VALUES (2, 1)`).run()).toThrow(/CHECK/);
    db.close();
  });
});

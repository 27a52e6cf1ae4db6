import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/core/store/database';
import { rowOf, WorkItemRepository, type RowSightings, type Sighting } from '../../src/core/store/repositories/work-item-repository';
import type { ExtractedItem } from '../../src/core/understanding/work-item';

const DAY = 86_400_000;
const START = Date.parse('2026-03-02T00:00:00Z');
const opened: Db[] = [];
afterEach(() => {
  while (opened.length) opened.pop()!.close();
});

function openStore(file = join(mkdtempSync(join(tmpdir(), 'shadow-sightings-')), 'shadow.db')): { db: Db; file: string } {
  const db = openDatabase(file);
  opened.push(db);
  return { db, file };
}

const person = (n: number): ExtractedItem => ({
  kind: 'person',
  key: `person ${n}`,
  name: `Person ${n}`,
  role: n % 2 ? 'assigned to' : 'reported by',
  label: '',
  state: '',
  line: `Assignee: Person ${n}`,
});

const item = (n: number, name = `TCK-${n}`): ExtractedItem => ({
  kind: 'identifier',
  key: `tck:${n}`,
  name,
  role: '',
  label: '',
  state: n % 3 === 0 ? 'open' : '',
  line: `${name} needs a look`,
});

/** Ten days of rows: a few each day, some lasting past midnight, items seen again on later days. */
function tenDays(): RowSightings[] {
  const rows: RowSightings[] = [];
  let ref = 1;
  for (let d = 0; d < 10; d++)
    for (let r = 0; r < 4; r++) {
      const atMs = START + d * DAY + (r * 5 + 8) * 3600_000 + (d % 4) * 60_000;
      rows.push({
        source: r % 2 ? 'title' : 'screen',
        refId: ref++,
        device: 1,
        atMs,
        untilMs: atMs + (r === 3 ? 10 * 3600_000 : 20 * 60_000),
        app: 'Google Chrome',
        title: `Queue ${d}`,
        items: [item(d + r), item(100 + (d % 3))],
      });
    }
  return rows;
}

/** What the window overlaps, read the plain way: the answer the day cache must give. */
function plainRead(
  db: Db,
  startMs: number,
  endMs: number,
): Pick<Sighting, 'itemId' | 'itemName' | 'refId' | 'atMs' | 'untilMs' | 'state'>[] {
  return db
    .prepare(
      `SELECT s.item_id AS itemId, i.name AS itemName, s.ref_id AS refId, s.at_ms AS atMs, s.until_ms AS untilMs, s.state
       FROM work_item_sightings s JOIN work_items i ON i.id = s.item_id WHERE s.at_ms < ? AND s.until_ms >= ? ORDER BY s.at_ms, s.id`,
    )
    .all(endMs, startMs) as never;
}

const shape = (list: readonly Sighting[]): ReturnType<typeof plainRead> =>
  list.map(({ itemId, itemName, refId, atMs, untilMs, state }) => ({ itemId, itemName, refId, atMs, untilMs, state }));

describe('sightings over a long window (the day cache)', () => {
  it('gives what a plain read gives, for windows that start or end inside a day, and again once cached', () => {
    const { db } = openStore();
    const repo = new WorkItemRepository(db);
    repo.store(tenDays(), null);
    const windows = [
      { startMs: START, endMs: START + 10 * DAY },
      { startMs: START + 2 * DAY + 14 * 3600_000, endMs: START + 7 * DAY + 9 * 3600_000 },
      { startMs: 0, endMs: Number.MAX_SAFE_INTEGER },
    ];
    for (const w of windows) {
      const first = repo.sightingsIn(w);
      expect(first.length).toBeGreaterThan(0);
      expect(shape(first)).toEqual(plainRead(db, w.startMs, w.endMs));
      expect(repo.sightingsIn(w)).toEqual(first);
    }
  });

  it('sees what changed since a day was cached: a row read again, a better name, pruning, another process writing', () => {
    const { db, file } = openStore();
    const repo = new WorkItemRepository(db);
    const rows = tenDays();
    repo.store(rows, null);
    const all = { startMs: START - DAY, endMs: START + 11 * DAY };
    repo.sightingsIn(all);

    // Another process (the observing app, when this is the CLI) writes meanwhile: the newest row read again
    // once its end is known (its sightings come back with the same ids), a better-written name of an item
    // first seen in capitals, and retention pruning one row of the second day.
    const other = openStore(file).db;
    const writer = new WorkItemRepository(other);
    const last = rows.at(-1)!;
    writer.store([{ ...last, untilMs: last.untilMs + 3600_000 }], null);
    writer.store([{ ...rows[0]!, refId: 999, atMs: START + 9 * DAY, untilMs: START + 9 * DAY + 1, items: [item(0, 'Tck-0')] }], null);
    const pruned = rows[5]!;
    other.prepare(`DELETE FROM work_item_sightings WHERE source = ? AND ref_id = ?`).run(pruned.source, pruned.refId);

    expect(shape(repo.sightingsIn(all))).toEqual(plainRead(db, all.startMs, all.endMs));
    expect(repo.sightingsIn(all).some((s) => s.refId === last.refId && s.untilMs === last.untilMs + 3600_000)).toBe(true);
    expect(
      repo
        .sightingsIn(all)
        .filter((s) => s.itemId === repo.itemId('identifier', 'tck:0'))
        .map((s) => s.itemName),
    ).toContain('Tck-0');
    expect(repo.sightingsIn(all).some((s) => s.refId === pruned.refId)).toBe(false);
  });

  it('gives the sightings of some kinds as sightingsIn does, with every sighting of their rows, over long and short windows', () => {
    const { db } = openStore();
    const repo = new WorkItemRepository(db);
    // Every third row also names a person: the rows to gather are those, with their records too.
    repo.store(
      tenDays().map((row, i) => (i % 3 === 0 ? { ...row, items: [...row.items, person(i)] } : row)),
      null,
    );
    const kinds = new Set(['person'] as const);
    const windows = [
      { startMs: 0, endMs: Number.MAX_SAFE_INTEGER },
      { startMs: START + 2 * DAY + 14 * 3600_000, endMs: START + 7 * DAY + 9 * 3600_000 },
      { startMs: START + 4 * DAY, endMs: START + 5 * DAY },
    ];
    for (const w of windows)
      for (let pass = 0; pass < 2; pass++) {
        const every = repo.sightingsIn(w);
        const { found, rows } = repo.sightingsOfKinds(w, kinds);
        expect(found.length).toBeGreaterThan(0);
        expect(found).toEqual(every.filter((s) => s.kind === 'person'));
        expect([...rows.keys()].sort()).toEqual([...new Set(found.map(rowOf))].sort());
        for (const [row, list] of rows) expect(list).toEqual(every.filter((s) => rowOf(s) === row));
        expect([...rows.values()].some((list) => list.some((s) => s.kind === 'identifier'))).toBe(true);
      }
    // A row read again with another person: the day's rows are read again, the others kept.
    const [first] = repo.sightingsOfKinds(windows[0]!, kinds).found;
    const again = tenDays()[0]!;
    repo.store([{ ...again, items: [...again.items, person(77)] }], null);
    const after = repo.sightingsOfKinds(windows[0]!, kinds);
    expect(after.found.map((s) => s.name)).toContain('Person 77');
    expect(after.found.map((s) => s.name)).not.toContain(first!.name);
    expect(after.found).toEqual(repo.sightingsIn(windows[0]!).filter((s) => s.kind === 'person'));
  });
});

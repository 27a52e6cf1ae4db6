import type { DeviceRef } from '../../../shared/contract/sync';
import type { ExtractedItem, WorkItemKind } from './work-item-record';
import type { Db } from '../database';
import type { TimeWindow } from './activity-repository';
import { deviceClause, DeviceRepository, deviceOf, type DeviceLabels, type DeviceScope } from './device-repository';

export type SightingSource = 'title' | 'screen';

/** One sighting of a work item: where and when it was on screen, and what the screen said of it there. */
export interface Sighting {
  readonly itemId: number;
  readonly kind: WorkItemKind;
  readonly key: string;
  /** The item's name as it reads best across every sighting. */
  readonly itemName: string;
  /** As written here. */
  readonly name: string;
  readonly source: SightingSource;
  /** The span (title) or screen-text row (screen) it was read from. */
  readonly refId: number;
  readonly atMs: number;
  readonly untilMs: number;
  readonly app: string;
  readonly title: string;
  readonly role: string;
  readonly label: string;
  readonly state: string;
  readonly line: string;
  readonly device?: DeviceRef;
}

/** What one row (a span or a screen-text row) showed, to store as its sightings. */
export interface RowSightings {
  readonly source: SightingSource;
  readonly refId: number;
  readonly device: number;
  readonly atMs: number;
  readonly untilMs: number;
  readonly app: string;
  readonly title: string;
  readonly items: readonly ExtractedItem[];
}

interface SightingRow {
  item_id: number;
  kind: WorkItemKind;
  key: string;
  item_name: string;
  name: string;
  source: SightingSource;
  ref_id: number;
  at_ms: number;
  until_ms: number;
  app: string;
  title: string;
  role: string;
  label: string;
  state: string;
  line: string;
  device: number;
}

interface KeptDay {
  /** The day's version (migration 019) when read: a sighting of the day added, removed or read again moves it on. */
  readonly version: number;
  /** The names' version and the devices' labels the rows were read with (a better name, a renamed device). */
  readonly names: string;
  readonly rows: readonly Sighting[];
  /** The day's sightings by the row they were read from (`rowOf`), made the first time they are asked for. */
  byRow?: Map<number, Sighting[]>;
}

/** Sightings of some kinds, and every sighting of the rows they were read from (see `sightingsOfKinds`). */
export interface KindSightings {
  /** The sightings of the kinds asked for, oldest first. */
  readonly found: readonly Sighting[];
  /** Every sighting of each row a found one was read from, by `rowOf`, in the order `sightingsIn` gives them. */
  readonly rows: ReadonlyMap<number, readonly Sighting[]>;
}

/** The row (a span's title, a screen-text row) a sighting was read from, as one number. */
export const rowOf = (s: Pick<Sighting, 'refId' | 'source'>): number => s.refId * 2 + (s.source === 'screen' ? 1 : 0);

const DAY_MS = 86_400_000;
/** Windows longer than this (a week, a month, all of history) are read through the day cache. */
const CACHED_FROM_MS = 2 * DAY_MS;
/** Days of sightings the cache keeps (the least recently read go first). */
const CACHED_DAYS = 400;

/** A name in capitals reads worse than the same name in mixed case ("ALDER FOODS" → "Alder Foods"). */
const BETTER_NAME = `CASE WHEN work_items.name = upper(work_items.name) AND excluded.name != upper(excluded.name) THEN excluded.name ELSE work_items.name END`;

/**
 * Work items and their sightings (migration 014): written by the work-item index, read by recall, the
 * work threads and the day's views, of every device or one (`scoped`).
 */
export class WorkItemRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;
  /**
   * Sightings by UTC day (of `at_ms`), for long windows: a question about a month or a year would
   * otherwise read every row of it into objects again. Past days rarely change; each read checks every
   * day's version (migration 019) and reads again the days that changed (today, a late sync, pruning).
   */
  private readonly days = new Map<number, KeptDay>();
  constructor(
    private readonly db: Db,
    readonly scope: DeviceScope = null,
  ) {
    this.devices = new DeviceRepository(db);
    const d = deviceClause(scope, 's.');
    const select = `SELECT s.item_id, i.kind, i.key, i.name AS item_name, s.name, s.source, s.ref_id, s.at_ms, s.until_ms, s.app, s.title,
                           s.role, s.label, s.state, s.line, s.device
                    FROM work_item_sightings s JOIN work_items i ON i.id = s.item_id`;
    this.stmts = {
      upsertItem: db.prepare(
        `INSERT INTO work_items (kind, key, name) VALUES (?, ?, ?)
         ON CONFLICT (kind, key) DO UPDATE SET name = ${BETTER_NAME} RETURNING id`,
      ),
      deleteOfRef: db.prepare(`DELETE FROM work_item_sightings WHERE source = ? AND ref_id = ?`),
      insertSighting: db.prepare(
        `INSERT OR IGNORE INTO work_item_sightings (item_id, device, source, ref_id, at_ms, until_ms, app, title, name, role, label, state, line)
         VALUES (@item, @device, @source, @ref, @at, @until, @app, @title, @name, @role, @label, @state, @line)`,
      ),
      progress: db.prepare(`SELECT last_id AS id FROM work_item_progress WHERE source = ?`),
      setProgress: db.prepare(`UPDATE work_item_progress SET last_id = ? WHERE source = ?`),
      deleteOrphans: db.prepare(
        `DELETE FROM work_items WHERE NOT EXISTS (SELECT 1 FROM work_item_sightings s WHERE s.item_id = work_items.id)`,
      ),
      inWindow: db.prepare(`${select} WHERE s.at_ms < @end AND s.until_ms >= @start ${d} ORDER BY s.at_ms, s.id`),
      ofItem: db.prepare(`${select} WHERE s.item_id = @item AND s.at_ms < @end AND s.until_ms >= @start ${d} ORDER BY s.at_ms, s.id`),
      byName: db.prepare(`SELECT id FROM work_items WHERE kind = ? AND key = ?`),
      dayVersions: db.prepare(`SELECT day, version FROM work_item_sighting_days WHERE day BETWEEN @first AND @last ORDER BY day`),
      dayRows: db.prepare(`${select} WHERE s.at_ms >= @start AND s.at_ms < @end ${d} ORDER BY s.at_ms, s.id`),
      startedBefore: db.prepare(`${select} WHERE s.at_ms < @start AND s.until_ms >= @start ${d} ORDER BY s.at_ms, s.id`),
      namesVersion: db.prepare(`SELECT version FROM work_item_names_version`),
    };
  }

  scoped(scope: DeviceScope): WorkItemRepository {
    return scope === this.scope ? this : new WorkItemRepository(this.db, scope);
  }

  /** The last row of a source read for good (rows after it are read again: the newest may still change). */
  progress(source: SightingSource): number {
    return (this.stmts.progress.get(source) as { id: number }).id;
  }

  /** Stores what each row showed (replacing what an earlier read of the same row stored) and moves the progress on. */
  store(rows: readonly RowSightings[], progress: { readonly source: SightingSource; readonly lastId: number } | null): void {
    this.db.transaction(() => {
      for (const row of rows) {
        this.stmts.deleteOfRef.run(row.source, row.refId);
        for (const item of row.items) {
          const { id } = this.stmts.upsertItem.get(item.kind, item.key, item.name) as { id: number };
          this.stmts.insertSighting.run({
            item: id,
            device: row.device,
            source: row.source,
            ref: row.refId,
            at: row.atMs,
            until: Math.max(row.atMs, row.untilMs),
            app: row.app,
            title: row.title,
            name: item.name,
            role: item.role,
            label: item.label,
            state: item.state,
            line: item.line,
          });
        }
      }
      if (progress) this.stmts.setProgress.run(progress.lastId, progress.source);
    })();
  }

  /** Items no sighting refers to any more (their rows were pruned): their names go too. */
  deleteOrphans(): number {
    return this.stmts.deleteOrphans.run().changes;
  }

  /** Every sighting overlapping a time window, oldest first. */
  sightingsIn(window: TimeWindow): Sighting[] {
    const labels = this.devices.labels();
    if (window.endMs - window.startMs <= CACHED_FROM_MS)
      return (this.stmts.inWindow.all({ start: window.startMs, end: window.endMs }) as SightingRow[]).map((row) => toSighting(row, labels));
    const out = this.startedBefore(window, labels);
    for (const day of this.daysOf(window, labels))
      for (const s of day.rows) if (s.atMs >= window.startMs && s.atMs < window.endMs) out.push(s);
    return out;
  }

  /**
   * The sightings of some kinds overlapping a time window, and every sighting of the rows they were read
   * from: what an answer that weighs a figure or a person by the rest of its screen reads, without
   * gathering every other sighting of a month or a year. The same sightings `sightingsIn` gives, in its order.
   */
  sightingsOfKinds(window: TimeWindow, kinds: ReadonlySet<WorkItemKind>): KindSightings {
    const labels = this.devices.labels();
    const found: Sighting[] = [];
    const rows = new Map<number, readonly Sighting[]>();
    const take = (list: readonly Sighting[], byRow: ReadonlyMap<number, Sighting[]>, inWindow: (s: Sighting) => boolean): void => {
      for (const s of list)
        if (kinds.has(s.kind) && inWindow(s)) {
          found.push(s);
          const row = rowOf(s);
          if (!rows.has(row)) rows.set(row, byRow.get(row)!);
        }
    };
    const all = (): boolean => true;
    if (window.endMs - window.startMs <= CACHED_FROM_MS) {
      const list = (this.stmts.inWindow.all({ start: window.startMs, end: window.endMs }) as SightingRow[]).map((row) =>
        toSighting(row, labels),
      );
      take(list, groupByRow(list), all);
      return { found, rows };
    }
    const before = this.startedBefore(window, labels);
    take(before, groupByRow(before), all);
    for (const day of this.daysOf(window, labels)) {
      day.byRow ??= groupByRow(day.rows);
      take(day.rows, day.byRow, (s) => s.atMs >= window.startMs && s.atMs < window.endMs);
    }
    return { found, rows };
  }

  /** The sightings that began before a long window and still ran into it. */
  private startedBefore(window: TimeWindow, labels: DeviceLabels): Sighting[] {
    return (this.stmts.startedBefore.all({ start: window.startMs }) as SightingRow[]).map((row) => toSighting(row, labels));
  }

  /** The kept days a long window touches, oldest first: each read again where its version or the names moved on. */
  private daysOf(window: TimeWindow, labels: DeviceLabels): KeptDay[] {
    const versions = this.stmts.dayVersions.all({
      first: Math.floor(window.startMs / DAY_MS),
      last: Math.floor((window.endMs - 1) / DAY_MS),
    }) as { day: number; version: number }[];
    if (versions.length === 0) return [];
    const names = `${(this.stmts.namesVersion.get() as { version: number }).version}\n${JSON.stringify(this.devices.all())}`;
    const out: KeptDay[] = [];
    for (const { day, version } of versions) {
      let kept = this.days.get(day);
      if (kept?.version !== version || kept.names !== names) {
        const rows = this.stmts.dayRows.all({ start: day * DAY_MS, end: (day + 1) * DAY_MS }) as SightingRow[];
        kept = { version, names, rows: rows.map((row) => toSighting(row, labels)) };
      }
      // Least recently read last, so the first key is the one to let go.
      this.days.delete(day);
      this.days.set(day, kept);
      if (this.days.size > CACHED_DAYS) this.days.delete(this.days.keys().next().value!);
      out.push(kept);
    }
    return out;
  }

  /** One item's sightings in a time window, oldest first. */
  sightingsOf(itemId: number, window: TimeWindow): Sighting[] {
    const labels = this.devices.labels();
    return (this.stmts.ofItem.all({ item: itemId, start: window.startMs, end: window.endMs }) as SightingRow[]).map((row) =>
      toSighting(row, labels),
    );
  }

  /** The item of a kind and key, if it was ever seen. */
  itemId(kind: WorkItemKind, key: string): number | null {
    return (this.stmts.byName.get(kind, key) as { id: number } | undefined)?.id ?? null;
  }
}

/** Sightings by the row they were read from (`rowOf`), each row's in the order given. */
function groupByRow(list: readonly Sighting[]): Map<number, Sighting[]> {
  const byRow = new Map<number, Sighting[]>();
  for (const s of list) {
    const row = rowOf(s);
    const kept = byRow.get(row);
    if (kept) kept.push(s);
    else byRow.set(row, [s]);
  }
  return byRow;
}

function toSighting(row: SightingRow, labels: (key: number) => DeviceRef | undefined): Sighting {
  return {
    itemId: row.item_id,
    kind: row.kind,
    key: row.key,
    itemName: row.item_name,
    name: row.name,
    source: row.source,
    refId: row.ref_id,
    atMs: row.at_ms,
    untilMs: row.until_ms,
    app: row.app,
    title: row.title,
    role: row.role,
    label: row.label,
    state: row.state,
    line: row.line,
    ...deviceOf(labels, row.device),
  };
}

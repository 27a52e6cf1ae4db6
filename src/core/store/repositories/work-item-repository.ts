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
  /** What the day's rows were when read: a sighting added, removed or read again changes it. */
  readonly stamp: string;
  /** The items' names and the devices' labels the rows were read with (a better name, a renamed device). */
  readonly names: string;
  readonly rows: readonly Sighting[];
}

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
   * day's rows against its stamp and reads again the days that changed (today, a late sync, pruning).
   */
  private readonly days = new Map<number, KeptDay>();
  /**
   * The days with sightings in a window and the names, as read while the database stood at `token`: while
   * nothing was written since (this connection's changes and other connections' commits alike), every kept
   * day is as read, and a window inside that one needs no query to say which days to take.
   */
  private stampsKept: {
    token: string;
    startMs: number;
    endMs: number;
    stamps: readonly { day: number; stamp: string }[];
    names: string;
  } | null = null;

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
      dayStamps: db.prepare(
        `SELECT s.at_ms / ${DAY_MS} AS day, count(*) AS n, max(s.id) AS top, total(s.until_ms) AS ends
         FROM work_item_sightings s WHERE s.at_ms >= @start AND s.at_ms < @end ${d} GROUP BY day`,
      ),
      dayRows: db.prepare(`${select} WHERE s.at_ms >= @start AND s.at_ms < @end ${d} ORDER BY s.at_ms, s.id`),
      startedBefore: db.prepare(`${select} WHERE s.at_ms < @start AND s.until_ms >= @start ${d} ORDER BY s.at_ms, s.id`),
      changes: db.prepare(`SELECT total_changes() AS n`),
      dataVersion: db.prepare(`PRAGMA data_version`),
      names: db.prepare(`SELECT group_concat(id || ':' || name, char(10)) AS names FROM (SELECT id, name FROM work_items ORDER BY id)`),
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
        this.days.delete(Math.floor(row.atMs / DAY_MS));
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
    if (window.endMs - window.startMs > CACHED_FROM_MS) return this.sightingsByDay(window, labels);
    return (this.stmts.inWindow.all({ start: window.startMs, end: window.endMs }) as SightingRow[]).map((row) => toSighting(row, labels));
  }

  /** `sightingsIn` for a long window: the sightings that began before it, then each day's from the cache. */
  private sightingsByDay(window: TimeWindow, labels: DeviceLabels): Sighting[] {
    const { startMs, endMs } = window;
    const out = (this.stmts.startedBefore.all({ start: startMs }) as SightingRow[]).map((row) => toSighting(row, labels));
    const token = `${(this.stmts.changes.get() as { n: number }).n}:${JSON.stringify(this.stmts.dataVersion.get())}`;
    let kept = this.stampsKept;
    if (kept?.token !== token || kept.startMs > startMs || kept.endMs < endMs) {
      const stamps = (
        this.stmts.dayStamps.all({ start: startMs, end: endMs }) as {
          day: number;
          n: number;
          top: number;
          ends: number;
        }[]
      )
        .map(({ day, n, top, ends }) => ({ day, stamp: `${n}:${top}:${ends}` }))
        .sort((a, b) => a.day - b.day);
      const names = `${(this.stmts.names.get() as { names: string | null }).names ?? ''}\n${JSON.stringify(this.devices.all())}`;
      kept = this.stampsKept = { token, startMs, endMs, stamps, names: kept?.names === names ? kept.names : names };
    }
    const firstDay = Math.floor(startMs / DAY_MS);
    const stamps = kept.stamps.filter(({ day }) => day >= firstDay && day * DAY_MS < endMs);
    if (stamps.length === 0) return out;
    const names = kept.names;
    for (const { day, stamp } of stamps) {
      let keptDay = this.days.get(day);
      if (keptDay?.stamp !== stamp || keptDay.names !== names) {
        const rows = this.stmts.dayRows.all({ start: day * DAY_MS, end: (day + 1) * DAY_MS }) as SightingRow[];
        keptDay = { stamp, names, rows: rows.map((row) => toSighting(row, labels)) };
      }
      // Least recently read last, so the first key is the one to let go.
      this.days.delete(day);
      this.days.set(day, keptDay);
      if (this.days.size > CACHED_DAYS) this.days.delete(this.days.keys().next().value!);
      for (const sighting of keptDay.rows) if (sighting.atMs >= startMs && sighting.atMs < endMs) out.push(sighting);
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

import type { DeviceRef } from '../../../shared/contract/sync';
import type { ExtractedItem, WorkItemKind } from './work-item-record';
import type { Db } from '../database';
import type { TimeWindow } from './activity-repository';
import { deviceClause, DeviceRepository, deviceOf, type DeviceScope } from './device-repository';

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

/** A name in capitals reads worse than the same name in mixed case ("ALDER FOODS" → "Alder Foods"). */
const BETTER_NAME = `CASE WHEN work_items.name = upper(work_items.name) AND excluded.name != upper(excluded.name) THEN excluded.name ELSE work_items.name END`;

/**
 * Work items and their sightings (migration 014): written by the work-item index, read by recall, the
 * work threads and the day's views, of every device or one (`scoped`).
 */
export class WorkItemRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

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
    return (this.stmts.inWindow.all({ start: window.startMs, end: window.endMs }) as SightingRow[]).map((row) => toSighting(row, labels));
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

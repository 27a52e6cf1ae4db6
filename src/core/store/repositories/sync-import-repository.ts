import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../database';
import { ownedBy, type SyncTable } from './sync-table';

/** A row whose parent this profile does not hold yet: the segment waits for the one that brings it. */
export class MissingParentError extends Error {
  constructor(
    readonly kind: string,
    readonly parentKind: string,
    readonly parentId: number | string,
  ) {
    super(`a ${kind} belongs to ${parentKind.replace('_', ' ')} ${parentId}, which no segment applied so far brings`);
    this.name = 'MissingParentError';
  }
}

/** One record to apply, already checked against its schema. */
export type ImportRecord =
  | { readonly kind: string; readonly id: number | string; readonly rev: number; readonly row: Record<string, unknown> }
  | { readonly kind: string; readonly id: number | string; readonly rev: number; readonly deleted: true }
  | { readonly kind: string; readonly rev: number; readonly withdrawn: true };

export interface ApplyResult {
  /** Records that changed a row (inserted, updated, deleted). */
  readonly applied: number;
  /** Records older than what is held (a segment seen again, or an older state arriving late), or deletions of rows never held. */
  readonly stale: number;
}

export interface SegmentMark {
  readonly device: number;
  readonly seq: number;
  readonly state: 'applied' | 'failed' | 'waiting';
  readonly sha256: string | null;
  readonly bytes: number;
  readonly records: number;
  readonly detail: string | null;
  readonly atMs: number;
  /** The file the mark was made from (size, mtime, inode): a failed one is read again only once it changed. */
  readonly stamp: string | null;
  /** Failed as hostile input (a link, not a plain file, over a limit, wrongly signed), not merely damaged. */
  readonly refused: boolean;
}

/** A segment of a device not applied (yet): how it failed, and the file it failed from. */
export interface UnappliedMark {
  readonly state: 'failed' | 'waiting';
  readonly stamp: string | null;
}

interface MarkRow {
  device: number;
  seq: number;
  state: SegmentMark['state'];
  sha256: string | null;
  bytes: number;
  records: number;
  detail: string | null;
  at_ms: number;
  stamp: string | null;
  refused: number;
}

interface Held {
  local_id: number | string | null;
  rev: number;
}

/**
 * The inbox side of the sync tables (migration 012): applies another device's records into that device's
 * scope. Every write names the device, so a record can only ever touch rows of the device whose folder
 * it came from; `sync_rows` maps each of its row ids to the row here and the revision applied.
 */
export class SyncImportRepository {
  private readonly stmts;
  /** Statements built from the tables' columns, prepared once each. */
  private readonly prepared = new Map<string, Statement>();

  constructor(private readonly db: Db) {
    this.stmts = {
      held: db.prepare(`SELECT local_id, rev FROM sync_rows WHERE device = ? AND kind = ? AND origin_id = ?`),
      hold: db.prepare(
        `INSERT INTO sync_rows (device, kind, origin_id, local_id, rev) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (device, kind, origin_id) DO UPDATE SET local_id = excluded.local_id, rev = excluded.rev`,
      ),
      forgetKind: db.prepare(`DELETE FROM sync_rows WHERE device = ? AND kind = ?`),
      forgetDevice: db.prepare(`DELETE FROM sync_rows WHERE device = ?`),
      forgetSegments: db.prepare(`DELETE FROM sync_segments WHERE device = ?`),
      mark: db.prepare(
        `INSERT INTO sync_segments (device, seq, state, sha256, bytes, records, detail, at_ms, stamp, refused)
         VALUES (@device, @seq, @state, @sha256, @bytes, @records, @detail, @atMs, @stamp, @refused)
         ON CONFLICT (device, seq) DO UPDATE SET state = excluded.state, sha256 = excluded.sha256, bytes = excluded.bytes,
           records = excluded.records, detail = excluded.detail, at_ms = excluded.at_ms, stamp = excluded.stamp,
           refused = excluded.refused`,
      ),
      unapplied: db.prepare(`SELECT seq, state, stamp FROM sync_segments WHERE device = ? AND seq > ? AND state != 'applied'`),
      applied: db.prepare(`SELECT seq FROM sync_segments WHERE device = ? AND state = 'applied' AND seq > ? ORDER BY seq`),
      problems: db.prepare(`SELECT * FROM sync_segments WHERE state != 'applied' ORDER BY at_ms DESC LIMIT ?`),
      problemCounts: db.prepare(`SELECT state, refused, COUNT(*) AS n FROM sync_segments WHERE state != 'applied' GROUP BY state, refused`),
      appliedCount: db.prepare(`SELECT COUNT(*) AS n FROM sync_segments WHERE device = ? AND state = 'applied' AND seq > 0`),
    };
  }

  /** The sequence numbers above `after` already applied for a device. */
  appliedAfter(device: number, after: number): Set<number> {
    return new Set((this.stmts.applied.all(device, after) as { seq: number }[]).map((r) => r.seq));
  }

  appliedCount(device: number): number {
    return (this.stmts.appliedCount.get(device) as { n: number }).n;
  }

  /** A device's segments above `after` that failed or wait, by sequence number. */
  unapplied(device: number, after: number): Map<number, UnappliedMark> {
    const rows = this.stmts.unapplied.all(device, after) as { seq: number; state: UnappliedMark['state']; stamp: string | null }[];
    return new Map(rows.map((r) => [r.seq, { state: r.state, stamp: r.stamp }]));
  }

  /** Segments that failed or wait, newest first. */
  problems(limit: number): SegmentMark[] {
    return (this.stmts.problems.all(limit) as MarkRow[]).map(({ at_ms, refused, ...mark }) => ({
      ...mark,
      atMs: at_ms,
      refused: refused === 1,
    }));
  }

  /**
   * Rows of a table keyed by text (conversations) kept under an id other than their own because another
   * device's row, or this device's, holds theirs: who claimed what (`holder`: the device of the row with
   * that id here).
   */
  keptApart(table: SyncTable, limit: number): { device: number; originId: string; localId: string; holder: number | null }[] {
    return this.statement(
      // Device by device (CROSS JOIN keeps that order), so the key of sync_rows (device, kind, origin_id) finds the kind's rows.
      `SELECT r.device, r.origin_id AS originId, r.local_id AS localId, t.device AS holder
       FROM devices d CROSS JOIN sync_rows r ON r.device = d.key AND r.kind = ?
       LEFT JOIN ${table.table} t ON t.${table.key} = r.origin_id
       WHERE r.local_id IS NOT NULL AND r.local_id != r.origin_id
       LIMIT ?`,
    ).all(table.kind, limit) as { device: number; originId: string; localId: string; holder: number | null }[];
  }

  /** How many segments (and manifests) are not applied, by why: `failed` damaged, `refused` hostile, `waiting`. */
  problemCounts(): { failed: number; refused: number; waiting: number } {
    const counts = { failed: 0, refused: 0, waiting: 0 };
    for (const row of this.stmts.problemCounts.all() as { state: 'failed' | 'waiting'; refused: number; n: number }[]) {
      counts[row.state === 'waiting' ? 'waiting' : row.refused === 1 ? 'refused' : 'failed'] += row.n;
    }
    return counts;
  }

  /** Deletes everything imported from a device (its rows, their mapping, its segments' marks): a device refused. */
  forget(device: number, tables: readonly SyncTable[]): void {
    this.db.transaction(() => {
      for (const table of tables.filter((t) => t.owner === 'self')) {
        this.statement(`DELETE FROM ${table.table} WHERE ${ownedBy(table, '@device')}`).run({ device });
      }
      this.stmts.forgetDevice.run(device);
      this.stmts.forgetSegments.run(device);
    })();
  }

  mark(mark: SegmentMark): void {
    this.stmts.mark.run({ ...mark, refused: mark.refused ? 1 : 0 });
  }

  /**
   * Applies a segment's records in one transaction with its mark: all of it is applied, or (any error,
   * a missing parent included) none of it and the error is thrown. Parents' kinds come first.
   * `inOrder`: every earlier segment of the device is applied, so no older state of a row can still
   * arrive, and the deletion of a row never held here needs no tombstone (a flood of deletions of rows
   * that never were grows nothing).
   */
  applySegment(
    device: number,
    tables: ReadonlyMap<string, SyncTable>,
    records: readonly ImportRecord[],
    mark: SegmentMark,
    inOrder = false,
  ): ApplyResult {
    return this.db.transaction((): ApplyResult => {
      const result = { applied: 0, stale: 0 };
      const ordered = [...records].sort((a, b) => rank(tables, a.kind) - rank(tables, b.kind));
      for (const record of ordered) {
        const table = tables.get(record.kind);
        if (!table) throw new Error(`no table for records of kind ${record.kind}`);
        result[this.apply(device, table, record, inOrder)]++;
      }
      this.mark(mark);
      return result;
    })();
  }

  private apply(device: number, table: SyncTable, record: ImportRecord, inOrder: boolean): keyof ApplyResult {
    if ('withdrawn' in record) {
      this.statement(`DELETE FROM ${table.table} WHERE ${ownedBy(table, '@device')}`).run({ device });
      this.stmts.forgetKind.run(device, table.kind);
      return 'applied';
    }
    const held = this.stmts.held.get(device, table.kind, record.id) as Held | undefined;
    if (held && held.rev >= record.rev) return 'stale';
    if ('deleted' in record) {
      if (!held && inOrder) return 'stale';
      if (held?.local_id != null) this.deleteOwned(device, table, held.local_id);
      this.stmts.hold.run(device, table.kind, record.id, null, record.rev);
      return 'applied';
    }
    const row = { ...record.row };
    if (table.parent) {
      const parentId = row[table.parent.column];
      if (parentId !== null && parentId !== undefined) {
        const parent = this.stmts.held.get(device, table.parent.kind, parentId) as Held | undefined;
        if (!parent) {
          if (!table.parent.optional) throw new MissingParentError(table.kind, table.parent.kind, parentId as number | string);
          row[table.parent.column] = null;
        } else if (parent.local_id === null) {
          // Its parent was deleted on its device: so is it.
          this.stmts.hold.run(device, table.kind, record.id, null, record.rev);
          return 'applied';
        } else row[table.parent.column] = parent.local_id;
      }
    }
    const localId =
      held?.local_id != null && this.updateOwned(device, table, held.local_id, row)
        ? held.local_id
        : this.insert(device, table, record.id, row);
    this.stmts.hold.run(device, table.kind, record.id, localId, record.rev);
    return 'applied';
  }

  /**
   * The key a row of `device` keyed by text (a conversation) takes here: its own id while no row holds it,
   * the row already there when it is this device's own, else an id of its own derived from the device and
   * that id. A record claiming the id of this device's conversation, or of another device's, never takes,
   * hides or blocks it: both are kept, each under its device (`SyncStatus` lists it as a conflict).
   */
  private textKeyFor(device: number, table: SyncTable, originId: string): { key: string; existing: boolean } {
    const holder = (key: string): number | undefined =>
      (this.statement(`SELECT device FROM ${table.table} WHERE ${table.key} = ?`).get(key) as { device: number } | undefined)?.device;
    const owner = holder(originId);
    if (owner === undefined) return { key: originId, existing: false };
    if (owner === device) return { key: originId, existing: true };
    const prefix = originId.includes('_') ? originId.slice(0, originId.indexOf('_') + 1) : '';
    for (let attempt = 0; ; attempt++) {
      const key = `${prefix}${createHash('sha256').update(`${device}\u0000${originId}\u0000${attempt}`).digest('base64url').slice(0, 22)}`;
      const taken = holder(key);
      if (taken === undefined || taken === device) return { key, existing: taken === device };
    }
  }

  private statement(sql: string): Statement {
    let statement = this.prepared.get(sql);
    if (!statement) this.prepared.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private updateOwned(device: number, table: SyncTable, localId: number | string, row: Record<string, unknown>): boolean {
    const sets = table.columns.map((c) => `${c} = @${c}`).join(', ');
    return (
      this.statement(`UPDATE ${table.table} SET ${sets} WHERE ${table.key} = @localId AND ${ownedBy(table, '@device')}`).run({
        ...row,
        localId,
        device,
      }).changes > 0
    );
  }

  private deleteOwned(device: number, table: SyncTable, localId: number | string): void {
    this.statement(`DELETE FROM ${table.table} WHERE ${table.key} = @localId AND ${ownedBy(table, '@device')}`).run({ localId, device });
  }

  /**
   * Inserts a row in the device's scope; conversations keep their id where it is free (`textKeyFor`),
   * other rows get one here.
   */
  private insert(device: number, table: SyncTable, originId: number | string, row: Record<string, unknown>): number | string {
    const columns = [...table.columns];
    const values: Record<string, unknown> = { ...row };
    if (table.owner === 'self') {
      columns.push('device');
      values.device = device;
    }
    if (table.textKey && !table.columns.includes(table.key)) {
      const { key, existing } = this.textKeyFor(device, table, String(originId));
      if (existing && this.updateOwned(device, table, key, row)) return key;
      columns.push(table.key);
      values[table.key] = key;
    }
    const inserted = this.statement(
      `INSERT INTO ${table.table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')}) RETURNING ${table.key} AS id`,
    ).get(values) as { id: number | string };
    return inserted.id;
  }
}

function rank(tables: ReadonlyMap<string, SyncTable>, kind: string): number {
  return tables.get(kind)?.parent ? 1 : 0;
}

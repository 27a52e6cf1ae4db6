import type { Db } from '../database';
import { LOCAL_DEVICE } from './device-repository';
import { ownedBy, type SyncTable } from './sync-table';

/** One of this device's rows changed since it was last written to the folder; `seq` is its revision. */
export interface PendingChange {
  readonly seq: number;
  readonly kind: string;
  readonly rowId: number | string;
}

export interface OutboxState {
  readonly on: boolean;
  readonly sharedKinds: readonly string[];
  /** The sequence number of the next segment this device writes. */
  readonly nextSeq: number;
  readonly lastExportAt: number | null;
}

/**
 * The outbox side of the sync tables (migration 012): whether changes are logged, what is pending, the
 * rows as they are now, and the acknowledgement once a segment holding them is in the folder.
 */
export class SyncOutboxRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      state: db.prepare(`SELECT outbox, shared_kinds, next_seq, last_export_at FROM sync_state WHERE id = 1`),
      turnOn: db.prepare(`UPDATE sync_state SET outbox = 1 WHERE id = 1`),
      turnOff: db.prepare(`UPDATE sync_state SET outbox = 0, shared_kinds = '[]' WHERE id = 1`),
      clear: db.prepare(`DELETE FROM sync_outbox`),
      setShared: db.prepare(`UPDATE sync_state SET shared_kinds = ? WHERE id = 1`),
      dropKind: db.prepare(`DELETE FROM sync_outbox WHERE kind = ?`),
      pendingCount: db.prepare(`SELECT COUNT(*) AS n FROM sync_outbox`),
      ack: db.prepare(`DELETE FROM sync_outbox WHERE seq = ?`),
      written: db.prepare(`UPDATE sync_state SET next_seq = MAX(next_seq, ?), last_export_at = ? WHERE id = 1`),
      logWithdrawal: db.prepare(`INSERT OR REPLACE INTO sync_outbox (kind, row_id) VALUES (?, '*') RETURNING seq`),
    };
  }

  state(): OutboxState {
    const row = this.stmts.state.get() as { outbox: number; shared_kinds: string; next_seq: number; last_export_at: number | null };
    return {
      on: row.outbox === 1,
      sharedKinds: JSON.parse(row.shared_kinds) as string[],
      nextSeq: row.next_seq,
      lastExportAt: row.last_export_at,
    };
  }

  /**
   * Starts logging this device's changes and queues every existing row of the kinds shared now but not
   * before (the first export is the whole history); kinds no longer shared are queued as withdrawn.
   * One transaction, so no change falls between the snapshot and the log.
   */
  share(tables: readonly SyncTable[]): { queued: number; withdrawn: string[] } {
    return this.db.transaction(() => {
      const before = new Set(this.state().sharedKinds);
      this.stmts.turnOn.run();
      let queued = 0;
      for (const table of tables.filter((t) => !before.has(t.kind))) {
        queued += this.db
          .prepare(
            `INSERT OR REPLACE INTO sync_outbox (kind, row_id)
             SELECT '${table.kind}', ${table.key} FROM ${table.table} WHERE ${ownedBy(table, LOCAL_DEVICE)} ORDER BY ${table.textKey ? 'rowid' : table.key}`,
          )
          .run().changes;
      }
      const now = new Set(tables.map((t) => t.kind));
      const withdrawn = [...before].filter((kind) => !now.has(kind));
      for (const kind of withdrawn) {
        this.stmts.dropKind.run(kind);
        this.stmts.logWithdrawal.get(kind);
      }
      this.stmts.setShared.run(JSON.stringify([...now]));
      return { queued, withdrawn };
    })();
  }

  /** Stops logging and forgets what was pending (sync turned off); turning it on again writes everything anew. */
  stop(): void {
    this.db.transaction(() => {
      this.stmts.turnOff.run();
      this.stmts.clear.run();
    })();
  }

  pendingCount(): number {
    return (this.stmts.pendingCount.get() as { n: number }).n;
  }

  /**
   * Up to `limit` pending changes, parents' kinds first, then oldest first. Two walks in sequence order
   * (the table's key), each stopping at the limit, so a long backlog is never sorted whole.
   */
  pending(parentKinds: readonly string[], limit: number): PendingChange[] {
    const parents = parentKinds.map((k) => `'${k.replace(/'/g, '')}'`).join(', ') || `''`;
    const walk = (where: string, n: number): PendingChange[] =>
      this.db.prepare(`SELECT seq, kind, row_id AS rowId FROM sync_outbox WHERE ${where} ORDER BY seq LIMIT ?`).all(n) as PendingChange[];
    const first = walk(`kind IN (${parents})`, limit);
    return first.length < limit ? [...first, ...walk(`kind NOT IN (${parents})`, limit - first.length)] : first;
  }

  /** The rows of `table` with these keys that exist and are this device's own, by key. */
  rows(table: SyncTable, keys: readonly (number | string)[]): Map<number | string, Record<string, unknown>> {
    const found = new Map<number | string, Record<string, unknown>>();
    const columns = [table.key, ...table.columns.filter((c) => c !== table.key)].join(', ');
    for (let i = 0; i < keys.length; i += 500) {
      const batch = keys.slice(i, i + 500);
      const rows = this.db
        .prepare(
          `SELECT ${columns} FROM ${table.table} WHERE ${table.key} IN (${batch.map(() => '?').join(', ')}) AND ${ownedBy(table, LOCAL_DEVICE)}`,
        )
        .all(...batch) as Record<string, unknown>[];
      for (const row of rows) found.set(row[table.key] as number | string, row);
    }
    return found;
  }

  /** A segment holding these changes is in the folder: they are done, and the next segment is `nextSeq`. */
  written(seqs: readonly number[], nextSeq: number, atMs: number): void {
    this.db.transaction(() => {
      for (const seq of seqs) this.stmts.ack.run(seq);
      this.stmts.written.run(nextSeq, atMs);
    })();
  }
}

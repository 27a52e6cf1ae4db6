/**
 * A table whose rows travel between devices (migration 012), as the sync repositories read and write
 * it: they know its columns, not their meaning. `src/core/sync/sync-kinds.ts` declares one per kind.
 */
export interface SyncTable {
  /** The record kind on the wire and in `sync_outbox` (`span`, `turn`, …). */
  readonly kind: string;
  readonly table: string;
  /** The key column: an integer id, or text (a session's id, kept across devices). */
  readonly key: string;
  readonly textKey: boolean;
  /** The columns a record carries, in this order; never the key nor `device`. */
  readonly columns: readonly string[];
  /** The column naming the parent row (its id on the row's own device), and the parent's kind. */
  readonly parent?: { readonly column: string; readonly kind: string; readonly optional?: boolean };
  /**
   * Whose row it is: a column on the table, or the parent's (turns and context sets belong to their
   * conversation's device).
   */
  readonly owner: 'self' | 'parent';
}

/**
 * SQL true for a row of `table` (no alias) that belongs to `device`: a device key, or a statement
 * parameter such as `@device`.
 */
export function ownedBy(table: SyncTable, device: number | `@${string}`): string {
  return table.owner === 'self' ? `device = ${device}` : `session_id IN (SELECT id FROM sessions WHERE device = ${device})`;
}

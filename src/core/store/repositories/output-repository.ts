import type { OutputKind } from '../../../shared/contract/storage';
import type { Db } from '../database';

export interface OutputRow {
  id: string;
  session_id: string;
  turn: number | null;
  kind: OutputKind;
  mime_type: string;
  metadata: string;
  data: Buffer;
  size: number;
  created_at: number;
}

export type OutputMetaRow = Omit<OutputRow, 'data'>;

const META_COLUMNS = 'id, session_id, turn, kind, mime_type, metadata, size, created_at';

/** Stored outputs: content as a BLOB next to its metadata, so a session delete cascades to both. */
export class OutputRepository {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare<[string, string, number | null, OutputKind, string, string, Buffer, number, number]>(
        `INSERT INTO outputs (id, session_id, turn, kind, mime_type, metadata, data, size, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare<[string], OutputRow>('SELECT * FROM outputs WHERE id = ?'),
      listForSession: db.prepare<[string], OutputMetaRow>(
        `SELECT ${META_COLUMNS} FROM outputs WHERE session_id = ? ORDER BY created_at, rowid`,
      ),
      deleteBefore: db.prepare<[number]>('DELETE FROM outputs WHERE created_at < ?'),
    };
  }

  insert(row: OutputRow): void {
    this.stmts.insert.run(row.id, row.session_id, row.turn, row.kind, row.mime_type, row.metadata, row.data, row.size, row.created_at);
  }

  get(id: string): OutputRow | undefined {
    return this.stmts.get.get(id);
  }

  listForSession(sessionId: string): OutputMetaRow[] {
    return this.stmts.listForSession.all(sessionId);
  }

  /** Deletes outputs created before `cutoffMs`; returns how many. */
  deleteCreatedBefore(cutoffMs: number): number {
    return this.stmts.deleteBefore.run(cutoffMs).changes;
  }
}

import type { ContextReceipt } from '../../../shared/contract/memory';
import { iso } from '../../clock';
import type { Db } from '../database';

interface ReceiptRow {
  id: number;
  at_ms: number;
  purpose: string;
  work_session_id: number | null;
  engine: 'llm' | 'offline' | null;
  fallback_reason: string | null;
  tokens: string;
  image_count: number;
  included: string;
  dropped: string;
}

/** One receipt per LLM call: what its LLM context included and dropped, tokens per tier. */
export class MemoryReceiptRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO context_receipts (at_ms, purpose, work_session_id, engine, fallback_reason, tokens, image_count, included, dropped)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      setOutcome: db.prepare(`UPDATE context_receipts SET engine = ?, fallback_reason = ? WHERE id = ?`),
      prune: db.prepare(`DELETE FROM context_receipts WHERE at_ms < ?`),
    };
  }

  insert(receipt: Omit<ContextReceipt, 'id'>, atMs: number): number {
    return (
      this.stmts.insert.get(
        atMs,
        receipt.purpose,
        receipt.workSessionId,
        receipt.engine,
        receipt.fallbackReason,
        JSON.stringify(receipt.tokens),
        receipt.imageCount,
        JSON.stringify(receipt.included),
        JSON.stringify(receipt.dropped),
      ) as { id: number }
    ).id;
  }

  /** Records which engine answered the call the receipt belongs to. */
  setOutcome(id: number, engine: 'llm' | 'offline', fallbackReason: string | null): void {
    this.stmts.setOutcome.run(engine, fallbackReason, id);
  }

  list(limit: number, workSessionId?: number): ContextReceipt[] {
    const rows = (
      workSessionId === undefined
        ? this.db.prepare(`SELECT * FROM context_receipts ORDER BY at_ms DESC, id DESC LIMIT ?`).all(limit)
        : this.db
            .prepare(`SELECT * FROM context_receipts WHERE work_session_id = ? ORDER BY at_ms DESC, id DESC LIMIT ?`)
            .all(workSessionId, limit)
    ) as ReceiptRow[];
    return rows.map((row) => ({
      id: row.id,
      at: iso(row.at_ms),
      purpose: row.purpose,
      workSessionId: row.work_session_id,
      engine: row.engine,
      fallbackReason: row.fallback_reason,
      tokens: JSON.parse(row.tokens) as ContextReceipt['tokens'],
      imageCount: row.image_count,
      included: JSON.parse(row.included) as ContextReceipt['included'],
      dropped: JSON.parse(row.dropped) as ContextReceipt['dropped'],
    }));
  }

  /** The receipts of calls made for these work sessions (a replayed day played again). */
  deleteForWorkSessions(ids: readonly number[]): number {
    const del = this.db.prepare(`DELETE FROM context_receipts WHERE work_session_id = ?`);
    return ids.reduce((n, id) => n + del.run(id).changes, 0);
  }

  /** Retention: receipts older than `beforeMs` are deleted. */
  pruneBefore(beforeMs: number): number {
    return this.stmts.prune.run(beforeMs).changes;
  }
}

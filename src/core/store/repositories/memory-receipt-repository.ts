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
  image_bytes: number;
  included: string;
  dropped: string;
}

/** One receipt per LLM call: what its LLM context included and dropped, tokens per tier. */
export class MemoryReceiptRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO context_receipts (at_ms, purpose, work_session_id, engine, fallback_reason, tokens, image_count, image_bytes, included, dropped)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      setOutcome: db.prepare(`UPDATE context_receipts SET engine = ?, fallback_reason = ?, image_count = ?, image_bytes = ? WHERE id = ?`),
      get: db.prepare(`SELECT * FROM context_receipts WHERE id = ?`),
      setParts: db.prepare(`UPDATE context_receipts SET tokens = ?, included = ?, dropped = ? WHERE id = ?`),
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
        receipt.imageBytes,
        JSON.stringify(receipt.included),
        JSON.stringify(receipt.dropped),
      ) as { id: number }
    ).id;
  }

  /**
   * Records which engine answered the call the receipt belongs to, and the images it sent (the LLM gate
   * may hold back some of those the LLM context chose) with their bytes.
   */
  setOutcome(
    id: number,
    outcome: { engine: 'llm' | 'offline'; fallbackReason: string | null; imageCount: number; imageBytes: number },
  ): void {
    this.stmts.setOutcome.run(outcome.engine, outcome.fallbackReason, outcome.imageCount, outcome.imageBytes, id);
  }

  /** Adds what a caller gave the call beside the LLM context (chat: the evidence and the conversation) to its receipt. */
  addParts(id: number, included: ContextReceipt['included'], dropped: ContextReceipt['dropped']): void {
    const row = this.stmts.get.get(id) as ReceiptRow | undefined;
    if (!row) return;
    const receipt = toReceipt(row);
    const tokens = { ...receipt.tokens };
    for (const item of included) tokens[item.tier] += item.tokens;
    tokens.total += included.reduce((sum, item) => sum + item.tokens, 0);
    this.stmts.setParts.run(
      JSON.stringify(tokens),
      JSON.stringify([...receipt.included, ...included]),
      JSON.stringify([...receipt.dropped, ...dropped]),
      id,
    );
  }

  list(limit: number, workSessionId?: number): ContextReceipt[] {
    const rows = (
      workSessionId === undefined
        ? this.db.prepare(`SELECT * FROM context_receipts ORDER BY at_ms DESC, id DESC LIMIT ?`).all(limit)
        : this.db
            .prepare(`SELECT * FROM context_receipts WHERE work_session_id = ? ORDER BY at_ms DESC, id DESC LIMIT ?`)
            .all(workSessionId, limit)
    ) as ReceiptRow[];
    return rows.map(toReceipt);
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

/** Tiers a receipt written before they existed (migration 011) did not count. */
const NEWER_TIERS = { evidence: 0, conversation: 0 };

function toReceipt(row: ReceiptRow): ContextReceipt {
  return {
    id: row.id,
    at: iso(row.at_ms),
    purpose: row.purpose,
    workSessionId: row.work_session_id,
    engine: row.engine,
    fallbackReason: row.fallback_reason,
    tokens: { ...NEWER_TIERS, ...(JSON.parse(row.tokens) as Partial<ContextReceipt['tokens']>) } as ContextReceipt['tokens'],
    imageCount: row.image_count,
    imageBytes: row.image_bytes,
    included: JSON.parse(row.included) as ContextReceipt['included'],
    dropped: JSON.parse(row.dropped) as ContextReceipt['dropped'],
  };
}

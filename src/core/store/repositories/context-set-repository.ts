import { contextSetsSchema, type ContextSets } from '../../../shared/contract/session-context-sets';
import type { Db } from '../database';

export interface StoredContextSets {
  readonly sets: ContextSets;
  readonly updatedAt: number | null;
}

/** The context sets of each session, one JSON object per session. */
export class ContextSetRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      get: db.prepare<[string], { sets: string; updated_at: number }>('SELECT sets, updated_at FROM session_context WHERE session_id = ?'),
      upsert: db.prepare<[string, string, number]>(
        `INSERT INTO session_context (session_id, sets, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (session_id) DO UPDATE SET sets = excluded.sets, updated_at = excluded.updated_at`,
      ),
      sessionExists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM sessions WHERE id = ?'),
    };
  }

  sessionExists(sessionId: string): boolean {
    return this.stmts.sessionExists.get(sessionId) !== undefined;
  }

  get(sessionId: string): StoredContextSets {
    const row = this.stmts.get.get(sessionId);
    if (!row) return { sets: {}, updatedAt: null };
    // A row edited by hand into something invalid reads as no context sets rather than breaking the session.
    const parsed = contextSetsSchema.safeParse(JSON.parse(row.sets));
    return { sets: parsed.success ? parsed.data : {}, updatedAt: row.updated_at };
  }

  save(sessionId: string, sets: ContextSets, at: number): void {
    this.stmts.upsert.run(sessionId, JSON.stringify(sets), at);
  }

  /** Reads, changes and writes in one transaction so two changes cannot lose each other's items. */
  update<T>(sessionId: string, change: (current: ContextSets) => { sets: ContextSets; result: T }, at: number): T {
    return this.db
      .transaction(() => {
        const { sets, result } = change(this.get(sessionId).sets);
        this.save(sessionId, sets, at);
        return result;
      })
      .immediate();
  }
}

import { sessionContextSchema, type SessionContext } from '../../../shared/contract/context';
import type { Db } from '../database';

export interface StoredContext {
  readonly context: SessionContext;
  readonly updatedAt: number | null;
}

/** The context sets of each session, one JSON object per session. */
export class ContextSetRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      get: db.prepare<[string], { sets: string; updated_at: number }>(
        'SELECT sets, updated_at FROM session_context WHERE session_id = ?',
      ),
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

  get(sessionId: string): StoredContext {
    const row = this.stmts.get.get(sessionId);
    if (!row) return { context: {}, updatedAt: null };
    // A row edited by hand into something invalid reads as no context rather than breaking the session.
    const parsed = sessionContextSchema.safeParse(JSON.parse(row.sets));
    return { context: parsed.success ? parsed.data : {}, updatedAt: row.updated_at };
  }

  save(sessionId: string, context: SessionContext, at: number): void {
    this.stmts.upsert.run(sessionId, JSON.stringify(context), at);
  }

  /** Reads, changes and writes in one transaction so two changes cannot lose each other's items. */
  update<T>(sessionId: string, change: (current: SessionContext) => { context: SessionContext; result: T }, at: number): T {
    return this.db.transaction(() => {
      const { context, result } = change(this.get(sessionId).context);
      this.save(sessionId, context, at);
      return result;
    }).immediate();
  }
}

import type { Db } from '../database';
import { LOCAL_DEVICE } from './device-repository';

/**
 * A conversation of another device continued here (migration 012): this device never writes to that
 * device's rows, so resuming it copies the conversation (turns, title history, context sets) into a
 * conversation of this device that `continues` it, and later resumes find that copy again.
 */
export class SessionContinuations {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      existing: db.prepare(`SELECT id FROM sessions WHERE continues = ? AND device = ${LOCAL_DEVICE} ORDER BY created_at DESC, id LIMIT 1`),
      session: db.prepare(
        `INSERT INTO sessions (id, type, title, title_by_user, status, created_at, last_active_at, model, tools, system_prompt_hash,
           context_summary, token_count, turn_count, pause_requested, paused_at, continues, device)
         SELECT @to, type, title, title_by_user, 'paused', @at, @at, model, tools, system_prompt_hash, context_summary, token_count, turn_count,
           0, @at, id, ${LOCAL_DEVICE}
         FROM sessions WHERE id = @from`,
      ),
      turns: db.prepare(
        `INSERT INTO turns (session_id, number, prompt, reply, app, window_title, prompt_tokens, reply_tokens, summary,
           summary_source, engine, status, created_at, completed_at, evidence, interrupted_reason)
         SELECT @to, number, prompt, reply, app, window_title, prompt_tokens, reply_tokens, summary, summary_source, engine,
           CASE status WHEN 'streaming' THEN 'interrupted' ELSE status END, created_at, COALESCE(completed_at, created_at),
           evidence, interrupted_reason
         FROM turns WHERE session_id = @from ORDER BY number`,
      ),
      titles: db.prepare(
        `INSERT INTO session_title_history (session_id, title, changed_at, turn)
         SELECT @to, title, changed_at, turn FROM session_title_history WHERE session_id = @from ORDER BY id`,
      ),
      context: db.prepare(
        `INSERT INTO session_context (session_id, sets, updated_at) SELECT @to, sets, @at FROM session_context WHERE session_id = @from`,
      ),
    };
  }

  /** This device's continuation of another device's conversation, when it was resumed here before. */
  existing(fromId: string): string | null {
    return (this.stmts.existing.get(fromId) as { id: string } | undefined)?.id ?? null;
  }

  /** Copies conversation `from` into a new one of this device, `to`, paused at `at`. */
  copy(from: string, to: string, at: number): void {
    this.db.transaction(() => {
      const params = { from, to, at };
      this.stmts.session.run(params);
      this.stmts.turns.run(params);
      this.stmts.titles.run(params);
      this.stmts.context.run(params);
    })();
  }
}

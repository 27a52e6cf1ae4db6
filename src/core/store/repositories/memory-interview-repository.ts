import { iso } from '../../clock';
import type { Db } from '../database';

export interface StoredInterviewSummary {
  readonly text: string;
  readonly tokenCount: number;
  readonly edited: boolean;
  readonly engine: 'llm' | 'offline' | 'user';
  readonly updatedAt: string;
}

/** The onboarding interview's answers and its summary (the baseline). */
export class MemoryInterviewRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      answers: db.prepare(`SELECT question_id, answer FROM interview_answers ORDER BY question_id`),
      entries: db.prepare(`SELECT question_id, answer, updated_at FROM interview_answers ORDER BY question_id`),
      upsertAnswer: db.prepare(
        `INSERT INTO interview_answers (question_id, answer, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (question_id) DO UPDATE SET answer = excluded.answer, updated_at = excluded.updated_at`,
      ),
      deleteAnswer: db.prepare(`DELETE FROM interview_answers WHERE question_id = ?`),
      summary: db.prepare(`SELECT * FROM interview_summary WHERE id = 1`),
      upsertSummary: db.prepare(
        `INSERT INTO interview_summary (id, text, token_count, edited, engine, updated_at) VALUES (1, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET text = excluded.text, token_count = excluded.token_count, edited = excluded.edited,
           engine = excluded.engine, updated_at = excluded.updated_at`,
      ),
      deleteSummary: db.prepare(`DELETE FROM interview_summary WHERE id = 1`),
    };
  }

  /** Each answer with its question and when it was given (what recall reads of the user's own words). */
  entries(): { question: string; answer: string; atMs: number }[] {
    return (this.stmts.entries.all() as { question_id: string; answer: string; updated_at: number }[]).map((r) => ({
      question: r.question_id,
      answer: r.answer,
      atMs: r.updated_at,
    }));
  }

  answers(): Record<string, string> {
    const rows = this.stmts.answers.all() as Array<{ question_id: string; answer: string }>;
    return Object.fromEntries(rows.map((r) => [r.question_id, r.answer]));
  }

  /** Merges answers in one transaction; a blank answer removes that question's answer. */
  saveAnswers(answers: Record<string, string>, at: number): void {
    this.db.transaction(() => {
      for (const [id, answer] of Object.entries(answers)) {
        if (answer.trim() === '') this.stmts.deleteAnswer.run(id);
        else this.stmts.upsertAnswer.run(id, answer.trim(), at);
      }
    })();
  }

  summary(): StoredInterviewSummary | null {
    const row = this.stmts.summary.get() as
      { text: string; token_count: number; edited: 0 | 1; engine: StoredInterviewSummary['engine']; updated_at: number } | undefined;
    return row
      ? { text: row.text, tokenCount: row.token_count, edited: row.edited === 1, engine: row.engine, updatedAt: iso(row.updated_at) }
      : null;
  }

  saveSummary(text: string, tokenCount: number, engine: StoredInterviewSummary['engine'], at: number): void {
    this.stmts.upsertSummary.run(text, tokenCount, engine === 'user' ? 1 : 0, engine, at);
  }

  clearSummary(): void {
    this.stmts.deleteSummary.run();
  }
}

import type { Question } from '../../../shared/contract/memory';
import { iso } from '../../clock';
import type { Db } from '../database';
import { DeviceRepository, deviceOf, LOCAL_DEVICE, type DeviceLabels } from './device-repository';

export interface QuestionRecord {
  readonly workSessionId: number | null;
  readonly askedAt: number;
  readonly text: string;
  readonly normalized: string;
  readonly trigger: string;
  readonly subject: string;
  readonly engine: 'llm' | 'offline';
}

interface QuestionRow {
  id: number;
  work_session_id: number | null;
  asked_at: number;
  text: string;
  normalized: string;
  trigger: string;
  subject: string;
  status: Question['status'];
  snoozed_until: number | null;
  answer: string | null;
  answered_at: number | null;
  engine: 'llm' | 'offline';
  device: number;
}

const L = LOCAL_DEVICE;

/**
 * Clarifying questions: every one ever asked stays here, so none is asked twice. The inbox (pending,
 * answer, dismiss, snooze) is this device's own; other devices' answered questions are memory too.
 */
export class MemoryQuestionRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

  constructor(private readonly db: Db) {
    this.devices = new DeviceRepository(db);
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO questions (work_session_id, asked_at, text, normalized, trigger, subject, status, engine)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?) RETURNING id`,
      ),
      get: db.prepare(`SELECT * FROM questions WHERE id = ? AND device = ${L}`),
      allAsked: db.prepare(`SELECT normalized, trigger, subject FROM questions`),
      lastAskedAt: db.prepare(`SELECT MAX(asked_at) AS at FROM questions WHERE device = ${L}`),
      answer: db.prepare(
        `UPDATE questions SET status = 'answered', answer = ?, answered_at = ?, snoozed_until = NULL WHERE id = ? AND device = ${L}`,
      ),
      dismiss: db.prepare(`UPDATE questions SET status = 'dismissed', snoozed_until = NULL WHERE id = ? AND device = ${L}`),
      snooze: db.prepare(`UPDATE questions SET status = 'snoozed', snoozed_until = ? WHERE id = ? AND device = ${L}`),
      byWorkSession: db.prepare(`SELECT * FROM questions WHERE work_session_id = ? ORDER BY asked_at, id`),
      answered: db.prepare(`SELECT * FROM questions WHERE status = 'answered' ORDER BY answered_at DESC LIMIT ?`),
    };
  }

  insert(record: QuestionRecord): Question {
    const { id } = this.stmts.insert.get(
      record.workSessionId,
      record.askedAt,
      record.text,
      record.normalized,
      record.trigger,
      record.subject,
      record.engine,
    ) as { id: number };
    return this.get(id)!;
  }

  /** One of this device's questions (the inbox answers only its own). */
  get(id: number): Question | null {
    const row = this.stmts.get.get(id) as QuestionRow | undefined;
    return row ? toQuestion(row, this.devices.labels()) : null;
  }

  /** Normalized text, trigger and subject of every question ever asked (for the no-repeat check). */
  allAsked(): Array<{ normalized: string; trigger: string; subject: string }> {
    return this.stmts.allAsked.all() as Array<{ normalized: string; trigger: string; subject: string }>;
  }

  lastAskedAt(): number | null {
    return (this.stmts.lastAskedAt.get() as { at: number | null }).at;
  }

  answer(id: number, answer: string, at: number): void {
    this.stmts.answer.run(answer, at, id);
  }

  dismiss(id: number): void {
    this.stmts.dismiss.run(id);
  }

  snooze(id: number, until: number): void {
    this.stmts.snooze.run(until, id);
  }

  /** This device's questions; `pending` includes snoozed questions whose snooze has run out by `now`. */
  list(status: Question['status'] | 'all', limit: number, now: number): Question[] {
    const rows =
      status === 'all'
        ? this.db.prepare(`SELECT * FROM questions WHERE device = ${L} ORDER BY asked_at DESC, id DESC LIMIT ?`).all(limit)
        : status === 'pending'
          ? this.db
              .prepare(
                `SELECT * FROM questions WHERE (status = 'pending' OR (status = 'snoozed' AND snoozed_until <= ?)) AND device = ${L}
                 ORDER BY asked_at DESC, id DESC LIMIT ?`,
              )
              .all(now, limit)
          : this.db
              .prepare(`SELECT * FROM questions WHERE status = ? AND device = ${L} ORDER BY asked_at DESC, id DESC LIMIT ?`)
              .all(status, limit);
    return this.rows(rows);
  }

  listForWorkSession(workSessionId: number): Question[] {
    return this.rows(this.stmts.byWorkSession.all(workSessionId));
  }

  /** Answered questions of every device, newest first (memory's history, recall's evidence). */
  answered(limit: number): Question[] {
    return this.rows(this.stmts.answered.all(limit));
  }

  private rows(rows: unknown[]): Question[] {
    const labels = this.devices.labels();
    return (rows as QuestionRow[]).map((row) => toQuestion(row, labels));
  }

  /** Questions these work sessions asked that the user never answered (a replayed day played again asks them anew). */
  deleteUnansweredOf(workSessionIds: readonly number[]): number {
    const del = this.db.prepare(`DELETE FROM questions WHERE work_session_id = ? AND answer IS NULL AND device = ${L}`);
    return workSessionIds.reduce((n, id) => n + del.run(id).changes, 0);
  }
}

function toQuestion(row: QuestionRow, labels: DeviceLabels): Question {
  return {
    id: row.id,
    workSessionId: row.work_session_id,
    askedAt: iso(row.asked_at),
    text: row.text,
    trigger: row.trigger,
    subject: row.subject,
    status: row.status,
    snoozedUntil: row.snoozed_until === null ? null : iso(row.snoozed_until),
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : iso(row.answered_at),
    engine: row.engine,
    ...deviceOf(labels, row.device),
  };
}

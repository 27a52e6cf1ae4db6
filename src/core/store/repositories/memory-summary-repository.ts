import type { WorkSessionSummary } from '../../../shared/contract/memory';
import { iso } from '../../clock';
import type { Db } from '../database';
import { deviceClause, DeviceRepository, deviceOf, LOCAL_DEVICE, type DeviceLabels, type DeviceScope } from './device-repository';

export interface SummaryRecord {
  readonly workSessionId: number;
  readonly atMs: number;
  readonly kind: 'rolling' | 'final';
  readonly text: string;
  readonly tokenCount: number;
  readonly engine: 'llm' | 'offline';
  readonly fallbackReason: string | null;
  readonly durationMs: number;
  readonly tasks: readonly string[];
  readonly apps: readonly string[];
}

interface SummaryRow {
  id: number;
  work_session_id: number;
  at_ms: number;
  kind: 'rolling' | 'final';
  text: string;
  token_count: number;
  engine: 'llm' | 'offline';
  fallback_reason: string | null;
  duration_ms: number;
  tasks: string;
  apps: string;
  device: number;
}

/** Rolling and final work-session summaries; the final ones are the history (of every device). */
export class MemorySummaryRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

  constructor(
    private readonly db: Db,
    readonly scope: DeviceScope = null,
  ) {
    this.devices = new DeviceRepository(db);
    const d = deviceClause(scope);
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO work_session_summaries (work_session_id, at_ms, kind, text, token_count, engine, fallback_reason, duration_ms, tasks, apps)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      byWorkSession: db.prepare(`SELECT * FROM work_session_summaries WHERE work_session_id = ? ORDER BY at_ms, id`),
      latest: db.prepare(`SELECT * FROM work_session_summaries WHERE work_session_id = ? ORDER BY at_ms DESC, id DESC LIMIT 1`),
      latestIn: db.prepare(`SELECT * FROM work_session_summaries WHERE at_ms >= ? AND at_ms < ? ${d} ORDER BY at_ms DESC, id DESC LIMIT 1`),
      finals: db.prepare(`SELECT * FROM work_session_summaries WHERE kind = 'final' ORDER BY at_ms DESC LIMIT ?`),
      inWindow: db.prepare(`SELECT * FROM work_session_summaries WHERE at_ms >= ? AND at_ms < ? ${d} ORDER BY at_ms DESC, id DESC LIMIT ?`),
    };
  }

  scoped(scope: DeviceScope): MemorySummaryRepository {
    return scope === this.scope ? this : new MemorySummaryRepository(this.db, scope);
  }

  private rows(rows: unknown[]): WorkSessionSummary[] {
    const labels = this.devices.labels();
    return (rows as SummaryRow[]).map((row) => toSummary(row, labels));
  }

  insert(record: SummaryRecord): WorkSessionSummary {
    const { id } = this.stmts.insert.get(
      record.workSessionId,
      record.atMs,
      record.kind,
      record.text,
      record.tokenCount,
      record.engine,
      record.fallbackReason,
      record.durationMs,
      JSON.stringify(record.tasks),
      JSON.stringify(record.apps),
    ) as { id: number };
    return toSummary({ id, ...toRow(record), device: LOCAL_DEVICE }, () => undefined);
  }

  listForWorkSession(workSessionId: number): WorkSessionSummary[] {
    return this.rows(this.stmts.byWorkSession.all(workSessionId));
  }

  latestForWorkSession(workSessionId: number): WorkSessionSummary | null {
    const row = this.stmts.latest.get(workSessionId);
    return row ? this.rows([row])[0]! : null;
  }

  /** The newest summary written in a time window (for `shadow today`). */
  latestIn(window: { startMs: number; endMs: number }): WorkSessionSummary | null {
    const row = this.stmts.latestIn.get(window.startMs, window.endMs);
    return row ? this.rows([row])[0]! : null;
  }

  /** Summaries written in a time window, newest first (what recall searches). */
  listIn(window: { startMs: number; endMs: number }, limit: number): WorkSessionSummary[] {
    return this.rows(this.stmts.inWindow.all(window.startMs, window.endMs, limit));
  }

  /** Final summaries, newest first: the history of past work sessions. */
  finalSummaries(limit: number): WorkSessionSummary[] {
    return this.rows(this.stmts.finals.all(limit));
  }
}

function toRow(r: SummaryRecord): Omit<SummaryRow, 'id' | 'device'> {
  return {
    work_session_id: r.workSessionId,
    at_ms: r.atMs,
    kind: r.kind,
    text: r.text,
    token_count: r.tokenCount,
    engine: r.engine,
    fallback_reason: r.fallbackReason,
    duration_ms: r.durationMs,
    tasks: JSON.stringify(r.tasks),
    apps: JSON.stringify(r.apps),
  };
}

function toSummary(row: SummaryRow, labels: DeviceLabels): WorkSessionSummary {
  return {
    id: row.id,
    workSessionId: row.work_session_id,
    at: iso(row.at_ms),
    kind: row.kind,
    text: row.text,
    tokenCount: row.token_count,
    engine: row.engine,
    fallbackReason: row.fallback_reason,
    durationSeconds: Math.round(row.duration_ms / 1000),
    tasks: JSON.parse(row.tasks) as string[],
    apps: JSON.parse(row.apps) as string[],
    ...deviceOf(labels, row.device),
  };
}

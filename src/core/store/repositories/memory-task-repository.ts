import type { Task, TaskTheory } from '../../../shared/contract/memory';
import { iso } from '../../clock';
import type { Db } from '../database';
import type { TimeWindow } from './activity-repository';
import { deviceClause, DeviceRepository, deviceOf, type DeviceLabels, type DeviceScope } from './device-repository';

/** A task as segmentation produces it, before it is stored. */
export interface TaskRecord {
  readonly name: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly open: boolean;
  readonly apps: readonly string[];
  readonly titles: readonly string[];
  readonly switches: number;
  readonly brief: string;
}

/** A task name seen across work sessions, with how long it usually takes. */
export interface KnownTask {
  readonly name: string;
  readonly occurrences: number;
  readonly typicalSeconds: number;
  readonly lastSeenMs: number;
  readonly apps: readonly string[];
  readonly titles: readonly string[];
  readonly brief: string;
}

interface TaskRow {
  id: number;
  work_session_id: number;
  name: string;
  start_ms: number;
  end_ms: number;
  is_open: 0 | 1;
  apps: string;
  titles: string;
  switches: number;
  brief: string;
  device: number;
}

/** Tasks and task theories of work sessions; the day's tasks of every device or one (`scoped`). */
export class MemoryTaskRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;

  constructor(
    private readonly db: Db,
    readonly scope: DeviceScope = null,
  ) {
    this.devices = new DeviceRepository(db);
    this.stmts = {
      deleteById: db.prepare(`DELETE FROM tasks WHERE id = ?`),
      upsert: db.prepare(
        `INSERT INTO tasks (work_session_id, name, start_ms, end_ms, is_open, apps, titles, switches, brief)
         VALUES (@ws, @name, @start, @end, @open, @apps, @titles, @switches, @brief)
         ON CONFLICT (work_session_id, start_ms) DO UPDATE SET name = excluded.name, end_ms = excluded.end_ms,
           is_open = excluded.is_open, apps = excluded.apps, titles = excluded.titles, switches = excluded.switches, brief = excluded.brief`,
      ),
      byWorkSession: db.prepare(`SELECT * FROM tasks WHERE work_session_id = ? ORDER BY start_ms`),
      inWindow: db.prepare(`SELECT * FROM tasks WHERE start_ms < ? AND end_ms >= ? ${deviceClause(scope)} ORDER BY start_ms`),
      insertTheory: db.prepare(`INSERT INTO task_theories (work_session_id, at_ms, text, engine, fallback_reason) VALUES (?, ?, ?, ?, ?)`),
      latestTheory: db.prepare(`SELECT * FROM task_theories WHERE work_session_id = ? ORDER BY at_ms DESC, id DESC LIMIT 1`),
      closeOpen: db.prepare(`UPDATE tasks SET is_open = 0, end_ms = MAX(end_ms, start_ms) WHERE work_session_id = ? AND is_open = 1`),
    };
  }

  scoped(scope: DeviceScope): MemoryTaskRepository {
    return scope === this.scope ? this : new MemoryTaskRepository(this.db, scope);
  }

  /**
   * Stores a work session's tasks as segmentation sees them now. Tasks are keyed by their start, so
   * unchanged ones keep their ids; tasks that no longer exist (the open tail re-cut) are removed.
   */
  replaceWorkSessionTasks(workSessionId: number, tasks: readonly TaskRecord[]): void {
    this.db.transaction(() => {
      const keep = new Set(tasks.map((t) => t.startMs));
      for (const row of this.stmts.byWorkSession.all(workSessionId) as TaskRow[]) {
        if (!keep.has(row.start_ms)) this.stmts.deleteById.run(row.id);
      }
      for (const t of tasks) {
        this.stmts.upsert.run({
          ws: workSessionId,
          name: t.name,
          start: t.startMs,
          end: t.endMs,
          open: t.open ? 1 : 0,
          apps: JSON.stringify(t.apps),
          titles: JSON.stringify(t.titles),
          switches: t.switches,
          brief: t.brief,
        });
      }
    })();
  }

  closeOpenTasks(workSessionId: number): void {
    this.stmts.closeOpen.run(workSessionId);
  }

  listTasks(workSessionId: number): Task[] {
    const labels = this.devices.labels();
    return (this.stmts.byWorkSession.all(workSessionId) as TaskRow[]).map((row) => toTask(row, labels));
  }

  listTasksIn(window: TimeWindow): Task[] {
    const labels = this.devices.labels();
    return (this.stmts.inWindow.all(window.endMs, window.startMs) as TaskRow[]).map((row) => toTask(row, labels));
  }

  /**
   * `listTasksIn`, of only the tasks whose name, titles or brief hold one of `needles` (lower-cased,
   * without hyphens, dots and apostrophes): a question's words narrow a year of tasks before they are
   * read into objects. Null where SQLite cannot fold the needles as JavaScript does (letters outside
   * ASCII): the caller lists the whole window then.
   */
  listTasksHolding(window: TimeWindow, needles: readonly string[]): Task[] | null {
    if (needles.length === 0 || needles.some((n) => /[^\x20-\x7e]/.test(n))) return null;
    const text = `replace(replace(replace(replace(lower(name || char(10) || titles || char(10) || brief), '-', ''), '.', ''), '''', ''), '’', '')`;
    // "İ" and the Kelvin sign lower-case to ASCII letters in JavaScript, never in SQLite: tasks with them are kept.
    const kept = [...needles, 'İ', '\u212a'];
    // Each task's text is squashed once (a materialized view of the window), not once for every needle.
    const rows = this.db
      .prepare(
        `WITH squashed AS MATERIALIZED (SELECT id, ${text} AS text FROM tasks WHERE start_ms < ? AND end_ms >= ? ${deviceClause(this.scope)})
         SELECT tasks.* FROM squashed JOIN tasks ON tasks.id = squashed.id
         WHERE ${kept.map(() => `instr(squashed.text, ?) > 0`).join(' OR ')} ORDER BY tasks.start_ms, tasks.id`,
      )
      .all(window.endMs, window.startMs, ...kept) as TaskRow[];
    const labels = this.devices.labels();
    return rows.map((row) => toTask(row, labels));
  }

  /** Closed tasks grouped by name across all work sessions (the "known task patterns"). */
  knownTasks(limit = 200): KnownTask[] {
    const rows = this.db
      .prepare(
        `SELECT name, COUNT(*) AS n, CAST(AVG(end_ms - start_ms) AS INTEGER) AS avg_ms, MAX(start_ms) AS last_ms,
                (SELECT apps FROM tasks t2 WHERE t2.name = t.name ORDER BY start_ms DESC LIMIT 1) AS apps,
                (SELECT titles FROM tasks t2 WHERE t2.name = t.name ORDER BY start_ms DESC LIMIT 1) AS titles,
                (SELECT brief FROM tasks t2 WHERE t2.name = t.name ORDER BY start_ms DESC LIMIT 1) AS brief
         FROM tasks t WHERE is_open = 0 GROUP BY name ORDER BY n DESC, last_ms DESC LIMIT ?`,
      )
      .all(limit) as Array<{ name: string; n: number; avg_ms: number; last_ms: number; apps: string; titles: string; brief: string }>;
    return rows.map((r) => ({
      name: r.name,
      occurrences: r.n,
      typicalSeconds: Math.round(r.avg_ms / 1000),
      lastSeenMs: r.last_ms,
      apps: JSON.parse(r.apps) as string[],
      titles: JSON.parse(r.titles) as string[],
      brief: r.brief,
    }));
  }

  saveTheory(workSessionId: number, atMs: number, text: string, engine: 'llm' | 'offline', fallbackReason: string | null): void {
    this.stmts.insertTheory.run(workSessionId, atMs, text, engine, fallbackReason);
  }

  latestTheory(workSessionId: number): TaskTheory | null {
    const row = this.stmts.latestTheory.get(workSessionId) as
      { at_ms: number; text: string; engine: 'llm' | 'offline'; fallback_reason: string | null } | undefined;
    return row ? { at: iso(row.at_ms), text: row.text, engine: row.engine, fallbackReason: row.fallback_reason } : null;
  }
}

function toTask(row: TaskRow, labels: DeviceLabels): Task {
  return {
    id: row.id,
    workSessionId: row.work_session_id,
    name: row.name,
    startedAt: iso(row.start_ms),
    endedAt: row.is_open ? null : iso(row.end_ms),
    durationSeconds: Math.round((row.end_ms - row.start_ms) / 100) / 10,
    apps: JSON.parse(row.apps) as string[],
    titles: JSON.parse(row.titles) as string[],
    switches: row.switches,
    brief: row.brief,
    ...deviceOf(labels, row.device),
  };
}

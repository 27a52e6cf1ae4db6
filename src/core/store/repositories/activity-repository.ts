import type { AppTime, DeviceRef, WorkSession } from '../../../shared/contract/index';
import { iso } from '../../clock';
import type { Span, SpanSink } from './activity-span';
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../database';
import { deviceClause, DeviceRepository, deviceOf, LOCAL_DEVICE, type DeviceLabels, type DeviceScope } from './device-repository';

interface WorkSessionRow {
  id: number;
  started_at: number;
  ended_at: number | null;
  status: WorkSession['status'];
  source: WorkSession['source'];
  end_reason: string | null;
  device: number;
}

interface TotalsRow {
  kind: 'app' | 'idle' | 'private';
  app: string | null;
  title: string | null;
  device: number;
  ms: number;
}

export interface TimeWindow {
  readonly startMs: number;
  readonly endMs: number;
}

/** One stored activity span, as task segmentation reads it. */
export interface ActivitySpan {
  readonly kind: 'app' | 'idle' | 'private';
  readonly app: string | null;
  readonly title: string | null;
  readonly startMs: number;
  readonly endMs: number;
  /** The device it was observed on, when the profile holds more than one device's work. */
  readonly device?: DeviceRef;
}

/** One window's use in a time window: first seen, last opened and last seen, and its time. */
export interface WindowUse {
  readonly app: string;
  readonly title: string;
  readonly firstMs: number;
  readonly lastStartMs: number;
  readonly lastMs: number;
  readonly seconds: number;
  readonly device?: DeviceRef;
}

/** A span as the work-item index reads it: its row id and device key. */
export interface IndexedSpan {
  readonly id: number;
  readonly device: number;
  readonly kind: 'app' | 'idle' | 'private';
  readonly app: string;
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
}

const round1 = (ms: number): number => Math.round(ms / 100) / 10;

/**
 * Work sessions and activity spans: the store side of app time. The views read every device's rows, or
 * one device's (`scoped`); what only this device's observer may touch (recovery, a replay's reset) is
 * always this device's own rows.
 */
export class ActivityRepository {
  private readonly stmts;
  private readonly devices: DeviceRepository;
  /** ` AND device = N` in this repository's scope (nothing for every device). */
  private readonly d: string;
  /** Statements of the queries answers run again and again, prepared once (preparing costs more than a small query). */
  private readonly kept = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    readonly scope: DeviceScope = null,
  ) {
    this.devices = new DeviceRepository(db);
    this.d = deviceClause(scope);
    const d = this.d;
    this.stmts = {
      insertWorkSession: db.prepare(`INSERT INTO work_sessions (started_at, status, source) VALUES (?, 'active', ?) RETURNING id`),
      endWorkSession: db.prepare(`UPDATE work_sessions SET ended_at = ?, status = ?, end_reason = ? WHERE id = ? AND status = 'active'`),
      insertSpan: db.prepare(
        `INSERT INTO activity_spans (work_session_id, kind, app, title, private_reason, start_ms, end_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      ),
      updateSpan: db.prepare(`UPDATE activity_spans SET start_ms = ?, end_ms = ?, monitor = ? WHERE id = ?`),
      openWorkSessions: db.prepare(`SELECT * FROM work_sessions WHERE status = 'active' AND device = ${LOCAL_DEVICE}`),
      lastSpanEnd: db.prepare(`SELECT MAX(end_ms) AS end FROM activity_spans WHERE work_session_id = ?`),
      getWorkSession: db.prepare(`SELECT * FROM work_sessions WHERE id = ?`),
      workSessionSpans: db.prepare(
        `SELECT kind, app, title, start_ms AS startMs, end_ms AS endMs FROM activity_spans WHERE work_session_id = ? ORDER BY start_ms, id`,
      ),
      appBefore: db.prepare(`SELECT 1 FROM activity_spans WHERE app = ? AND start_ms < ? LIMIT 1`),
      anyAppBefore: db.prepare(`SELECT 1 FROM activity_spans WHERE kind = 'app' AND start_ms < ? LIMIT 1`),
      observedDays: db.prepare(
        `SELECT COUNT(DISTINCT date(started_at / 1000, 'unixepoch', 'localtime')) AS n FROM work_sessions WHERE 1 ${d}`,
      ),
    };
  }

  /** The same views over one device's rows (a key from `DeviceRepository.resolve`), or every device's (null). */
  scoped(scope: DeviceScope): ActivityRepository {
    return scope === this.scope ? this : new ActivityRepository(this.db, scope);
  }

  private prepared(sql: string): Statement {
    let stmt = this.kept.get(sql);
    if (!stmt) this.kept.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  startWorkSession(at: number, source: WorkSession['source']): number {
    return (this.stmts.insertWorkSession.get(at, source) as { id: number }).id;
  }

  endWorkSession(id: number, at: number, reason: string, status: 'completed' | 'interrupted' = 'completed'): void {
    this.stmts.endWorkSession.run(at, status, reason, id);
  }

  /** Work sessions left `active` by a crash become `interrupted`, ending at their last observed span. */
  closeInterruptedWorkSessions(): number[] {
    const open = this.stmts.openWorkSessions.all() as WorkSessionRow[];
    const closeAll = this.db.transaction(() => {
      for (const row of open) {
        const end = (this.stmts.lastSpanEnd.get(row.id) as { end: number | null }).end ?? row.started_at;
        this.endWorkSession(row.id, end, 'the app stopped without closing this work session', 'interrupted');
      }
    });
    closeAll();
    return open.map((r) => r.id);
  }

  spanSink(workSessionId: () => number): SpanSink {
    return {
      open: (span: Span) =>
        (
          this.stmts.insertSpan.get(workSessionId(), span.kind, span.app, span.title, span.privateReason, span.startMs, span.endMs) as {
            id: number;
          }
        ).id,
      update: (key: number, span: Span) => void this.stmts.updateSpan.run(span.startMs, span.endMs, span.monitor ?? null, key),
    };
  }

  getWorkSession(id: number): WorkSession | null {
    const row = this.stmts.getWorkSession.get(id) as WorkSessionRow | undefined;
    return row ? this.toWorkSession(row, this.devices.labels()) : null;
  }

  listWorkSessions(limit: number, window?: TimeWindow): WorkSession[] {
    const rows = (
      window
        ? this.db
            .prepare(
              `SELECT * FROM work_sessions WHERE started_at < ? AND COALESCE(ended_at, started_at) >= ? ${this.d}
               ORDER BY started_at DESC, id DESC LIMIT ?`,
            )
            .all(window.endMs, window.startMs, limit)
        : this.db.prepare(`SELECT * FROM work_sessions WHERE 1 ${this.d} ORDER BY started_at DESC, id DESC LIMIT ?`).all(limit)
    ) as WorkSessionRow[];
    const labels = this.devices.labels();
    return rows.map((row) => this.toWorkSession(row, labels));
  }

  /** App time over a time window (spans clipped to it) or over one work session. */
  appTime(filter: { window: TimeWindow } | { workSessionId: number }): Omit<AppTime, 'date' | 'workSessionId'> {
    const rows = (
      'window' in filter
        ? this.prepared(
            `SELECT kind, app, title, device, SUM(MIN(end_ms, @end) - MAX(start_ms, @start)) AS ms
               FROM activity_spans WHERE start_ms < @end AND end_ms > @start ${this.d}
               GROUP BY kind, app, title, device`,
          ).all({ start: filter.window.startMs, end: filter.window.endMs })
        : this.prepared(
            `SELECT kind, app, title, device, SUM(end_ms - start_ms) AS ms FROM activity_spans
               WHERE work_session_id = ? GROUP BY kind, app, title, device`,
          ).all(filter.workSessionId)
    ) as TotalsRow[];
    const monitors = this.monitorTime(filter);
    return { ...summarize(rows, this.devices.labels()), ...(monitors.length > 0 && { monitors }) };
  }

  /**
   * `appTime(window).totalActiveSeconds` of many windows (a month's tasks) from one read of the spans they cover,
   * rather than a query each.
   */
  activeSecondsIn(windows: readonly TimeWindow[]): number[] {
    if (windows.length === 0) return [];
    const start = Math.min(...windows.map((w) => w.startMs));
    const end = Math.max(...windows.map((w) => w.endMs));
    const spans = this.prepared(
      `SELECT start_ms AS startMs, end_ms AS endMs FROM activity_spans
       WHERE kind NOT IN ('idle', 'private') AND start_ms < @end AND end_ms > @start ${this.d} ORDER BY start_ms`,
    ).all({ start, end }) as { startMs: number; endMs: number }[];
    const longest = spans.reduce((max, s) => Math.max(max, s.endMs - s.startMs), 0);
    return windows.map((w) => {
      // Spans are in start order: none that starts more than the longest span before the window reaches into it.
      let lo = 0;
      let hi = spans.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (spans[mid]!.startMs < w.startMs - longest) lo = mid + 1;
        else hi = mid;
      }
      let ms = 0;
      for (let i = lo; i < spans.length && spans[i]!.startMs < w.endMs; i++) {
        const s = spans[i]!;
        if (s.endMs > w.startMs) ms += Math.min(s.endMs, w.endMs) - Math.max(s.startMs, w.startMs);
      }
      return round1(ms);
    });
  }

  /** App time per monitor (of spans whose window's monitor is known), longest first. */
  private monitorTime(filter: { window: TimeWindow } | { workSessionId: number }): { monitor: string; seconds: number }[] {
    const rows = (
      'window' in filter
        ? this.prepared(
            `SELECT monitor, SUM(MIN(end_ms, @end) - MAX(start_ms, @start)) AS ms FROM activity_spans
               WHERE kind = 'app' AND monitor IS NOT NULL AND start_ms < @end AND end_ms > @start ${this.d} GROUP BY monitor`,
          ).all({ start: filter.window.startMs, end: filter.window.endMs })
        : this.prepared(
            `SELECT monitor, SUM(end_ms - start_ms) AS ms FROM activity_spans
               WHERE kind = 'app' AND monitor IS NOT NULL AND work_session_id = ? GROUP BY monitor`,
          ).all(filter.workSessionId)
    ) as { monitor: string; ms: number }[];
    return rows.map((r) => ({ monitor: r.monitor, seconds: round1(r.ms) })).sort((a, b) => b.seconds - a.seconds);
  }

  /**
   * Time in excluded windows over a time window (spans clipped to it), per exclusion rule, longest
   * first; private time recorded before rules were named counts as "excluded window".
   */
  privateTimeByRule(window: TimeWindow): { rule: string; seconds: number }[] {
    const rows = this.db
      .prepare(
        `SELECT COALESCE(private_reason, 'excluded window') AS rule, SUM(MIN(end_ms, @end) - MAX(start_ms, @start)) AS ms
         FROM activity_spans WHERE kind = 'private' AND start_ms < @end AND end_ms > @start ${this.d}
         GROUP BY rule ORDER BY ms DESC, rule`,
      )
      .all({ start: window.startMs, end: window.endMs }) as { rule: string; ms: number }[];
    return rows.map((r) => ({ rule: r.rule, seconds: round1(r.ms) }));
  }

  /** Every span of one work session, in time order. */
  workSessionSpans(workSessionId: number): ActivitySpan[] {
    return this.stmts.workSessionSpans.all(workSessionId) as ActivitySpan[];
  }

  /** Whether `app` was seen before `beforeMs` (in any work session). */
  appSeenBefore(app: string, beforeMs: number): boolean {
    return this.stmts.appBefore.get(app, beforeMs) !== undefined;
  }

  /** Whether any app was observed before `beforeMs`. */
  anyAppBefore(beforeMs: number): boolean {
    return this.stmts.anyAppBefore.get(beforeMs) !== undefined;
  }

  /** How many local days have a work session. */
  observedDays(): number {
    return (this.stmts.observedDays.get() as { n: number }).n;
  }

  /** Every span (app, idle, private) overlapping a time window, clipped to it, in time order. */
  spansIn(window: TimeWindow): ActivitySpan[] {
    const rows = this.db
      .prepare(
        `SELECT kind, app, title, device, MAX(start_ms, @start) AS startMs, MIN(end_ms, @end) AS endMs
         FROM activity_spans WHERE start_ms < @end AND end_ms > @start ${this.d} ORDER BY start_ms, id`,
      )
      .all({ start: window.startMs, end: window.endMs }) as (ActivitySpan & { device: number })[];
    const labels = this.devices.labels();
    return rows.map(({ device, ...span }) => ({ ...span, ...deviceOf(labels, device) }));
  }

  /** App spans overlapping a time window, clipped to it, in time order. */
  appSpans(window: TimeWindow): { app: string; title: string | null; startMs: number; endMs: number }[] {
    return this.db
      .prepare(
        `SELECT COALESCE(app, '') AS app, title, MAX(start_ms, @start) AS startMs, MIN(end_ms, @end) AS endMs
         FROM activity_spans WHERE kind = 'app' AND start_ms < @end AND end_ms > @start ${this.d} ORDER BY start_ms, id`,
      )
      .all({ start: window.startMs, end: window.endMs }) as { app: string; title: string | null; startMs: number; endMs: number }[];
  }

  /** Windows whose title contains every word (case-insensitive), seen until `untilMs`, most recent first. */
  windowsTitled(words: readonly string[], untilMs: number, limit: number) {
    if (words.length === 0) return [];
    const where = words.map((_, i) => `title LIKE @w${i} ESCAPE '\\'`).join(' AND ');
    const params: Record<string, unknown> = { until: untilMs, limit };
    words.forEach((w, i) => (params[`w${i}`] = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    return this.db
      .prepare(
        `SELECT app, title, MIN(start_ms) AS firstMs, MAX(end_ms) AS lastMs, SUM(end_ms - start_ms) / 1000.0 AS seconds
         FROM activity_spans WHERE kind = 'app' AND start_ms <= @until AND ${where} ${this.d}
         GROUP BY app, title ORDER BY lastMs DESC LIMIT @limit`,
      )
      .all(params) as { app: string; title: string; firstMs: number; lastMs: number; seconds: number }[];
  }

  /** The span (of any kind) that covers a moment, if one does. */
  spanAt(atMs: number): ActivitySpan | null {
    const row = this.db
      .prepare(
        `SELECT kind, app, title, start_ms AS startMs, end_ms AS endMs FROM activity_spans
         WHERE start_ms <= ? AND end_ms > ? ${this.d} ORDER BY start_ms DESC, id DESC LIMIT 1`,
      )
      .get(atMs, atMs) as ActivitySpan | undefined;
    return row ?? null;
  }

  /**
   * The devices whose spans cover a moment (keys for `scoped`), this device first, then the latest to
   * start: two computers in use at once each had their own window, never one another's.
   */
  devicesAt(atMs: number): number[] {
    const rows = this.db
      .prepare(
        `SELECT device, MAX(start_ms) AS started FROM activity_spans WHERE start_ms <= ? AND end_ms > ? ${this.d}
         GROUP BY device ORDER BY device = ${LOCAL_DEVICE} DESC, started DESC`,
      )
      .all(atMs, atMs) as { device: number }[];
    return rows.map((r) => r.device);
  }

  /** The app spans that start last before and first after a moment (the neighbouring switches). */
  appSpansAround(atMs: number): { before: ActivitySpan | null; after: ActivitySpan | null } {
    const pick = (sql: string): ActivitySpan | null =>
      (this.db.prepare(`SELECT kind, app, title, start_ms AS startMs, end_ms AS endMs FROM activity_spans ${sql}`).get(atMs) as
        ActivitySpan | undefined) ?? null;
    return {
      before: pick(`WHERE kind = 'app' AND start_ms < ? ${this.d} ORDER BY start_ms DESC, id DESC LIMIT 1`),
      after: pick(`WHERE kind = 'app' AND start_ms > ? ${this.d} ORDER BY start_ms, id LIMIT 1`),
    };
  }

  /** Spans stored after row `afterId`, oldest first, every device's (what the work-item index reads next). */
  spansAfter(afterId: number, limit: number): IndexedSpan[] {
    return this.db
      .prepare(
        `SELECT id, device, kind, COALESCE(app, '') AS app, COALESCE(title, '') AS title, start_ms AS startMs, end_ms AS endMs
         FROM activity_spans WHERE id > ? ORDER BY id LIMIT ?`,
      )
      .all(afterId, limit) as IndexedSpan[];
  }

  /** The app span of one device that covers a moment (or ends at it), if one does. */
  appSpanOfDeviceAt(device: number, atMs: number): { id: number; startMs: number; endMs: number } | null {
    const span = this.db
      .prepare(
        `SELECT id, start_ms AS startMs, end_ms AS endMs FROM activity_spans
         WHERE device = ? AND kind = 'app' AND start_ms <= ? ORDER BY start_ms DESC, id DESC LIMIT 1`,
      )
      .get(device, atMs) as { id: number; startMs: number; endMs: number } | undefined;
    return span && span.endMs >= atMs ? span : null;
  }

  /** Whether the device stored a span after span `id` (spans of a device are stored in time order): that one has ended. */
  hasSpanAfter(device: number, id: number): boolean {
    return this.prepared(`SELECT 1 FROM activity_spans WHERE device = ? AND id > ? LIMIT 1`).get(device, id) !== undefined;
  }

  /** Each window used in a time window: its time (clipped to the window) and when it was first and last seen. */
  windowsIn(window: TimeWindow): WindowUse[] {
    const rows = this.prepared(
      `SELECT COALESCE(app, '') AS app, COALESCE(title, '') AS title, device, MIN(MAX(start_ms, @start)) AS firstMs,
                MAX(start_ms) AS lastStartMs, MAX(MIN(end_ms, @end)) AS lastMs,
                SUM(MIN(end_ms, @end) - MAX(start_ms, @start)) / 1000.0 AS seconds
         FROM activity_spans WHERE kind = 'app' AND start_ms < @end AND end_ms > @start ${this.d}
         GROUP BY app, title, device ORDER BY seconds DESC`,
    ).all({ start: window.startMs, end: window.endMs }) as (WindowUse & { device: number })[];
    const labels = this.devices.labels();
    return rows.map(({ device, ...use }) => ({ ...use, ...deviceOf(labels, device) }));
  }

  /** Work sessions of one source that began inside a window. */
  workSessionIdsIn(source: WorkSession['source'], window: TimeWindow): number[] {
    return (
      this.db
        .prepare(
          `SELECT id FROM work_sessions WHERE source = ? AND started_at >= ? AND started_at <= ? AND device = ${LOCAL_DEVICE} ORDER BY id`,
        )
        .all(source, window.startMs, window.endMs) as { id: number }[]
    ).map((r) => r.id);
  }

  /** The first and last moment of spans recorded from the other source inside a window, or null when there are none. */
  spansOfOtherSourceIn(source: WorkSession['source'], window: TimeWindow): TimeWindow | null {
    const row = this.db
      .prepare(
        `SELECT MIN(s.start_ms) AS startMs, MAX(s.end_ms) AS endMs FROM activity_spans s
         JOIN work_sessions w ON w.id = s.work_session_id
         WHERE w.source != ? AND s.start_ms < ? AND s.end_ms > ? AND s.device = ${LOCAL_DEVICE}`,
      )
      .get(source, window.endMs, window.startMs) as { startMs: number | null; endMs: number | null };
    return row.startMs === null || row.endMs === null ? null : { startMs: row.startMs, endMs: row.endMs };
  }

  /** Deletes this device's work sessions with their spans (and, by cascade, their tasks, theories and summaries). */
  deleteWorkSessions(ids: readonly number[]): number {
    const del = this.db.prepare(`DELETE FROM work_sessions WHERE id = ? AND device = ${LOCAL_DEVICE}`);
    return ids.reduce((n, id) => n + del.run(id).changes, 0);
  }

  private toWorkSession(row: WorkSessionRow, labels: DeviceLabels): WorkSession {
    const totals = this.appTime({ workSessionId: row.id });
    return {
      id: row.id,
      startedAt: iso(row.started_at),
      endedAt: row.ended_at === null ? null : iso(row.ended_at),
      status: row.status,
      source: row.source,
      endReason: row.end_reason,
      activeSeconds: totals.totalActiveSeconds,
      idleSeconds: totals.idleSeconds,
      privateSeconds: totals.privateSeconds,
      ...deviceOf(labels, row.device),
    };
  }
}

/** Totals per app and title; with labels (several devices), which devices each app was used on and each device's active time. */
function summarize(rows: readonly TotalsRow[], labels: DeviceLabels): Omit<AppTime, 'date' | 'workSessionId'> {
  const apps = new Map<string, { ms: number; titles: Map<string, number>; devices: Set<number> }>();
  const activeByDevice = new Map<number, number>();
  let idleMs = 0;
  let privateMs = 0;
  for (const row of rows) {
    if (row.kind === 'idle') idleMs += row.ms;
    else if (row.kind === 'private') privateMs += row.ms;
    else {
      const app = apps.get(row.app ?? '') ?? { ms: 0, titles: new Map<string, number>(), devices: new Set<number>() };
      app.ms += row.ms;
      app.titles.set(row.title ?? '', (app.titles.get(row.title ?? '') ?? 0) + row.ms);
      app.devices.add(row.device);
      apps.set(row.app ?? '', app);
      activeByDevice.set(row.device, (activeByDevice.get(row.device) ?? 0) + row.ms);
    }
  }
  const refs = (keys: Iterable<number>): DeviceRef[] => [...keys].map(labels).filter((d): d is DeviceRef => d !== undefined);
  const labelled = labels(LOCAL_DEVICE) !== undefined;
  const sorted = [...apps.entries()].sort((a, b) => b[1].ms - a[1].ms);
  return {
    totalActiveSeconds: round1(sorted.reduce((sum, [, a]) => sum + a.ms, 0)),
    idleSeconds: round1(idleMs),
    privateSeconds: round1(privateMs),
    apps: sorted.map(([app, a]) => ({
      app,
      seconds: round1(a.ms),
      titles: [...a.titles.entries()].sort((x, y) => y[1] - x[1]).map(([title, ms]) => ({ title, seconds: round1(ms) })),
      ...(labelled && { devices: refs([...a.devices].sort((x, y) => x - y)) }),
    })),
    ...(labelled && {
      devices: [...activeByDevice.entries()]
        .sort((a, b) => b[1] - a[1])
        .flatMap(([key, ms]) => refs([key]).map((ref) => ({ ...ref, activeSeconds: round1(ms) }))),
    }),
  };
}

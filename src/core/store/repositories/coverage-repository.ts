import type { TimeWindow } from './activity-repository';
import type { Db } from '../database';

/** Why a stretch of time was (or was not) observed; `observing` and `idle` are observed. */
export type CoverageReason =
  | 'observing'
  | 'idle'
  | 'private'
  | 'paused'
  | 'locked'
  | 'no_display'
  | 'display_lost'
  | 'capture_error'
  | 'storage_error'
  | 'suspended'
  | 'clock_changed';

export interface CoverageStretch {
  readonly reason: CoverageReason;
  /** Words about this stretch: the pause reason, the error seen. */
  readonly detail: string | null;
  readonly startMs: number;
  endMs: number;
}

export interface CoverageRow extends CoverageStretch {
  readonly id: number;
  readonly source: 'desktop' | 'replay';
}

/** Where the coverage tracker writes its stretches (inserted once, then extended in place). */
export interface CoverageSink {
  open(stretch: CoverageStretch): number;
  update(id: number, stretch: CoverageStretch): void;
}

/** The store side of observation coverage (`observation_coverage`) and of the storage probe. */
export class CoverageRepository {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare(`INSERT INTO observation_coverage (start_ms, end_ms, reason, detail, source) VALUES (?, ?, ?, ?, ?) RETURNING id`),
      update: db.prepare(`UPDATE observation_coverage SET end_ms = ? WHERE id = ?`),
      inWindow: db.prepare(
        `SELECT id, MAX(start_ms, @start) AS startMs, MIN(end_ms, @end) AS endMs, reason, detail, source
         FROM observation_coverage WHERE start_ms < @end AND end_ms > @start ORDER BY start_ms, id`,
      ),
      deleteWindow: db.prepare(`DELETE FROM observation_coverage WHERE source = ? AND start_ms >= ? AND start_ms <= ?`),
      probe: db.prepare(`INSERT INTO storage_probe (id, at_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`),
    };
  }

  sink(source: 'desktop' | 'replay'): CoverageSink {
    return {
      open: (s) => (this.stmts.insert.get(s.startMs, s.endMs, s.reason, s.detail, source) as { id: number }).id,
      update: (id, s) => void this.stmts.update.run(s.endMs, id),
    };
  }

  /** Stretches overlapping a time window, clipped to it, in time order. */
  stretches(window: TimeWindow): CoverageRow[] {
    return this.stmts.inWindow.all({ start: window.startMs, end: window.endMs }) as CoverageRow[];
  }

  /** Forgets the stretches of one source that began inside a window (a replayed day played again). */
  deleteWindow(source: 'desktop' | 'replay', window: TimeWindow): number {
    return this.stmts.deleteWindow.run(source, window.startMs, window.endMs).changes;
  }

  /** The smallest write there is: it fails exactly when the profile cannot be written. */
  probeWrite(atMs: number): void {
    this.stmts.probe.run(atMs);
  }
}

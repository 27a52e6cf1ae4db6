import type { CoverageReason, CoverageSink, CoverageStretch } from '../store/repositories/coverage-repository';

export interface CoverageTrackerOptions {
  /** Notes further apart than this do not join: the time between them was not observed at all. */
  readonly maxGapMs: number;
  /** How often the open stretch's end is written through. */
  readonly flushEveryMs: number;
  /** Stretches kept in memory while the store cannot be written; the oldest go first beyond this. */
  readonly maxPending?: number;
  /**
   * A write failed. Returns whether the store may take it later (disk full, locked): the stretch then
   * stays in memory and is written with the next successful write; otherwise it is dropped, so one
   * stretch the store refuses never holds back the ones after it.
   */
  readonly onWriteError: (error: unknown) => boolean;
}

interface Open {
  readonly stretch: CoverageStretch;
  id: number | null;
  lastSeen: number;
  flushedAt: number;
}

/**
 * Records when observation really ran, and why not when it did not, as stretches of one reason:
 * a note of the same reason extends the open stretch in memory (written through every `flushEveryMs`),
 * a different reason closes it and opens the next. A store that cannot be written loses nothing:
 * stretches wait in memory and are written once writes succeed (`retry`), so a full disk shows up
 * afterwards as a `storage_error` stretch.
 */
export class CoverageTracker {
  private current: Open | null = null;
  private readonly pending: { stretch: CoverageStretch; id: number | null }[] = [];

  constructor(
    private readonly sink: CoverageSink,
    private readonly options: CoverageTrackerOptions,
  ) {}

  /** The state at `at` (`since`: when it really began, for idle seen after the fact). */
  note(at: number, reason: CoverageReason, detail: string | null = null, since: number = at): void {
    const cur = this.current;
    const contiguous = cur !== null && at - cur.lastSeen <= this.options.maxGapMs && at >= cur.lastSeen;
    if (cur && contiguous && cur.stretch.reason === reason && cur.stretch.detail === detail) {
      cur.stretch.endMs = at;
      cur.lastSeen = at;
      if (at - cur.flushedAt >= this.options.flushEveryMs) this.flush();
      return;
    }
    let start = at;
    if (cur) {
      cur.stretch.endMs = contiguous ? Math.max(cur.stretch.startMs, Math.min(since, at)) : cur.lastSeen;
      this.pending.push({ stretch: cur.stretch, id: cur.id });
      if (contiguous) start = cur.stretch.endMs;
    }
    this.current = { stretch: { reason, detail, startMs: start, endMs: at }, id: null, lastSeen: at, flushedAt: at };
    this.flush();
  }

  /**
   * A stretch of time nothing could see (the computer slept, the clock jumped over it), recorded as
   * its own stretch: the open one ends at its last note, and the next note starts a new one.
   */
  gap(startMs: number, endMs: number, reason: CoverageReason, detail: string | null): void {
    this.close();
    if (endMs > startMs) this.pending.push({ stretch: { reason, detail, startMs, endMs }, id: null });
    this.flush();
  }

  /** Ends the open stretch at its last note (the app quits): what follows is time it did not run. */
  close(): void {
    if (!this.current) return;
    this.pending.push({ stretch: this.current.stretch, id: this.current.id });
    this.current = null;
    this.flush();
  }

  /** Writes what waits: closed stretches, then the open one's end. Never throws. */
  flush(): void {
    try {
      while (this.pending.length > 0) {
        const next = this.pending[0]!;
        this.write(next);
        this.pending.shift();
      }
      if (this.current) {
        this.write(this.current);
        this.current.flushedAt = this.current.lastSeen;
      }
    } catch (error) {
      const max = this.options.maxPending ?? 1000;
      if (this.pending.length > max) this.pending.splice(0, this.pending.length - max);
      if (this.options.onWriteError(error)) return;
      if (this.pending.length > 0) this.pending.shift();
      else this.current = null;
    }
  }

  /** Called when the store can be written again. */
  retry(): void {
    this.flush();
  }

  get waiting(): number {
    return this.pending.length;
  }

  private write(entry: { stretch: CoverageStretch; id: number | null }): void {
    if (entry.id === null) entry.id = this.sink.open(entry.stretch);
    else this.sink.update(entry.id, entry.stretch);
  }
}

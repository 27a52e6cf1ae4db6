import type { Span, SpanSink } from '../store/repositories/activity-span';

/** What the user is doing at one poll, as far as app time is concerned. */
export type ActivityState =
  | { readonly kind: 'app'; readonly app: string; readonly title: string }
  | { readonly kind: 'idle' }
  /** `reason`: the exclusion rule that made the window private (its name, never the window's). */
  | { readonly kind: 'private'; readonly reason: string };

export interface SpanTrackerOptions {
  /** Observations further apart than this do not merge (the gap is unobserved time). */
  readonly maxGapMs: number;
  /** How often the end of the open span is written through; bounds what a crash loses. */
  readonly flushEveryMs: number;
}

const sameState = (span: Span, state: ActivityState): boolean =>
  span.kind === state.kind &&
  (state.kind !== 'app' || (span.app === state.app && span.title === state.title)) &&
  (state.kind !== 'private' || span.privateReason === state.reason);

/**
 * Merges polled observations into spans, like ActivityWatch's heartbeat merge: an observation
 * equal to the open span extends it; a different one closes it at that moment and opens a new one.
 */
export class SpanTracker {
  private current: { span: Span; key: number; lastSeen: number; flushedAt: number } | null = null;

  constructor(
    private readonly sink: SpanSink,
    private readonly options: SpanTrackerOptions,
  ) {}

  /**
   * Records the state seen at `at`. `since` lets a state begin earlier than it was seen: idle
   * starts at the last input, so the app span before it is cut back to that moment.
   */
  observe(at: number, state: ActivityState, since: number = at): void {
    const cur = this.current;
    if (cur && sameState(cur.span, state) && at - cur.lastSeen <= this.options.maxGapMs) {
      cur.span.endMs = at;
      cur.lastSeen = at;
      if (at - cur.flushedAt >= this.options.flushEveryMs) this.flush();
      return;
    }
    let start = at;
    if (cur) {
      const contiguous = at - cur.lastSeen <= this.options.maxGapMs;
      const boundary = contiguous ? Math.max(cur.span.startMs, Math.min(since, at)) : cur.lastSeen;
      cur.span.endMs = Math.max(cur.span.startMs, boundary);
      this.sink.update(cur.key, cur.span);
      start = contiguous ? cur.span.endMs : at;
    }
    const span: Span = {
      kind: state.kind,
      app: state.kind === 'app' ? state.app : null,
      title: state.kind === 'app' ? state.title : null,
      privateReason: state.kind === 'private' ? state.reason : null,
      startMs: start,
      endMs: at,
    };
    this.current = { span, key: this.sink.open(span), lastSeen: at, flushedAt: at };
  }

  /** The open app span's window is on `monitor` (its first screenshot says so); written with the next flush. */
  noteMonitor(monitor: string): void {
    const span = this.current?.span;
    if (span?.kind === 'app' && !span.monitor) span.monitor = monitor;
  }

  /** Moves the open span's end back to `ms` (not before its start): what followed it was not what it says (the screen locked). */
  cutBack(ms: number): void {
    const span = this.current?.span;
    if (span) span.endMs = Math.max(span.startMs, Math.min(span.endMs, ms));
  }

  /** Ends the open span at its last observation (pause, quit, end of a work session). */
  close(): void {
    if (!this.current) return;
    this.flush();
    this.current = null;
  }

  /** Forgets the open span without writing it (its store is unavailable). */
  discard(): void {
    this.current = null;
  }

  get open(): Readonly<Span> | null {
    return this.current?.span ?? null;
  }

  /** Writes the open span's current end through (before a read that must include it). */
  flush(): void {
    if (!this.current) return;
    this.sink.update(this.current.key, this.current.span);
    this.current.flushedAt = this.current.lastSeen;
  }
}

/** What a span of app time was: a window in an app, idle time, or a window an exclusion rule made private. */
export type SpanKind = 'app' | 'idle' | 'private';

/** One span of app time as the activity store keeps it; the observer's span tracker builds them. */
export interface Span {
  readonly kind: SpanKind;
  readonly app: string | null;
  readonly title: string | null;
  /** Private spans: the exclusion rule that made them private. */
  readonly privateReason: string | null;
  /** App spans: the monitor that showed the window (from its first screenshot); null until one was taken. */
  monitor?: string | null;
  readonly startMs: number;
  endMs: number;
}

export interface SpanSink {
  /** A new span began; returns its id in the store. */
  open(span: Span): number;
  /** The span's end moved (called at most every `flushEveryMs`, and at close). */
  update(key: number, span: Span): void;
}

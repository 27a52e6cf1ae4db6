import { iso } from '../clock';
import { messageOf } from '../util/message-of';

export interface ProbeView {
  readonly lastOkAt: string | null;
  readonly lastFailedAt: string | null;
  /** Failures in a row since the last success. */
  readonly consecutiveFailures: number;
  readonly lastError: string | null;
}

/** What one probe (reading the window, idle time, a screenshot) did lately: health reads this, not intent. */
export class ProbeRecord {
  lastOkAt: number | null = null;
  lastFailedAt: number | null = null;
  consecutiveFailures = 0;
  lastError: string | null = null;

  ok(at: number): void {
    this.lastOkAt = at;
    this.consecutiveFailures = 0;
  }

  fail(at: number, error: unknown): void {
    this.lastFailedAt = at;
    this.consecutiveFailures++;
    this.lastError = messageOf(error);
  }

  /** Failing now: the latest attempt failed. */
  get failing(): boolean {
    return this.consecutiveFailures > 0;
  }

  view(): ProbeView {
    return {
      lastOkAt: this.lastOkAt === null ? null : iso(this.lastOkAt),
      lastFailedAt: this.lastFailedAt === null ? null : iso(this.lastFailedAt),
      consecutiveFailures: this.consecutiveFailures,
      lastError: this.lastError,
    };
  }
}

import { iso, type Clock } from '../clock';
import { storageProblemMessage, storageProblemOf, type StorageProblem } from './storage-failure';
import { messageOf } from '../util/message-of';

export interface WritabilityState {
  readonly writable: boolean;
  readonly problem: StorageProblem | null;
  /** Since when writes fail (ISO), null while they succeed. */
  readonly failingSince: string | null;
  readonly lastError: { readonly at: string; readonly message: string } | null;
}

export interface WritabilityMonitorOptions {
  readonly clock: Clock;
  /** The smallest write: succeeds exactly when the profile can be written. */
  readonly probeWrite: (atMs: number) => void;
  /** How often a failed store is tried again (only where `startProbing` was called). */
  readonly retryEveryMs?: number;
}

/**
 * Whether the profile can be written, learned from what actually happened: any write that fails for a
 * storage reason (full disk, read-only folder, I/O error) marks it unwritable; from then on a tiny
 * probe write is tried every few seconds, and the first that succeeds marks it writable again and runs
 * what waited for that (capture resuming, repairs). Health reads its state.
 */
export class WritabilityMonitor {
  private problem: StorageProblem | null = null;
  private failingSince: number | null = null;
  private lastError: { at: string; message: string } | null = null;
  private readonly recoveryListeners = new Set<() => void>();
  private readonly repairs: (() => void)[] = [];
  private readonly failureListeners = new Set<(problem: StorageProblem) => void>();
  private timer: NodeJS.Timeout | null = null;
  private probing = false;

  constructor(private readonly options: WritabilityMonitorOptions) {}

  get writable(): boolean {
    return this.problem === null;
  }

  state(): WritabilityState {
    return {
      writable: this.writable,
      problem: this.problem,
      failingSince: this.failingSince === null ? null : iso(this.failingSince),
      lastError: this.lastError,
    };
  }

  /** The words for the current problem (what happened, what to do), or null while writes succeed. */
  message(): string | null {
    return this.problem && storageProblemMessage(this.problem);
  }

  /**
   * Reports an error from a write. Returns true when it is a storage failure (and records it), false for
   * anything else (a bug, bad input), which says nothing about the disk.
   */
  failed(error: unknown): boolean {
    const problem = storageProblemOf(error);
    if (!problem) return false;
    const now = this.options.clock.now();
    this.lastError = { at: iso(now), message: messageOf(error) };
    const wasWritable = this.writable;
    this.problem = problem;
    this.failingSince ??= now;
    if (wasWritable) for (const listener of this.failureListeners) listener(problem);
    this.scheduleProbe();
    return true;
  }

  /** Tries the probe write now; true when the profile can be written. */
  probe(): boolean {
    if (this.writable) return true;
    try {
      this.options.probeWrite(this.options.clock.now());
    } catch (error) {
      this.failed(error);
      return false;
    }
    this.problem = null;
    this.failingSince = null;
    for (const repair of this.repairs.splice(0)) this.repair(repair);
    for (const listener of this.recoveryListeners) listener();
    return this.writable;
  }

  /**
   * Runs a write that puts something right (a reply left `streaming`); when it fails for a storage
   * reason it runs again once writes succeed, so nothing is left half-done until a restart.
   */
  repair(write: () => void): void {
    try {
      write();
    } catch (error) {
      if (!this.failed(error)) throw error;
      this.repairs.push(write);
    }
  }

  /** Runs `listener` each time writes succeed again after failing. */
  onRecovered(listener: () => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /** Runs `listener` each time writes start failing. */
  onFailed(listener: (problem: StorageProblem) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** The observing app tries failed writes again on a timer; a reader (the CLI) never writes on its own. */
  startProbing(): void {
    this.probing = true;
    this.scheduleProbe();
  }

  stop(): void {
    this.probing = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleProbe(): void {
    if (!this.probing || this.timer || this.writable) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.probe()) this.scheduleProbe();
    }, this.options.retryEveryMs ?? 5000);
    this.timer.unref();
  }
}

import { iso, type Clock } from '../../clock';
import type { EventBus } from '../../events';
import { messageOf } from '../../util/message-of';

export interface MemoryHealth {
  readonly errors: number;
  readonly lastError: { at: string; message: string } | null;
}

/**
 * Memory's own serial queue, after the capture loop's events: jobs run one at a time, and a failure
 * is reported (`memory:error`), never thrown into the loop.
 */
export class MemoryWorkQueue {
  private chain: Promise<void> = Promise.resolve();
  private errors = 0;
  private lastError: MemoryHealth['lastError'] = null;

  constructor(private readonly deps: { clock: Clock; events: EventBus }) {}

  enqueue(job: () => Promise<void> | void): void {
    this.chain = this.chain.then(job).catch((error: unknown) => this.report(error));
  }

  /** Resolves once every queued job is done, including jobs queued meanwhile (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  report(error: unknown): void {
    this.errors++;
    this.lastError = { at: iso(this.deps.clock.now()), message: `memory: ${messageOf(error)}` };
    this.deps.events.emit('memory:error', this.lastError);
  }

  health(): MemoryHealth {
    return { errors: this.errors, lastError: this.lastError };
  }
}

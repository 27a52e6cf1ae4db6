import type { ManualClock } from '../clock';
import type { Observer } from './observer';
import { replayPolls, type ReplaySource } from './sources/replay-source';

/** Polls the observer on a real timer. Returns a function that stops the loop. */
export function startCaptureLoop(observer: Observer, pollIntervalMs: number): () => void {
  const timer = setInterval(() => void observer.tick(), pollIntervalMs);
  void observer.tick();
  return () => clearInterval(timer);
}

export interface ReplayOptions {
  readonly pollIntervalMs: number;
  /** 0 = as fast as possible; otherwise how many times faster than real time. */
  readonly speed: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (at: number) => void;
}

/** Drives the observer through a recorded day (or each day of a folder of days) on the virtual clock, one poll per interval. */
export async function runReplay(observer: Observer, source: ReplaySource, clock: ManualClock, options: ReplayOptions): Promise<void> {
  const sleepMs = options.speed > 0 ? options.pollIntervalMs / options.speed : 0;
  let polls = 0;
  for (const t of replayPolls(source, options.pollIntervalMs)) {
    if (options.signal?.aborted) return;
    clock.set(t);
    await observer.tick();
    options.onProgress?.(t);
    if (sleepMs > 0) await new Promise((resolve) => setTimeout(resolve, sleepMs));
    // Let I/O (API requests) in now and then even at full speed.
    else if (polls % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    polls++;
  }
}

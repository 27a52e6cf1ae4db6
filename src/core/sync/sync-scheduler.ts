import type { SyncService } from './sync-service';
import { messageOf } from '../util/message-of';

/**
 * The observing app's exchanges with the sync folder: a first one shortly after start, then every
 * `sync.intervalSec` (read again each time, so a changed setting applies), and a last one when the app
 * stops, so the changes of its final minutes leave too. A failing exchange is reported in health and
 * tried again at the next interval; it never reaches the capture loop.
 */
export function scheduleSync(sync: SyncService, firstDelayMs = 5_000): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const exchange = async (): Promise<void> => {
    try {
      await sync.run();
    } catch (error) {
      process.emitWarning(`sync failed (will retry at the next interval): ${messageOf(error)}`);
    }
  };
  const next = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      void exchange().then(() => next(sync.status().intervalSec * 1000));
    }, delayMs);
    timer.unref();
  };
  next(firstDelayMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    if (sync.status().folder) await exchange();
  };
}

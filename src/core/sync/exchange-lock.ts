import { join } from 'node:path';
import { tryPidLock } from '../util/pid-lock';

/**
 * One exchange with the sync folder at a time per profile (the app's schedule and `shadow sync now` may
 * meet): two writers would both take the next segment number. Returns the release, or null while
 * another process holds it.
 */
export function tryExchangeLock(profileDir: string): (() => void) | null {
  const lock = tryPidLock(join(profileDir, 'sync.lock'));
  return 'release' in lock ? lock.release : null;
}

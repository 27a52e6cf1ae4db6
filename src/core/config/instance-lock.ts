import { join } from 'node:path';
import { tryPidLock } from '../util/pid-lock';

/**
 * One observing app per profile: two would double-count app time. A lock left by a crashed
 * process (its pid is gone) is taken over.
 */
export function acquireInstanceLock(profileDir: string): () => void {
  try {
    const lock = tryPidLock(join(profileDir, 'app.lock'));
    if ('release' in lock) return lock.release;
    throw new Error(
      `Workflow Shadow is already running for this profile (pid ${lock.heldBy}). Quit it first, or use another SHADOW_PROFILE.`,
    );
  } catch (error) {
    // A read-only profile: no instance can write to it, so none can double-count; health says why nothing is saved.
    if ((error as NodeJS.ErrnoException).code === 'EROFS') return () => {};
    throw error;
  }
}

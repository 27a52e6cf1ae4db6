import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One observing app per profile: two would double-count app time. A lock left by a crashed
 * process (its pid is gone) is taken over.
 */
export function acquireInstanceLock(profileDir: string): () => void {
  const file = join(profileDir, 'app.lock');
  try {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Workflow Shadow is already running for this profile (pid ${holder}). Quit it first, or use another SHADOW_PROFILE.`,
        );
      }
      writeFileSync(file, String(process.pid), { mode: 0o600 });
    }
  } catch (error) {
    // A read-only profile: no instance can write to it, so none can double-count; health says why nothing is saved.
    if ((error as NodeJS.ErrnoException).code === 'EROFS') return () => {};
    throw error;
  }
  return () => rmSync(file, { force: true });
}

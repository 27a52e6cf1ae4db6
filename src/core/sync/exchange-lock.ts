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
 * One exchange with the sync folder at a time per profile (the app's schedule and `shadow sync now` may
 * meet): two writers would both take the next segment number. The lock is a file holding the pid; one
 * left by a process that is gone is taken over. Returns the release, or null while another process holds it.
 */
export function tryExchangeLock(profileDir: string): (() => void) | null {
  const file = join(profileDir, 'sync.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) return null;
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  return () => rmSync(file, { force: true });
}

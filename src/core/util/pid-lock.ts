import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type PidLock = { readonly release: () => void } | { readonly heldBy: number };

/**
 * Takes `file` as a lock holding this process's pid. A lock left by a process that is gone (a crash)
 * is taken over; while a live process holds it, says which. File errors other than "it exists" are
 * thrown to the caller, which knows what they mean for it.
 */
export function tryPidLock(file: string): PidLock {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) return { heldBy: holder };
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  return { release: () => rmSync(file, { force: true }) };
}

import { existsSync, rmSync } from 'node:fs';
import { tryPidLock } from '../util/pid-lock';

/**
 * What `shadow encrypt` leaves beside the store while it runs: the encrypted copy it writes (and, from
 * builds before the copy was written encrypted, that copy's rollback journal, which held the store's
 * pages in the clear), and the lock that says an encryption is running.
 */
export const ENCRYPTING_SUFFIX = '.encrypting';
export const encryptingCopyOf = (database: string): string => `${database}${ENCRYPTING_SUFFIX}`;
export const encryptingLockOf = (database: string): string => `${encryptingCopyOf(database)}.lock`;

/** Every file an interrupted encryption can leave: the copy, its journal, WAL and shared memory. */
export function encryptionLeftovers(database: string): string[] {
  const copy = encryptingCopyOf(database);
  return [copy, `${copy}-journal`, `${copy}-wal`, `${copy}-shm`].filter((file) => existsSync(file));
}

/**
 * Rolls back an encryption that was interrupted (a crash, SIGKILL, a full disk): the store itself is
 * only ever replaced by one atomic rename of a checked copy, so until then it is whole and as it was,
 * and what is left beside it is removed. Nothing is done while the encryption still runs (its
 * process holds the lock). Returns whether anything was left.
 */
export function rollBackInterruptedEncryption(database: string): boolean {
  const leftovers = encryptionLeftovers(database);
  if (leftovers.length === 0) return false;
  const lock = tryPidLock(encryptingLockOf(database));
  if ('heldBy' in lock) return false;
  try {
    for (const file of leftovers) rmSync(file, { force: true });
  } finally {
    lock.release();
  }
  return true;
}

import { DomainError } from '../errors';
import { isDatabaseError } from './database';

/**
 * Failures that mean "the profile cannot be written right now" (a full disk, a read-only or vanished
 * folder, an I/O error, a lock held too long), from SQLite or from the file system, as opposed to a bug or
 * bad input. Each becomes a 503 `storage_unavailable` with words a person can act on, pauses capture
 * and marks health `failing` until a write succeeds again.
 */

const SQLITE_KINDS: readonly [RegExp, StorageProblem][] = [
  [/^SQLITE_FULL/, 'full'],
  [/^SQLITE_READONLY/, 'read_only'],
  [/^SQLITE_(IOERR|CANTOPEN|PROTOCOL|NOLFS)/, 'io_error'],
  [/^SQLITE_(BUSY|LOCKED)/, 'busy'],
  [/^SQLITE_(CORRUPT|NOTADB)/, 'corrupt'],
];

const ERRNO_KINDS: Readonly<Record<string, StorageProblem>> = {
  ENOSPC: 'full',
  EDQUOT: 'full',
  EROFS: 'read_only',
  EIO: 'io_error',
  ENODEV: 'io_error',
  ENXIO: 'io_error',
};

/** Permission errors count only from calls that change the disk: reading a folder one may not read is not a storage failure. */
const WRITING_SYSCALLS = new Set(['mkdir', 'rename', 'write', 'unlink', 'rmdir', 'link', 'symlink', 'chmod', 'copyfile', 'ftruncate']);

export type StorageProblem = 'full' | 'read_only' | 'io_error' | 'busy' | 'corrupt';

const MESSAGES: Readonly<Record<StorageProblem, string>> = {
  full: 'The disk holding your Workflow Shadow profile is full, so nothing new can be saved. Free some space on it; saving and observing resume by themselves.',
  read_only:
    'Your Workflow Shadow profile folder cannot be written (it is read-only or its permissions changed), so nothing new can be saved. Make it writable again; saving and observing resume by themselves.',
  io_error:
    'The disk holding your Workflow Shadow profile reported an error while saving. Check the disk (is it still attached?); saving and observing resume by themselves when it works again.',
  busy: 'The database is locked by another program right now, so this could not be saved. Try again in a moment.',
  corrupt:
    'The Workflow Shadow database file is damaged, so nothing can be saved to it. Quit the app and restore the profile from a backup, or move it aside to start a new one.',
};

/** What kind of storage problem an error is, or null when it is something else. */
export function storageProblemOf(error: unknown): StorageProblem | null {
  if (isDatabaseError(error)) return SQLITE_KINDS.find(([pattern]) => pattern.test(error.code))?.[1] ?? null;
  if (!(error instanceof Error)) return null;
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== 'string') return null;
  if (code === 'EACCES' || code === 'EPERM')
    return WRITING_SYSCALLS.has((error as NodeJS.ErrnoException).syscall ?? '') ? 'read_only' : null;
  return ERRNO_KINDS[code] ?? null;
}

export function storageProblemMessage(problem: StorageProblem): string {
  return MESSAGES[problem];
}

const ACTIONS: Readonly<Record<StorageProblem, string>> = {
  full: 'Free some space on the disk that holds your profile (SHADOW_HOME); saving and observing resume by themselves.',
  read_only:
    'Make the profile folder writable again (remount it read-write, or fix its permissions); saving and observing resume by themselves.',
  io_error: 'Check the disk that holds your profile (is it still attached, is it failing?); saving resumes by itself once writes work.',
  busy: 'Close the other program that has the database open; saving resumes by itself.',
  corrupt: 'Quit Workflow Shadow and restore the profile from a backup, or move it aside to start a new one.',
};

/** What to do about a storage problem, in one sentence. */
export function storageProblemAction(problem: StorageProblem): string {
  return ACTIONS[problem];
}

/** The 503 a surface answers for a storage failure; null when `error` is not one. */
export function storageUnavailable(error: unknown): DomainError | null {
  const problem = storageProblemOf(error);
  if (!problem) return null;
  const detail = error instanceof Error ? ` (${error.message})` : '';
  return new DomainError('unavailable', 'storage_unavailable', `${MESSAGES[problem]}${detail}`);
}

import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  opendirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
  type Dir,
  type Stats,
} from 'node:fs';
import { basename, join } from 'node:path';
import { messageOf } from '../util/message-of';

/** Temporary files start with this, so readers (and a sync tool's ignore pattern, docs/sync.md) skip them. */
export const TEMP_PREFIX = '.shadow-tmp-';

/**
 * Writes a file so that no reader ever sees part of it: the bytes go to a temporary name in the same
 * folder, are flushed to disk, and the file is renamed into place (a rename within a folder is atomic),
 * then the folder itself is flushed so the rename survives a power cut. A process killed on the way
 * leaves at most a temporary file, which `removeStaleTemps` clears.
 */
export function writeFileAtomic(dir: string, name: string, bytes: Buffer | string): void {
  const temp = join(dir, `${TEMP_PREFIX}${process.pid}-${name}`);
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
      let written = 0;
      while (written < data.length) written += writeSync(fd, data, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, name));
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDir(dir);
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems (network folders, Windows) cannot flush a folder; the rename still happened.
  }
}

/** Temporary files a killed writer left behind in its own folder. */
export function removeStaleTemps(dir: string): number {
  let removed = 0;
  for (const name of safeList(dir)) {
    if (name.startsWith(TEMP_PREFIX)) {
      rmSync(join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/** The names in a folder, or none when it cannot be read. */
export function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A file of the sync folder that is not read: a link, not a plain file, bigger than it may be. */
export class RefusedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedFileError';
  }
}

/** A file read from the sync folder, and the stamp that tells whether it changed since (size, mtime, inode). */
export interface UntrustedFile {
  readonly bytes: Buffer;
  readonly stamp: string;
}

// Not following a link, and not waiting for a writer when the name is a FIFO (fstat refuses it then).
// Windows has neither flag: there the lstat in `fileStamp` and the fstat below stand alone.
const OPEN_UNTRUSTED = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

/**
 * A file of the sync folder read as untrusted input, or null when it is missing: opened without
 * following a symbolic link (a link to /proc/self/pagemap or to the user's files is refused, ELOOP),
 * fstat must say a plain file, and its bytes are read through that descriptor and counted while read:
 * past `maxBytes` it is refused, whatever size stat gave (a /proc file says 0 and streams without end).
 * One that gives more bytes than its own fstat said is not a plain file either (or is being written).
 */
export function readUntrusted(file: string, maxBytes: number): UntrustedFile | null {
  let fd: number;
  try {
    fd = openSync(file, OPEN_UNTRUSTED);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new RefusedFileError(`${basename(file)} is a symbolic link (never followed in the sync folder)`);
    throw new RefusedFileError(`${basename(file)} cannot be opened (${code ?? messageOf(error)})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new RefusedFileError(`${basename(file)} is not a plain file (${kindOf(stat)})`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) throw new RefusedFileError(`${basename(file)} is over the ${maxBytes} bytes it may be`);
      if (total > stat.size)
        throw new RefusedFileError(`${basename(file)} gives more bytes than its size says (not a plain file, or being written)`);
    }
    return { bytes: Buffer.concat(chunks, total), stamp: stampOf(stat) };
  } finally {
    closeSync(fd);
  }
}

/** The stamp of a file without reading it (null when missing), to skip one that failed and has not changed since. */
export function fileStamp(file: string): string | null {
  try {
    return stampOf(lstatSync(file));
  } catch {
    return null;
  }
}

/** Whether `path` is a folder itself, never a link to one (a device folder linked to /proc or elsewhere is not read). */
export function isPlainDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * At most `max` names of a folder, read entry by entry (a folder of millions of files costs `max`, not
 * all of them), and whether there were more; none when it cannot be read.
 */
export function listBounded(dir: string, max: number): { names: string[]; more: boolean } {
  const names: string[] = [];
  let handle: Dir;
  try {
    handle = opendirSync(dir);
  } catch {
    return { names, more: false };
  }
  try {
    for (let entry = handle.readSync(); entry !== null; entry = handle.readSync()) {
      if (names.length === max) return { names, more: true };
      names.push(entry.name);
    }
  } catch {
    // Removed or unreadable while listed: what was read so far.
  } finally {
    handle.closeSync();
  }
  return { names, more: false };
}

function stampOf(stat: Stats): string {
  return `${stat.size}:${Math.trunc(stat.mtimeMs)}:${stat.ino}`;
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

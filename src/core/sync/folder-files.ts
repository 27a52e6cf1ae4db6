import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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

/** A file's bytes when it is a regular file no bigger than `maxBytes`; null when it is missing. */
export function readBounded(file: string, maxBytes: number): Buffer | null {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error(`${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (size > maxBytes) throw new Error(`${file} is ${size} bytes, over the ${maxBytes} it may be`);
  return readFileSync(file);
}

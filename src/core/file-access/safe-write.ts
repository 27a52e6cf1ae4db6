import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../errors';
import { storageUnavailable } from '../store/storage-failure';
import { DirHandle } from './descriptor-paths';
import { badPath, forbiddenPath } from './path-rules';
import { messageOf } from '../util/message-of';

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

const viaLink = (): DomainError => forbiddenPath('The path goes through a symlink; writes never go through symlinks.');

/** Opens (making it when missing) the sub-folder `name` of `dir`, never through a symlink. */
function enter(dir: DirHandle, name: string): DirHandle {
  try {
    return dir.openChild(name);
  } catch (error) {
    if (errnoOf(error) === 'ENOTDIR' || errnoOf(error) === 'ELOOP') throw viaLink();
    if (errnoOf(error) !== 'ENOENT') throw error;
  }
  try {
    mkdirSync(dir.child(name), { mode: 0o700 });
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw storageUnavailable(error) ?? error;
  }
  try {
    return dir.openChild(name);
  } catch (error) {
    if (errnoOf(error) === 'ENOTDIR' || errnoOf(error) === 'ELOOP') throw viaLink();
    throw error;
  }
}

/**
 * Writes `data` at `segments` under the folder `root` (a real path), folder by folder through open
 * descriptors: no component may be a symlink, so swapping a folder for a link mid-way leads nowhere.
 * The file is written beside its name and renamed over it: a reader never sees half a file, a symlink
 * or a second hard link at the name is refused, and a failed write leaves no temporary file.
 */
export function writeUnder(root: string, segments: readonly string[], data: Buffer): { path: string; size: number } {
  const name = segments.at(-1);
  if (!name) throw badPath('Give the name of the file to write.');
  let dir = DirHandle.open(root);
  try {
    for (const segment of segments.slice(0, -1)) {
      const next = enter(dir, segment);
      dir.close();
      dir = next;
    }
    const existing = lstatSync(dir.child(name), { throwIfNoEntry: false });
    if (existing?.isSymbolicLink()) throw forbiddenPath('The path is a symlink; writes never go through symlinks.');
    if (existing?.isDirectory()) throw badPath('The path is a folder.');
    if (existing && existing.nlink > 1) throw forbiddenPath('The file has more than one hard link; it is not overwritten.');
    const temp = dir.child(`.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      writeFileSync(temp, data, { flag: 'wx', mode: 0o600 });
      renameSync(temp, dir.child(name));
    } catch (error) {
      rmSync(temp, { force: true });
      throw (
        storageUnavailable(error) ??
        new DomainError('invalid', 'write_failed', `The file could not be written (${errnoOf(error) ?? messageOf(error)}).`)
      );
    }
    return { path: join(dir.path, name), size: data.length };
  } finally {
    dir.close();
  }
}

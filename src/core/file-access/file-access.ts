import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { FILE_READ_MAX_BYTES, FILE_WRITE_MAX_BYTES } from '../../shared/contract/limits';
import type { ContentEncoding } from '../../shared/contract/storage';
import { DomainError, notFound } from '../errors';
import { storageProblemMessage, storageUnavailable } from '../store/storage-failure';
import { iso } from '../clock';
import { badPath, checkPathText, forbiddenPath, isInside, sensitiveReason } from './path-rules';
import { descriptorRealPath, DirHandle } from './descriptor-paths';
import { writeUnder } from './safe-write';
import { messageOf } from '../util/message-of';

export interface FileAccessOptions {
  /** The profile's data directory: readable, and the only place writes go. */
  readonly dataDir: string;
  /** More folders the user allowed reading from (settings `allowedRoots`). */
  readonly allowedRoots: readonly string[];
  /** Folders under the data directory that their own stores manage (applets, frames): not writable here. */
  readonly reservedDirs?: readonly string[];
  readonly readMaxBytes?: number;
  readonly writeMaxBytes?: number;
  /**
   * Runs after a path passed its checks and before it is opened (to read, list or write): the moment a
   * folder swapped for a symlink would strike. Tests change the disk here to make that race happen every
   * time; the open must still refuse whatever the path has become.
   */
  readonly betweenCheckAndOpen?: (realPath: string) => void;
}

export interface FileEntry {
  readonly name: string;
  readonly type: 'file' | 'directory' | 'symlink' | 'other';
  readonly size: number;
  readonly modifiedAt: string;
}

const LIST_MAX_ENTRIES = 1000;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * The real path of `path`, following symlinks, also when it does not exist yet: the deepest
 * existing ancestor is resolved and the rest appended. `exists` says whether the whole path did.
 */
function realPathOf(path: string): { real: string; exists: boolean } {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return { real: missing.length ? join(real, ...missing.reverse()) : real, exists: missing.length === 0 };
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ELOOP') throw forbiddenPath('The path goes through a symlink loop.');
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw forbiddenPath(`The path cannot be resolved (${code ?? 'error'}).`);
      const parent = dirname(current);
      if (parent === current) throw forbiddenPath('The path cannot be resolved.');
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * The file API (docs/api.md, The file API) for applets and clients, with these rules: reads only inside the allowed roots,
 * writes only under the data directory, both judged on the real path (symlinks resolved); secrets
 * refused by name; size limits. Refuses with DomainErrors the surfaces map to their own codes.
 */
export class FileAccess {
  private readonly readMax: number;
  private readonly writeMax: number;

  constructor(private readonly options: FileAccessOptions) {
    this.readMax = options.readMaxBytes ?? FILE_READ_MAX_BYTES;
    this.writeMax = options.writeMaxBytes ?? FILE_WRITE_MAX_BYTES;
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  /** The real paths of the data directory and the allowed roots that exist. */
  readRoots(): string[] {
    mkdirSync(this.options.dataDir, { recursive: true, mode: 0o700 });
    const roots = [this.options.dataDir, ...this.options.allowedRoots].flatMap((root) => {
      try {
        return [realpathSync.native(root)];
      } catch {
        return [];
      }
    });
    return [...new Set(roots)];
  }

  private writeRoot(): string {
    try {
      mkdirSync(this.options.dataDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      // On a read-only profile a recursive mkdir may even answer ENOENT: the folder cannot be made, so nothing can be written.
      throw (
        storageUnavailable(error) ??
        new DomainError('unavailable', 'storage_unavailable', `${storageProblemMessage('read_only')} (${messageOf(error)})`)
      );
    }
    return realpathSync.native(this.options.dataDir);
  }

  /** Checks a requested path for reading; returns its real path (which may not exist). */
  private resolveReadable(raw: string): { real: string; exists: boolean } {
    const requested = checkPathText(raw, this.options.dataDir);
    const refused = sensitiveReason(requested);
    if (refused) throw forbiddenPath(`Refused: ${refused}.`);
    const resolved = realPathOf(requested);
    if (!this.readRoots().some((root) => isInside(root, resolved.real))) {
      throw forbiddenPath('The path is outside the folders this API may read (the profile data directory and the folders you allowed).');
    }
    const refusedReal = sensitiveReason(resolved.real);
    if (refusedReal) throw forbiddenPath(`Refused: ${refusedReal}.`);
    return resolved;
  }

  readFile(raw: string): { path: string; content: string; encoding: ContentEncoding; size: number } {
    const { real, exists } = this.resolveReadable(raw);
    if (!exists) throw notFound(`File ${raw}`);
    this.options.betweenCheckAndOpen?.(real);
    // Opened without following a last-moment symlink and without blocking on a FIFO; the checks are then
    // made again on the opened descriptor itself, so a folder swapped for a symlink meanwhile cannot lead out.
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    } catch (error) {
      throw forbiddenPath(`The file cannot be opened (${errnoOf(error) ?? 'error'}).`);
    }
    try {
      const opened = fstatSync(fd);
      if (!opened.isFile()) throw badPath('The path is not a regular file.');
      this.checkOpened(fd, real, opened);
      if (opened.size > this.readMax) {
        throw new DomainError('too_large', 'file_too_large', `The file is ${opened.size} bytes; at most ${this.readMax} bytes are read.`);
      }
      const buffer = Buffer.alloc(opened.size);
      let offset = 0;
      while (offset < buffer.length) {
        const n = readSync(fd, buffer, offset, buffer.length - offset, offset);
        if (n === 0) break;
        offset += n;
      }
      const data = buffer.subarray(0, offset);
      const text = !data.includes(0) ? decodeUtf8(data) : null;
      return text === null
        ? { path: real, content: data.toString('base64'), encoding: 'base64', size: data.length }
        : { path: real, content: text, encoding: 'utf8', size: data.length };
    } finally {
      closeSync(fd);
    }
  }

  list(raw?: string): { path: string; files: FileEntry[] } {
    const { real, exists } = this.resolveReadable(raw ?? this.options.dataDir);
    if (!exists) throw notFound(`Folder ${raw}`);
    this.options.betweenCheckAndOpen?.(real);
    let dir: DirHandle;
    try {
      dir = DirHandle.open(real);
    } catch (error) {
      if (errnoOf(error) === 'ENOTDIR') throw badPath('The path is not a folder.');
      throw forbiddenPath(`The folder cannot be opened (${errnoOf(error) ?? 'error'}).`);
    }
    try {
      this.checkOpened(dir.fd, real, fstatSync(dir.fd));
      const files = readdirSync(dir.listPath, { withFileTypes: true })
        .filter((entry) => sensitiveReason(entry.name) === null)
        .slice(0, LIST_MAX_ENTRIES)
        .map((entry): FileEntry => {
          let size = 0;
          let modifiedAt = iso(0);
          try {
            const stats = lstatSync(dir.child(entry.name));
            size = stats.isFile() ? stats.size : 0;
            modifiedAt = iso(stats.mtimeMs);
          } catch {
            // Removed between listing and stat: listed with what is known.
          }
          const type = entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other';
          return { name: entry.name, type, size, modifiedAt };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      return { path: real, files };
    } finally {
      dir.close();
    }
  }

  /**
   * The opened descriptor must be what was checked: the same real path (where the system can say,
   * else the same inode), still inside a read root and not a secret, and a file with one name only (a
   * hard link can make a file from outside the roots look like it is inside).
   */
  private checkOpened(fd: number, real: string, opened: Stats): void {
    const actual = descriptorRealPath(fd);
    if (actual !== null) {
      if (actual !== real || !this.readRoots().some((root) => isInside(root, actual)) || sensitiveReason(actual)) {
        throw forbiddenPath('The path changed while it was being opened (a folder was swapped for a link); nothing was read.');
      }
    } else {
      const checked = statSync(real);
      if (checked.ino !== opened.ino || checked.dev !== opened.dev) throw forbiddenPath('The file changed while it was being opened.');
    }
    if (opened.isFile() && opened.nlink > 1) {
      throw forbiddenPath('The file has more than one hard link, so it may really live outside the allowed folders; it is not read.');
    }
  }

  writeFile(raw: string, content: string, encoding: ContentEncoding = 'utf8'): { path: string; size: number } {
    const requested = checkPathText(raw, this.options.dataDir);
    const refused = sensitiveReason(requested);
    if (refused) throw forbiddenPath(`Refused: ${refused}.`);
    const data = Buffer.from(content, encoding);
    if (data.length > this.writeMax) {
      throw new DomainError(
        'too_large',
        'file_too_large',
        `The content is ${data.length} bytes; at most ${this.writeMax} bytes are written.`,
      );
    }
    const root = this.writeRoot();
    this.checkWritable(requested, root);
    this.options.betweenCheckAndOpen?.(requested);
    return writeUnder(root, this.segmentsUnder(requested, root), data);
  }

  /** The requested path's names below the data directory, as asked (never as resolved through a link). */
  private segmentsUnder(requested: string, root: string): string[] {
    for (const base of [resolve(this.options.dataDir), root]) {
      const rel = relative(base, requested);
      if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep);
    }
    throw forbiddenPath('Writes go only under the profile data directory.');
  }

  private checkWritable(requested: string, root: string): void {
    const { real } = realPathOf(requested);
    if (!isInside(root, real) || real === root) {
      throw forbiddenPath('Writes go only under the profile data directory.');
    }
    const refusedReal = sensitiveReason(real);
    if (refusedReal) throw forbiddenPath(`Refused: ${refusedReal}.`);
    for (const reserved of this.options.reservedDirs ?? []) {
      if (isInside(join(root, reserved), real)) throw forbiddenPath(`${reserved}/ is managed by its own API; it is not writable here.`);
    }
  }
}

function decodeUtf8(data: Buffer): string | null {
  try {
    return utf8.decode(data);
  } catch {
    return null;
  }
}

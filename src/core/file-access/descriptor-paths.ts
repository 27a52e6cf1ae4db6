import { closeSync, constants, existsSync, openSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Paths through open descriptors, so a check and the use it guards are about the same file even when
 * a folder is swapped for a symlink in between (the race the file API had). On Linux
 * `/proc/self/fd/<fd>` names the opened file itself: its link says where the file really is, and
 * `/proc/self/fd/<fd>/<name>` opens a name inside the opened folder like `openat` would. Elsewhere
 * (macOS) the real path is used instead, which is as good as a check made just before the open.
 */
const PROC_FD = '/proc/self/fd';
const hasProcFd = process.platform === 'linux' && existsSync(PROC_FD);

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

/** Where an open descriptor's file really is, or null where the system cannot say. */
export function descriptorRealPath(fd: number): string | null {
  if (!hasProcFd) return null;
  try {
    return readlinkSync(join(PROC_FD, String(fd)));
  } catch {
    return null;
  }
}

/** An open folder: names inside it are reached through the descriptor, never through its path again. */
export class DirHandle {
  private constructor(
    readonly fd: number,
    /** The folder's real path when it was opened. */
    readonly path: string,
  ) {}

  /** Opens a folder by its real path without following a symlink at its last name; the caller closes it. */
  static open(realPath: string): DirHandle {
    const fd = openSync(realPath, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    return new DirHandle(fd, descriptorRealPath(fd) ?? realPath);
  }

  /** The path that reaches `name` inside this very folder. */
  child(name: string): string {
    return hasProcFd ? join(PROC_FD, String(this.fd), name) : join(this.path, name);
  }

  /** The sub-folder `name`, never through a symlink (throws ENOTDIR or ELOOP for one). */
  openChild(name: string): DirHandle {
    const fd = openSync(this.child(name), constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    return new DirHandle(fd, descriptorRealPath(fd) ?? join(this.path, name));
  }

  /** The path through which this folder's own entries are listed. */
  get listPath(): string {
    return hasProcFd ? join(PROC_FD, String(this.fd)) : this.path;
  }

  close(): void {
    closeSync(this.fd);
  }
}

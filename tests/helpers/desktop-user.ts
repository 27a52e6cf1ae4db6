import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The user a test desktop runs as. Compositors refuse root (sway) or want a session of their own,
 * so under root (CI) the compositor, its clients and the engine run as an unprivileged user made
 * for the tests (`.ci/run` creates it; so does this helper when it is missing); as anyone else they
 * run as that user. Nothing it runs writes into the checkout: its runtime and home folders are
 * temporary folders it owns.
 */
export const DESKTOP_TEST_USER = 'shadow-desktop-test';

export interface DesktopUser {
  /** The user's name, or null when the tests do not run as root (then everything runs as the caller). */
  readonly name: string | null;
  readonly uid: number;
  readonly gid: number;
  /** A fresh folder owned by the user (mode 0700), removed by `removeAll`. */
  makeDir(prefix: string): string;
  /** `argv` as the user with exactly `env` (no variable of the test process leaks in). */
  spawn(argv: readonly string[], env: NodeJS.ProcessEnv, options?: { stdio?: 'ignore' | 'pipe'; group?: boolean }): ChildProcess;
  /** Runs `argv` as the user and resolves with its output; rejects with its stderr when it fails. */
  exec(argv: readonly string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<string>;
  /** The command prefix that runs what follows as the user with `env` (for `startHeadlessShadow`). */
  launcher(env: NodeJS.ProcessEnv): string[];
  removeAll(): void;
}

const isRoot = (): boolean => process.getuid?.() === 0;

function ensureUser(name: string): { uid: number; gid: number } {
  const lookup = (): { uid: number; gid: number } | null => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', name]).toString().trim()),
        gid: Number(execFileSync('id', ['-g', name]).toString().trim()),
      };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
  return lookup()!;
}

/** Throws when `user` cannot read the checkout (a clone in a folder closed to others, such as /root). */
function requireReadableCheckout(user: string): void {
  try {
    execFileSync('runuser', ['-u', user, '--', 'test', '-r', join(repoRoot, 'package.json')]);
    execFileSync('runuser', ['-u', user, '--', 'test', '-r', join(repoRoot, 'node_modules', 'tsx', 'package.json')]);
  } catch {
    throw new Error(
      `The desktop tests run the engine as ${user}, who cannot read the checkout at ${repoRoot}. ` +
        'Let others traverse its parent folders (`chmod o+x` each one; .ci/run does this) or clone it elsewhere.',
    );
  }
}

/** The variables a child of the user gets: the desktop's, plus PATH, the locale and the zone the tests use. */
export function userEnv(vars: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LANG: 'C.UTF-8', TZ: 'UTC', ...vars };
}

/** The absolute path of `tool` on this process's PATH: a launcher must not depend on the PATH it is given. */
function absolute(tool: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return join(dir, tool);
    } catch {
      // not in this folder
    }
  }
  return tool;
}

const envArgs = (env: NodeJS.ProcessEnv): string[] =>
  Object.entries(env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${value}`);

export function desktopUser(): DesktopUser {
  const root = isRoot();
  const ids = root ? ensureUser(DESKTOP_TEST_USER) : { uid: process.getuid!(), gid: process.getgid!() };
  if (root) requireReadableCheckout(DESKTOP_TEST_USER);
  const dirs: string[] = [];
  const [runuser, envTool] = [absolute('runuser'), absolute('env')];
  const launcher = (env: NodeJS.ProcessEnv): string[] =>
    root ? [runuser, '-u', DESKTOP_TEST_USER, '--', envTool, '-i', ...envArgs(env)] : [envTool, '-i', ...envArgs(env)];
  return {
    name: root ? DESKTOP_TEST_USER : null,
    ...ids,
    makeDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      if (root) chownSync(dir, ids.uid, ids.gid);
      dirs.push(dir);
      return dir;
    },
    spawn(argv, env, options = {}) {
      const command = [...launcher(env), ...argv];
      // `group`: a process group of its own, so `killGroup` ends everything it started (a compositor's helpers).
      const child = spawn(command[0]!, command.slice(1), {
        stdio: options.stdio ?? 'ignore',
        cwd: tmpdir(),
        detached: options.group ?? false,
      });
      child.on('error', () => {});
      return child;
    },
    async exec(argv, env, timeoutMs = 10_000) {
      const command = [...launcher(env), ...argv];
      try {
        return (await run(command[0]!, command.slice(1), { timeout: timeoutMs, cwd: tmpdir(), maxBuffer: 64 * 1024 * 1024 })).stdout;
      } catch (error) {
        const { stderr } = error as { stderr?: string };
        throw new Error(`${argv.join(' ')} failed: ${stderr?.trim() || (error as Error).message}`);
      }
    },
    launcher,
    removeAll() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Throws (never skips) when a tool is missing: CI installs them, so a missing one is a broken setup. */
export function requireTools(tools: readonly string[], packages: string): void {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const missing = tools.filter(
    (tool) =>
      !dirs.some((dir) => {
        try {
          accessSync(join(dir, tool), constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
  );
  if (missing.length > 0)
    throw new Error(`These tests need ${missing.join(', ')} on PATH. Install them: sudo apt-get install -y ${packages}`);
}

/** Ends a process started with `group` and everything in its group: SIGTERM, then SIGKILL after `timeoutMs`. */
export function killGroup(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group is gone
    }
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => signal('SIGKILL'), timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      // What the leader left behind in its group goes too.
      signal('SIGKILL');
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', done);
    signal('SIGTERM');
  });
}

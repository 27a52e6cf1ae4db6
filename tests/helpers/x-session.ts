import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait';

const run = promisify(execFile);

/** Debian packages giving the X tools the display tests and the desktop source use. */
export const X_PACKAGES = 'xvfb openbox x11-utils x11-xserver-utils imagemagick xdotool xprintidle xterm';
const REQUIRED_TOOLS = ['Xvfb', 'openbox', 'xdotool', 'xprintidle', 'xterm', 'xprop', 'xwininfo', 'xrandr', 'import'];

/** Throws (never skips) when a tool is missing: CI installs them, so a missing one is a broken setup. */
export function requireXTools(tools: readonly string[] = REQUIRED_TOOLS): void {
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
  if (missing.length > 0) {
    throw new Error(`Display tests need ${missing.join(', ')} on PATH. Install them: sudo apt-get install -y ${X_PACKAGES}`);
  }
}

export interface XWindow {
  readonly id: string;
  readonly process: ChildProcess;
}

export interface XtermOptions {
  /** Background colour, so windows of different apps also look different on screen. */
  readonly background?: string;
  /** What runs inside (default: an empty, silent terminal). */
  readonly command?: readonly string[];
  /** xterm geometry, COLUMNSxROWS+X+Y (default 100x30+40+40). */
  readonly geometry?: string;
  /** Monospace at this point size (default: xterm's small bitmap font), e.g. large enough for OCR. */
  readonly fontSize?: number;
}

/** A RandR monitor made with `xrandr --setmonitor NAME W/0xH/0+X+Y none`, as people split an ultrawide screen. */
export interface VirtualMonitor {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface XSession {
  /** e.g. ":93" */
  readonly display: string;
  /** Adds a RandR monitor that owns no output (virtual), like `xrandr --setmonitor … none`. */
  addMonitor(monitor: VirtualMonitor): Promise<void>;
  /** Kills the X server (its clients die with it: windows, the window manager). */
  killServer(): Promise<void>;
  /** Starts the X server again at the same display number, with a window manager. */
  restartServer(): Promise<void>;
  /** process.env with DISPLAY set to this session. */
  readonly env: NodeJS.ProcessEnv;
  /** Opens an xterm whose WM_CLASS class is `appClass` (the app name the observer reads) and waits until it is mapped. */
  openXterm(appClass: string, title: string, options?: XtermOptions): Promise<XWindow>;
  /** Focuses a window through the window manager, like a user clicking it. */
  activate(window: XWindow): Promise<void>;
  /** One synthetic input event (a 1-pixel mouse move): resets the X idle counter. */
  nudge(): Promise<void>;
  /** Milliseconds since the last input, from xprintidle. */
  idleMs(): Promise<number>;
  xdotool(...args: string[]): Promise<string>;
  /** Kills every process this session started (windows, window manager, X server). */
  stop(): Promise<void>;
}

function killAndWait(child: ChildProcess, timeoutMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Lets Xvfb pick a free display number and report it on fd 3 (no races between parallel test files);
 * `at` starts it again at a number it had (a server restarted under the same name).
 */
function startXvfb(width: number, height: number, at?: string): Promise<{ server: ChildProcess; display: string }> {
  const server = spawn(
    'Xvfb',
    [at ?? '-displayfd', ...(at ? [] : ['3']), '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-noreset'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  if (at) {
    // At a number of our choosing: ready once a client can connect.
    return waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`Xvfb ${at} exited (code ${server.exitCode})`);
        await run('xdpyinfo', ['-display', at], { timeout: 2000 });
        return { server, display: at };
      },
      { what: `Xvfb to accept clients again at ${at}`, timeoutMs: 10_000 },
    );
  }
  return new Promise((resolve, reject) => {
    let stderr = '';
    let fd3 = '';
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new Error(`Xvfb did not report a display within 10 s: ${stderr}`));
    }, 10_000);
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      fd3 += chunk.toString();
      const number = fd3.match(/^(\d+)\n/)?.[1];
      if (number) {
        clearTimeout(timer);
        resolve({ server, display: `:${number}` });
      }
    });
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb could not start: ${error.message}`));
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (code ${code}) before reporting a display: ${stderr}`));
    });
  });
}

/** A private X display (Xvfb) with a window manager (openbox), for tests and benchmarks. */
export async function startXSession(
  options: { width?: number; height?: number; monitors?: readonly VirtualMonitor[] } = {},
): Promise<XSession> {
  requireXTools();
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  const started = await startXvfb(width, height);
  const display = started.display;
  let server = started.server;
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display };
  const children: ChildProcess[] = [];
  const spawnChild = (command: string, args: readonly string[]): ChildProcess => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    child.on('error', () => {});
    children.push(child);
    return child;
  };
  const xdotool = async (...args: string[]): Promise<string> => (await run('xdotool', args, { env, timeout: 10_000 })).stdout.trim();

  const stop = async (): Promise<void> => {
    await Promise.all(children.reverse().map((child) => killAndWait(child)));
    await killAndWait(server);
  };
  const addMonitor = async (m: VirtualMonitor): Promise<void> => {
    await run('xrandr', ['--setmonitor', m.name, `${m.width}/0x${m.height}/0+${m.x}+${m.y}`, 'none'], { env, timeout: 5000 });
  };
  const startWindowManager = async (): Promise<void> => {
    spawnChild('openbox', ['--sm-disable']);
    // openbox announces itself on the root window once it manages windows.
    await waitFor(
      async () => /window id/.test((await run('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], { env, timeout: 2000 })).stdout),
      { what: `openbox to manage windows on ${display}` },
    );
  };

  try {
    for (const monitor of options.monitors ?? []) await addMonitor(monitor);
    await startWindowManager();
  } catch (error) {
    await stop();
    throw error;
  }

  let nudgeDirection = 1;
  return {
    display,
    env,
    addMonitor,
    async killServer() {
      await killAndWait(server);
      await Promise.all(children.splice(0).map((child) => killAndWait(child)));
    },
    async restartServer() {
      ({ server } = await startXvfb(width, height, display));
      await startWindowManager();
    },
    async openXterm(appClass, title, options = {}) {
      const command = options.command ?? ['sleep', '100000'];
      const colours = options.background ? ['-bg', options.background] : [];
      const font = options.fontSize ? ['-fa', 'Monospace', '-fs', String(options.fontSize)] : [];
      const child = spawnChild('xterm', [
        '-class',
        appClass,
        '-T',
        title,
        ...colours,
        ...font,
        '-geometry',
        options.geometry ?? '100x30+40+40',
        '-e',
        ...command,
      ]);
      const id = await waitFor(
        async () =>
          (await run('xdotool', ['search', '--onlyvisible', '--pid', String(child.pid)], { env, timeout: 2000 })).stdout
            .trim()
            .split('\n')[0] || undefined,
        { what: `a visible window of the ${appClass} xterm (pid ${child.pid}) on ${display}` },
      );
      return { id, process: child };
    },
    async activate(window) {
      await xdotool('windowactivate', '--sync', window.id);
    },
    async nudge() {
      nudgeDirection = -nudgeDirection;
      await xdotool('mousemove_relative', '--', String(nudgeDirection), '0');
    },
    async idleMs() {
      const { stdout } = await run('xprintidle', [], { env, timeout: 2000 });
      const ms = Number.parseInt(stdout.trim(), 10);
      if (!Number.isFinite(ms)) throw new Error(`xprintidle printed "${stdout.trim()}" on ${display}`);
      return ms;
    },
    xdotool,
    stop,
  };
}

/**
 * Keeps the user "present": one input event every `everyMs` until stopped. `stop()` resolves after
 * the last event with the moment it was delivered, so idle stretches can be measured exactly.
 */
export function startInputLoop(session: XSession, everyMs = 300): { stop(): Promise<number> } {
  let running = true;
  let lastInputAt = Date.now();
  const loop = (async () => {
    while (running) {
      await session.nudge();
      lastInputAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return lastInputAt;
    },
  };
}

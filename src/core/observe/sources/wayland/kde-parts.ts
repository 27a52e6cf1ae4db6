import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { kdeHelperProgram } from './kde-helper';
import { packageRoot } from '../../../package-root';
import type { ImageArea, RawImage } from '../../raw-image';
import type { DesktopSession } from '../desktop-session';
import type { MonitorArea } from '../screen-grabber';
import type { DesktopWindow, WindowReader } from './desktop-window';
import { JsonLineLink } from './json-line-link';
import { startWaylandIdle } from './sway-parts';
import { MissingPieceError, type MonitorGrabber, type WaylandParts } from './wayland-parts';
import { messageOf } from '../../../util/message-of';

/** A window as the KWin script describes it. */
interface KWinWindow {
  readonly id: string;
  readonly app: string | null;
  readonly title: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly focused: boolean;
}

interface KWinState {
  readonly windows: KWinWindow[];
  readonly monitors: MonitorArea[];
}

const asDesktopWindow = (w: KWinWindow): DesktopWindow => ({
  id: w.id,
  app: w.app,
  title: w.title,
  area: { x: w.x, y: w.y, width: w.width, height: w.height },
  focused: w.focused,
});

const helperFile = (name: string): string => join(packageRoot, 'assets', 'desktops', 'kde', name);

const HELPER = 'the KWin helper';

/**
 * KWin's windows through the app's helper (assets/desktops/kde/kwin-bridge.py): it loads a KWin script
 * that reports the windows on screen whenever they change (focus, title, place, stacking) and which
 * were drawn on (damaged), and serves them and KWin's screenshots over its stdin and stdout. Nothing
 * is polled: the state is the last report.
 */
export class KWinBridge implements WindowReader {
  private link: JsonLineLink | null = null;
  private known: Promise<void> | null = null;
  private state: KWinState | null = null;
  private failed: Error | null = null;
  private stopped = false;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the KWin helper was closed'));
    if (this.link && !this.link.closed && this.known) return this.known;
    this.failed = null;
    this.state = null;
    this.known = this.connect();
    this.known.catch((error: Error) => (this.failed = error));
    return this.known;
  }

  focused(): DesktopWindow | null | undefined {
    void this.start().catch(() => {});
    if (this.failed) throw this.failed;
    if (!this.state) return undefined;
    const focused = this.state.windows.find((w) => w.focused);
    return focused ? asDesktopWindow(focused) : null;
  }

  async visibleWindows(): Promise<readonly DesktopWindow[]> {
    await this.start();
    return this.state!.windows.map(asDesktopWindow);
  }

  async monitors(): Promise<readonly MonitorArea[]> {
    await this.start();
    return this.state!.monitors;
  }

  /** KWin's screenshot of `monitor` (its layout area), RGB in memory. */
  async screenshot(monitor: MonitorArea): Promise<RawImage> {
    await this.start();
    try {
      const { result, payload } = await this.link!.request<{ width: number; height: number; channels: 3 }>('screenshot', {
        x: monitor.x,
        y: monitor.y,
        width: monitor.width,
        height: monitor.height,
      });
      if (!payload || payload.length < result.width * result.height * 3) throw new Error('KWin answered a screenshot with too few pixels');
      return { pixels: payload, width: result.width, height: result.height, channels: 3 };
    } catch (error) {
      const message = messageOf(error);
      if (/NoAuthorized/.test(message)) throw screenshotsNotGranted();
      if (/UnknownObject.*ScreenShot2|ServiceUnknown/.test(message)) throw screenshotEffectOff();
      throw error;
    }
  }

  /** Where windows were drawn on since the last question (layout pixels); null when that is not known. */
  async drawnSinceLast(): Promise<ImageArea[] | null> {
    await this.start();
    return (await this.link!.request<{ areas: ImageArea[] | null }>('drawn')).result.areas;
  }

  close(): Promise<void> {
    this.stopped = true;
    this.link?.close();
    return Promise.resolve();
  }

  private async connect(): Promise<void> {
    this.link?.close();
    const program = kdeHelperProgram(this.env);
    const child = spawn(program, [helperFile('kwin-bridge.py'), helperFile('kwin-script.js')], {
      env: this.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    let fatal: MissingPieceError | Error | null = null;
    const link = new JsonLineLink({ input: child.stdin, output: child.stdout, destroy: () => child.kill() }, HELPER, {
      onEvent: (message) => {
        if (message.event === 'windows') this.state = message as unknown as KWinState;
        else if (message.event === 'fatal') fatal = helperCannotServe(String(message.error), String(message.code));
      },
      onClose: (error) => (this.failed ??= fatal ?? (stderr ? new Error(`${error.message}: ${stderr.trim()}`) : error)),
    });
    const spawnFailed = new Promise<never>((_, reject) =>
      child.once('error', (error) =>
        reject(
          new MissingPieceError({
            piece: 'window',
            problem: `The KWin helper cannot run (${program}: ${error.message}), so the focused window cannot be read and nothing is recorded.`,
            fix: 'Install python3 with its D-Bus bindings (`sudo apt install python3 python3-dbus python3-gi`).',
          }),
        ),
      ),
    );
    this.link = link;
    try {
      const { result } = await Promise.race([link.request<KWinState>('subscribe'), spawnFailed]);
      this.state = result;
    } catch (error) {
      link.close();
      throw fatal ?? error;
    }
  }
}

function screenshotsNotGranted(): MissingPieceError {
  return new MissingPieceError({
    piece: 'screenshots',
    problem:
      'KWin takes screenshots only for programs it was told to trust, and Workflow Shadow was not added yet: app time is recorded, screen text is not.',
    fix: 'Run `shadow setup kde` (or the first step of onboarding) to let KWin take screenshots for Workflow Shadow; they start within a minute.',
  });
}

/** ScreenShot2 is a KWin effect: KWin serves it only while it composites with OpenGL and the effect is on. */
function screenshotEffectOff(): MissingPieceError {
  return new MissingPieceError({
    piece: 'screenshots',
    problem:
      "KWin's screenshot effect is not running (it needs compositing with OpenGL), so no screenshot can be taken: app time is recorded, screen text is not.",
    fix: 'Turn compositing on with OpenGL (System Settings, Display and Monitor, Compositor), then screenshots start within a minute.',
  });
}

function helperCannotServe(message: string, code: string): MissingPieceError | Error {
  if (code === 'no-dbus')
    return new MissingPieceError({
      piece: 'window',
      problem: `The KWin helper cannot talk to KWin: ${message}. The focused window cannot be read and nothing is recorded.`,
      fix: 'Install the D-Bus bindings for python3 (`sudo apt install python3-dbus python3-gi`).',
    });
  return new Error(`the KWin helper cannot serve: ${message}`);
}

function kwinGrabber(bridge: KWinBridge): MonitorGrabber {
  return {
    kind: 'kwin',
    grab: (monitor) => bridge.screenshot(monitor),
    drawnSinceLast: async (monitors) => (await bridge.drawnSinceLast()) ?? [...monitors],
    close() {},
  };
}

/**
 * KDE Plasma (KWin): the focused window and the windows on screen from a KWin script, screenshots by
 * KWin (ScreenShot2) once `shadow setup kde` let it take them for the app's helper, idle through the
 * idle protocol KWin offers (ext-idle-notify-v1).
 */
export function kdeParts(session: DesktopSession, env: NodeJS.ProcessEnv): WaylandParts {
  const bridge = new KWinBridge(env);
  return {
    session,
    compositorName: 'KWin',
    windows: bridge,
    // One screenshot proves KWin allows them: a refusal is a missing piece with its step, found at start.
    startGrabber: async () => {
      const monitors = await bridge.monitors();
      const first = monitors[0];
      if (first) await bridge.screenshot({ ...first, width: Math.min(first.width, 16), height: Math.min(first.height, 16) });
      return kwinGrabber(bridge);
    },
    startIdle: () => startWaylandIdle(session, 'KWin'),
  };
}

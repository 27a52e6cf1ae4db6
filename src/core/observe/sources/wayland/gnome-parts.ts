import { sharp } from '../../../util/sharp-module';
import { gnomeExtensionAdvice, gnomeExtensionSocket, gnomeExtensionStatus } from './gnome-extension';
import type { ImageArea, RawImage } from '../../raw-image';
import type { DesktopSession } from '../desktop-session';
import type { MonitorArea } from '../screen-grabber';
import type { DesktopWindow, WindowReader } from './desktop-window';
import { JsonLineLink } from './json-line-link';
import { MissingPieceError, type IdleReader, type MonitorGrabber, type WaylandParts } from './wayland-parts';

/** A window as the extension describes it. */
interface ShellWindow {
  readonly id: string;
  readonly app: string | null;
  readonly title: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly focused: boolean;
}

const asDesktopWindow = (w: ShellWindow): DesktopWindow => ({
  id: w.id,
  app: w.app,
  title: w.title,
  area: { x: w.x, y: w.y, width: w.width, height: w.height },
  focused: w.focused,
});

/** How often the extension's absence is diagnosed again (it spawns gsettings and gnome-shell --version). */
const DIAGNOSE_EVERY_MS = 60_000;
/** A window list this fresh serves the monitors of the same screenshot. */
const LIST_FRESH_MS = 1000;

/**
 * GNOME Shell's windows through Workflow Shadow's extension (assets/desktops/gnome/), over its socket
 * in the runtime folder: the focus pushed as it changes, the windows and monitors asked for each
 * screenshot. Where the extension does not answer, what is missing is diagnosed (not installed, off,
 * not loaded yet) and said with its fix.
 */
export class GnomeShellLink implements WindowReader {
  private link: JsonLineLink | null = null;
  private known: Promise<void> | null = null;
  private current: DesktopWindow | null | undefined = undefined;
  private failed: Error | null = null;
  private diagnosis: { at: number; error: Error } | null = null;
  private lastList: { at: number; windows: DesktopWindow[]; monitors: MonitorArea[] } | null = null;
  private stopped = false;

  constructor(
    private readonly socketPath: string | null,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the GNOME Shell link was closed'));
    if (this.link && !this.link.closed && this.known) return this.known;
    this.failed = null;
    this.current = undefined;
    this.known = this.connect();
    this.known.catch((error: Error) => (this.failed = error));
    return this.known;
  }

  focused(): DesktopWindow | null | undefined {
    void this.start().catch(() => {});
    if (this.failed) throw this.failed;
    return this.current;
  }

  async visibleWindows(): Promise<readonly DesktopWindow[]> {
    return (await this.list()).windows;
  }

  async monitors(): Promise<readonly MonitorArea[]> {
    const list = this.lastList && Date.now() - this.lastList.at < LIST_FRESH_MS ? this.lastList : await this.list();
    return list.monitors;
  }

  /** Asks the extension; the link is started first. */
  async request<T>(method: string, params: Record<string, unknown> = {}): Promise<{ result: T; payload: Buffer | null }> {
    await this.start();
    return this.link!.request<T>(method, params);
  }

  close(): Promise<void> {
    this.stopped = true;
    this.link?.close();
    return Promise.resolve();
  }

  private async list(): Promise<{ windows: DesktopWindow[]; monitors: MonitorArea[] }> {
    const { result } = await this.request<{ windows: ShellWindow[]; monitors: MonitorArea[] }>('windows');
    this.lastList = { at: Date.now(), windows: result.windows.map(asDesktopWindow), monitors: result.monitors };
    return this.lastList;
  }

  private async connect(): Promise<void> {
    if (!this.socketPath) throw await this.missing(new Error('XDG_RUNTIME_DIR is not set'));
    this.link?.close();
    const link = new JsonLineLink(this.socketPath, "Workflow Shadow's GNOME Shell extension", {
      onEvent: (message) => {
        if (message.event === 'focus') this.current = message.window ? asDesktopWindow(message.window as ShellWindow) : null;
      },
      onClose: (error) => (this.failed ??= error),
    });
    this.link = link;
    try {
      const { result } = await link.request<{ window: ShellWindow | null }>('subscribe');
      this.current = result.window ? asDesktopWindow(result.window) : null;
      this.diagnosis = null;
    } catch (error) {
      link.close();
      throw await this.missing(error as Error);
    }
  }

  /** Why the extension does not answer, as a missing piece with its fix (diagnosed at most once a minute). */
  private async missing(cause: Error): Promise<Error> {
    if (this.diagnosis && Date.now() - this.diagnosis.at < DIAGNOSE_EVERY_MS) return this.diagnosis.error;
    let error: Error = cause;
    try {
      const status = await gnomeExtensionStatus(this.env, () => Promise.resolve(false));
      const advice = gnomeExtensionAdvice(status);
      if (advice) error = new MissingPieceError({ piece: 'window', ...advice });
    } catch {
      // GNOME's settings could not be read: the connection's own error says what failed.
    }
    this.diagnosis = { at: Date.now(), error };
    return error;
  }
}

/**
 * Screenshots by GNOME Shell itself, asked through the extension: PNG in memory over the socket, never
 * a file; and where the stage was repainted since the last question (an older extension that cannot
 * say gives every monitor whole: every screenshot is taken).
 */
export function gnomeShellGrabber(shell: GnomeShellLink): MonitorGrabber {
  return {
    kind: 'gnome-shell',
    async drawnSinceLast(monitors: readonly MonitorArea[]): Promise<ImageArea[]> {
      const { result } = await shell.request<{ areas: ImageArea[] | null }>('drawn');
      return result.areas ?? [...monitors];
    },
    async grab(monitor: MonitorArea): Promise<RawImage> {
      const { payload } = await shell.request('screenshot', { x: monitor.x, y: monitor.y, width: monitor.width, height: monitor.height });
      if (!payload) throw new Error('GNOME Shell answered a screenshot with no image');
      const { data, info } = await sharp(payload).raw().toBuffer({ resolveWithObject: true });
      if (info.channels !== 3 && info.channels !== 4) throw new Error(`GNOME Shell's screenshot has ${info.channels} channels`);
      return { pixels: data, width: info.width, height: info.height, channels: info.channels };
    },
    close() {},
  };
}

/** Idle time from Mutter's idle monitor (the core one, which org.gnome.Mutter.IdleMonitor serves), read by the extension. */
function gnomeShellIdle(shell: GnomeShellLink): IdleReader {
  return {
    async idleSeconds() {
      const { result } = await shell.request<{ idleMs: number }>('idle');
      return result.idleMs / 1000;
    },
    close() {},
  };
}

/** GNOME Shell: everything through the app's extension, installed and enabled with the person's consent. */
export function gnomeParts(session: DesktopSession, env: NodeJS.ProcessEnv): WaylandParts {
  const shell = new GnomeShellLink(gnomeExtensionSocket(env), env);
  return {
    session,
    compositorName: 'GNOME Shell',
    windows: shell,
    startGrabber: () => shell.start().then(() => gnomeShellGrabber(shell)),
    startIdle: () => shell.start().then(() => gnomeShellIdle(shell)),
  };
}

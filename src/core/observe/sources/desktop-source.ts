import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { blackOutRaw, encodeRawJpeg } from '../raw-image';
import { NoDisplayError, type ActiveWindow, type CaptureSource, type GrabRequest, type Screenshot } from './capture-source';
import { detectDesktopSession } from './desktop-session';
import type { DesktopStatus } from './desktop-status';
import { frameOf, monitorHolding, topWindowOn, withinMonitor } from './monitor-choice';
import { createScreenGrabber, type NativeLoader, type ScreenGrabber } from './screen-grabber';
import { X11FocusWatcher } from './x11-focus-watcher';
import { X11PrivateWindows } from './x11-private-windows';
import { X11TreeReader } from './x11-tree-reader';

const run = promisify(execFile);

/** Seconds since the last input; Electron passes powerMonitor's, elsewhere xprintidle answers on X11. */
export type IdleProbe = () => Promise<number>;

export const xprintidleProbe: IdleProbe = async () => {
  const { stdout } = await run('xprintidle', [], { timeout: 2000 });
  const ms = Number.parseInt(stdout.trim(), 10);
  if (!Number.isFinite(ms)) throw new Error(`xprintidle printed "${stdout.trim()}", not a number of milliseconds`);
  return ms / 1000;
};

/** Throws a clear reason where there is no X display (a console, SSH, a Wayland-only session). */
export function requireX11Display(): void {
  if (!process.env.DISPLAY) throw new NoDisplayError('No X display to observe (DISPLAY is not set)');
}

export interface DesktopSourceOptions {
  /** How pixels are taken (default: node-screenshots, else xrandr + import). */
  readonly grabber?: ScreenGrabber;
  /** How node-screenshots is loaded (tests make it fail to prove the fallback). */
  readonly loadNative?: NativeLoader;
}

/**
 * The real desktop: the focused window from an X11 focus watcher where there is one (events, no
 * polling cost), else from get-windows; on X11 the pixels of each monitor in-process
 * (screen-grabber.ts), with private windows visible beside the focused one blacked out; elsewhere
 * screenshot-desktop.
 */
export class DesktopSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  private readonly focusWatcher: X11FocusWatcher | null;
  private readonly onLinux: boolean;
  private readonly treeReader = new X11TreeReader();
  private readonly privateWindows = new X11PrivateWindows(() => this.treeReader.read());
  private grabber: ScreenGrabber | null;
  private fallbackReason: string | null = null;

  constructor(
    private readonly idleProbe: IdleProbe = xprintidleProbe,
    private readonly options: DesktopSourceOptions = {},
  ) {
    this.onLinux = process.platform === 'linux';
    this.focusWatcher = this.onLinux && process.env.DISPLAY ? new X11FocusWatcher() : null;
    this.grabber = options.grabber ?? null;
    if (!this.onLinux) this.grabScreens = undefined;
  }

  async activeWindow(): Promise<ActiveWindow | null> {
    this.focusWatcher?.start();
    // A watcher that answers is connected to the display (reading the environment every poll is not free).
    const watched = this.focusWatcher?.current();
    if (watched !== undefined) return watched;
    // get-windows reads X11 on Linux; without a display it answers "no window", which would count as time.
    if (this.onLinux) requireX11Display();
    const { activeWindow } = await import('get-windows');
    const win = await activeWindow();
    if (!win) return null;
    return { app: win.owner.name || 'Unknown', title: win.title ?? '' };
  }

  idleSeconds(): Promise<number> {
    return this.idleProbe();
  }

  /** Which grabber takes the pixels, and why the fallback when it is the fallback (health, benchmarks). */
  grabberInUse(): { kind: ScreenGrabber['kind']; fallbackReason: string | null } | null {
    return this.grabber && { kind: this.grabber.kind, fallbackReason: this.fallbackReason };
  }

  async captureScreen(isPrivate?: (window: ActiveWindow) => boolean, onBlackedOut?: (windows: number) => void): Promise<Buffer> {
    if (!this.onLinux) {
      const { default: screenshot } = await import('screenshot-desktop');
      return screenshot({ format: 'jpg' });
    }
    const [shot] = await this.grabX11({ monitors: 'focused', isPrivate: isPrivate ?? (() => false), onBlackedOut });
    return encodeRawJpeg(shot!.image);
  }

  grabScreens? = (request: GrabRequest): Promise<readonly Screenshot[]> => this.grabX11(request);

  /** X11 (or macOS, Windows): no piece is checked here beyond what the probes report. */
  desktop(): DesktopStatus {
    return { ...detectDesktopSession(), compositorName: null, missing: [] };
  }

  async close(): Promise<void> {
    await this.focusWatcher?.close();
    await this.treeReader.close();
  }

  /**
   * The window stack is read just before the pixels. A private window that opens in between takes
   * the focus, and the observer drops a frame taken while the focus moved; one that closes is
   * blacked out needlessly.
   */
  private async grabX11({ monitors: which, isPrivate, onBlackedOut }: GrabRequest): Promise<Screenshot[]> {
    requireX11Display();
    this.grabber ??= createScreenGrabber(this.options.loadNative, (reason) => (this.fallbackReason = reason));
    const { areas, windows, stack } = await this.privateWindows.visiblePrivateWindows(isPrivate);
    const monitors = await this.grabber.monitors();
    const focusFrame = frameOf(stack, this.focusWatcher?.focusedWindowId() ?? null);
    const home = monitorHolding(monitors, focusFrame);
    if (!home) throw new Error('no monitor to capture');
    const shots: Screenshot[] = [];
    let painted = 0;
    for (const monitor of which === 'all' ? monitors : [home]) {
      const image = await this.grabber.grab(monitor);
      painted += blackOutRaw(
        image,
        areas.map((area) => ({ ...area, x: area.x - monitor.x, y: area.y - monitor.y })),
      );
      const focused = monitor === home;
      const window = focused ? undefined : topWindowOn(stack, monitor);
      shots.push({
        image,
        monitor: monitor.name,
        focused,
        focus: focused && focusFrame ? withinMonitor(focusFrame, monitor) : null,
        ...(window && { window }),
      });
    }
    if (painted > 0) onBlackedOut?.(windows);
    return shots;
  }
}

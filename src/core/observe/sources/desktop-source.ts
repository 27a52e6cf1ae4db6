import { blackOutRaw, encodeRawJpeg, type RawImage } from '../raw-image';
import {
  DisplayLostError,
  NoDisplayError,
  type ActiveWindow,
  type CaptureSource,
  type GrabRequest,
  type ScreenLock,
  type Screenshot,
  type UnchangedScreen,
} from './capture-source';
import { LogindWatcher } from './logind-watcher';
import { detectDesktopSession } from './desktop-session';
import type { DesktopStatus } from './desktop-status';
import { frameOf, monitorHolding, topWindowOn, withinMonitor } from './monitor-choice';
import { createScreenGrabber, importScreenGrabber, type MonitorArea, type NativeLoader, type ScreenGrabber } from './screen-grabber';
import { displayScreenGrabber, UnreadablePixelsError, X11Display } from './x11-display';
import type { X11Connection } from './x11-connection';
import { X11FocusWatcher } from './x11-focus-watcher';
import { X11PrivateWindows } from './x11-private-windows';
import { X11WindowStack } from './x11-window-stack';
import { X11ScreenDamage } from './x11-damage';
import { DrawnCells } from '../drawn-cells';
import { messageOf } from '../../util/message-of';

/** Seconds since the last input; Electron passes powerMonitor's, on X11 the display's screen-saver extension answers. */
export type IdleProbe = () => Promise<number>;

/** A focus watcher that lost its connection is started again at most this often. */
const WATCHER_RESTART_MS = 2000;

export interface DesktopSourceOptions {
  /** How pixels are taken (default: node-screenshots, else xrandr + import). */
  readonly grabber?: ScreenGrabber;
  /** How node-screenshots is loaded (tests make it fail to prove the fallback). */
  readonly loadNative?: NativeLoader;
  /** Follow logind's lock and sleep signals over the system bus (default: yes, on Linux). */
  readonly logind?: boolean;
}

/**
 * The real desktop. On X11: one connection to the display (x11-display.ts) says whether it is there,
 * the idle time, the screen saver's state, the RandR monitors (virtual ones included) and the window
 * stack (x11-window-stack.ts) without a process per poll; the focused window comes from an X11 focus
 * watcher (events); the pixels of each monitor in-process (screen-grabber.ts), with private windows
 * visible beside the focused one blacked out. A display that goes away fails every probe with one `DisplayLostError`, and everything is
 * picked up again when it comes back. Elsewhere get-windows and screenshot-desktop.
 */
export class DesktopSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  private focusWatcher: X11FocusWatcher | null;
  private watcherStartedAt = Number.NEGATIVE_INFINITY;
  private readonly onLinux: boolean;
  private readonly display: X11Display | null;
  private readonly logind: LogindWatcher | null;
  private readonly privateWindows: X11PrivateWindows;
  private readonly damage: X11ScreenDamage;
  private readonly drawnCells = new DrawnCells();
  private grabber: ScreenGrabber | null;
  private fallbackReason: string | null = null;

  constructor(
    private readonly idleProbe?: IdleProbe,
    private readonly options: DesktopSourceOptions = {},
  ) {
    this.onLinux = process.platform === 'linux';
    const name = process.env.DISPLAY;
    this.display = this.onLinux && name ? new X11Display(name) : null;
    this.focusWatcher = this.display ? new X11FocusWatcher() : null;
    this.privateWindows = new X11PrivateWindows(new X11WindowStack(() => this.requireConnection()));
    this.damage = new X11ScreenDamage(() => this.requireConnection());
    this.display?.onReturn(() => {
      this.restartFocusWatcher();
      this.grabOverOwnConnection();
    });
    this.logind = this.onLinux && options.logind !== false ? new LogindWatcher() : null;
    this.grabber = options.grabber ?? null;
    if (!this.onLinux) this.grabScreens = undefined;
  }

  async activeWindow(): Promise<ActiveWindow | null> {
    await this.requireDisplay();
    if (this.focusWatcher) {
      this.focusWatcher.start();
      // A watcher that answers is connected to the display (reading the environment every poll is not free).
      const watched = this.focusWatcher.current();
      if (watched !== undefined) return watched;
      const lost = this.focusWatcher.error;
      if (lost && !/could not run/.test(lost.message)) {
        // Its xprop lost the display for a moment (or was killed): never guess the window meanwhile.
        if (Date.now() - this.watcherStartedAt >= WATCHER_RESTART_MS) this.restartFocusWatcher();
        throw new Error(`the focused window is not known: ${lost.message}; following it again`);
      }
    }
    const { activeWindow } = await import('get-windows');
    const win = await activeWindow();
    if (!win) return null;
    return { app: win.owner.name || 'Unknown', title: win.title ?? '' };
  }

  async idleSeconds(): Promise<number> {
    if (this.idleProbe) return this.idleProbe();
    await this.requireDisplay();
    if (!this.display) throw new Error('idle time is read from the X display or the desktop app, and neither is here');
    return (await this.display.saverInfo()).idleMs / 1000;
  }

  async screenLock(): Promise<ScreenLock | null> {
    this.logind?.start();
    const session = this.logind?.state();
    if (session) return session;
    if (!this.display || this.display.loss) return null;
    const info = await this.display.screenSaver();
    if (info.saver !== 'on') return null;
    return { why: 'screen saver on', sinceMs: info.saverOnForMs === null ? null : Date.now() - info.saverOnForMs };
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
    if (!shot || 'unchanged' in shot) throw new Error('no screenshot was taken');
    return encodeRawJpeg(shot.image);
  }

  grabScreens? = (request: GrabRequest): Promise<readonly (Screenshot | UnchangedScreen)[]> => this.grabX11(request);

  /** X11 (or macOS, Windows): no piece is checked here beyond what the probes report. */
  desktop(): DesktopStatus {
    return { ...detectDesktopSession(), compositorName: null, missing: [] };
  }

  async close(): Promise<void> {
    await this.focusWatcher?.close();
    await this.logind?.close();
    this.display?.close();
  }

  /** Throws `NoDisplayError` without a display, `DisplayLostError` while the one observed is gone. */
  private async requireDisplay(): Promise<void> {
    if (!this.onLinux) return;
    if (!this.display) throw new NoDisplayError('No X display to observe (DISPLAY is not set)');
    try {
      await this.display.ensure();
    } catch (error) {
      const loss = this.display.loss;
      if (loss) throw new DisplayLostError(loss.display, loss.sinceMs, loss.message);
      throw new NoDisplayError(`Cannot open display ${this.display.display}: ${messageOf(error)}`);
    }
  }

  private async requireConnection(): Promise<X11Connection> {
    await this.requireDisplay();
    return this.display!.ensure();
  }

  private restartFocusWatcher(): void {
    void this.focusWatcher?.close();
    this.focusWatcher = new X11FocusWatcher();
    this.watcherStartedAt = Date.now();
    this.focusWatcher.start();
  }

  /** RandR's monitors from the display's connection; the grabber's own list where there is none. */
  private async monitorList(): Promise<readonly MonitorArea[]> {
    if (this.display) return this.display.monitors();
    return this.grabber!.monitors();
  }

  /**
   * The window stack is read just before the pixels and again just after, and what either read shows
   * of a private window is blacked out: one mapped between the first read and the grab (opened beside
   * the focused window, not focused) is in the second, one closed in between in the first. A private
   * window that takes the focus meanwhile also makes the observer drop the frame. A monitor the X
   * server says too little was drawn on since its last screenshot (`unchangedUpTo`) is not read.
   */
  private async grabX11({
    monitors: which,
    isPrivate,
    onBlackedOut,
    unchangedUpTo,
  }: GrabRequest): Promise<(Screenshot | UnchangedScreen)[]> {
    await this.requireDisplay();
    this.grabber ??= createScreenGrabber(this.options.loadNative, (reason) => (this.fallbackReason = reason));
    const monitors = await this.monitorList();
    // Asked every time, so what was drawn between two screenshots is never missed.
    this.drawnCells.add(await this.damage.drawnSinceLast().catch(() => null), monitors);
    // With one monitor it holds the focus: an unchanged one needs no window stack either.
    const [only] = monitors;
    if (monitors.length === 1 && this.drawnCells.unchanged(only!, true, unchangedUpTo))
      return [{ unchanged: true, monitor: only!.name, focused: true }];
    const before = await this.privateWindows.visiblePrivateWindows(isPrivate);
    const { stack } = before;
    const focusFrame = frameOf(stack, this.focusWatcher?.focusedWindowId() ?? null);
    const home = monitorHolding(monitors, focusFrame);
    if (!home) throw new Error('no monitor to capture');
    const taken: { monitor: MonitorArea; image: RawImage }[] = [];
    const unchanged: UnchangedScreen[] = [];
    for (const monitor of which === 'all' ? monitors : [home]) {
      const focused = monitor === home;
      if (this.drawnCells.unchanged(monitor, focused, unchangedUpTo)) {
        unchanged.push({ unchanged: true, monitor: monitor.name, focused });
        continue;
      }
      this.drawnCells.taken(monitor);
      taken.push({ monitor, image: await this.grab(monitor) });
    }
    if (taken.length === 0) return unchanged;
    const after = await this.privateWindows.visiblePrivateWindows(isPrivate);
    const areas = [...before.areas, ...after.areas];
    const shots: Screenshot[] = [];
    let painted = 0;
    for (const { monitor, image } of taken) {
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
    if (painted > 0) onBlackedOut?.(Math.max(before.windows, after.windows));
    return [...shots, ...unchanged];
  }

  /**
   * The display came back after a loss. node-screenshots keeps the connection it made first for the
   * life of the process, dead now, so screenshots are taken over the display's own connection from
   * here on (as cheap, and it follows the display). Nothing to change when no grab was made yet.
   */
  private grabOverOwnConnection(): void {
    if (this.options.grabber || this.grabber?.kind !== 'native' || !this.display) return;
    this.grabber = displayScreenGrabber(this.display);
    this.fallbackReason = `node-screenshots cannot reconnect to the display ${this.display.display} after it came back, so screenshots are taken over Workflow Shadow's own connection to it`;
  }

  /** A failed grab re-reads the monitors next time (one may have gone); a display whose pixels the own connection cannot read gives way to import. */
  private async grab(monitor: MonitorArea): Promise<Awaited<ReturnType<ScreenGrabber['grab']>>> {
    try {
      return await this.grabber!.grab(monitor);
    } catch (error) {
      void this.display?.monitors({ fresh: true }).catch(() => undefined);
      if (error instanceof UnreadablePixelsError) {
        this.fallbackReason = `${error.message}; grabbing with xrandr + import`;
        this.grabber = importScreenGrabber();
        return this.grabber.grab(monitor);
      }
      throw error;
    }
  }
}

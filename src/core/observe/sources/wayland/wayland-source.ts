import { blackOutRaw, encodeRawJpeg, type ImageArea } from '../../raw-image';
import type { ActiveWindow, CaptureSource, GrabRequest, Screenshot, ScreenshotGrabberKind, UnchangedScreen } from '../capture-source';
import { DrawnCells } from '../../drawn-cells';
import { MissingPieces, type DesktopStatus, type MissingPiece } from '../desktop-status';
import { monitorHolding, withinMonitor } from '../monitor-choice';
import type { MonitorArea } from '../screen-grabber';
import { subtractArea, type ScreenArea } from '../x11-private-windows';
import { asActiveWindow, type DesktopWindow } from './desktop-window';
import { MissingPieceError, type IdleReader, type MonitorGrabber, type WaylandParts } from './wayland-parts';

/** After a piece failed to start, when to try again (a tool may have been installed meanwhile). */
const RETRY_MS = 60_000;

/** Starts a piece once and again after a failure, at most every `RETRY_MS`; records what was missing. */
class Lazy<T extends { close(): void }> {
  private value: Promise<T> | null = null;
  private failedAt = Number.NEGATIVE_INFINITY;
  private lastError: Error | null = null;

  constructor(
    private readonly start: () => Promise<T>,
    private readonly piece: MissingPiece['piece'],
    private readonly missing: MissingPieces,
  ) {}

  get(): Promise<T> {
    if (this.value) return this.value;
    if (this.lastError && Date.now() - this.failedAt < RETRY_MS) return Promise.reject(this.lastError);
    const value = this.start();
    this.value = value;
    value.then(
      () => this.missing.present(this.piece),
      (error: Error) => {
        this.value = null;
        this.failedAt = Date.now();
        this.lastError = error;
        if (error instanceof MissingPieceError) this.missing.missing(error.piece);
      },
    );
    return value;
  }

  /** Drops a piece that stopped working, so the next call starts it again. */
  reset(): void {
    void this.value?.then((v) => v.close()).catch(() => {});
    this.value = null;
  }

  close(): void {
    this.reset();
  }
}

/** `area` (logical layout pixels) in the pixels of `monitor`'s image, which may be scaled (HiDPI). */
function inImage(area: ScreenArea, monitor: MonitorArea, scale: number): ImageArea | null {
  const within = withinMonitor(area, monitor);
  if (!within) return null;
  return {
    x: Math.floor(within.x * scale),
    y: Math.floor(within.y * scale),
    width: Math.ceil(within.width * scale),
    height: Math.ceil(within.height * scale),
  };
}

const overlaps = (a: ScreenArea, b: ScreenArea): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The parts of private windows that show, in layout pixels: a window the rules exclude, or one that
 * names no app (it cannot be checked), minus what windows above it cover.
 */
export function privateAreas(
  windows: readonly DesktopWindow[],
  isPrivate: (w: ActiveWindow) => boolean,
): { areas: ScreenArea[]; windows: number } {
  const areas: ScreenArea[] = [];
  let count = 0;
  windows.forEach((window, index) => {
    if (window.focused) return;
    if (window.app !== null && !isPrivate({ app: window.app, title: window.title })) return;
    let visible = [window.area];
    for (const above of windows.slice(0, index)) visible = visible.flatMap((part) => subtractArea(part, above.area));
    if (visible.length === 0) return;
    count++;
    areas.push(...visible);
  });
  return { areas, windows: count };
}

/**
 * A Wayland desktop: the focused window and the windows on screen from the compositor (`WindowReader`:
 * sway's IPC, GNOME Shell's or KWin's script), screenshots of a monitor from the compositor with
 * private windows beside the focused one blacked out before anything else sees the pixels, and idle
 * time from the compositor. A piece that cannot work says why in health (`desktop()`), with its fix.
 */
export class WaylandSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  private readonly missing = new MissingPieces();
  private readonly grabber: Lazy<MonitorGrabber>;
  private readonly idle: Lazy<IdleReader>;
  private grabberInfo: { kind: ScreenshotGrabberKind; fallbackReason: string | null } | null = null;
  private readonly drawnCells = new DrawnCells();

  constructor(private readonly parts: WaylandParts) {
    this.grabber = new Lazy(() => parts.startGrabber(), 'screenshots', this.missing);
    this.idle = new Lazy(() => parts.startIdle(), 'idle', this.missing);
  }

  async activeWindow(): Promise<ActiveWindow | null> {
    let focused = this.readFocus();
    if (focused === undefined) {
      await this.parts.windows.start().catch((error: unknown) => {
        if (error instanceof MissingPieceError) this.missing.missing(error.piece);
        throw error;
      });
      focused = this.readFocus();
    }
    if (focused === undefined) throw new Error(`${this.parts.compositorName} has not said which window has the focus`);
    return focused && asActiveWindow(focused);
  }

  async idleSeconds(): Promise<number> {
    const idle = await this.idle.get();
    try {
      return await idle.idleSeconds();
    } catch (error) {
      this.idle.reset();
      throw error;
    }
  }

  async captureScreen(isPrivate?: (window: ActiveWindow) => boolean, onBlackedOut?: (windows: number) => void): Promise<Buffer> {
    // Asked without `unchangedUpTo`, so the monitor is always read.
    const [shot] = (await this.grabScreens({ monitors: 'focused', isPrivate: isPrivate ?? (() => false), onBlackedOut })) as Screenshot[];
    return encodeRawJpeg(shot!.image);
  }

  /**
   * The windows are read just before the pixels, as on X11: a private window that opens in between
   * takes the focus, and the observer drops a frame taken while the focus moved. A monitor the
   * compositor says too little was drawn on since its last screenshot (`unchangedUpTo`) is not read.
   */
  async grabScreens({ monitors: which, isPrivate, onBlackedOut, unchangedUpTo }: GrabRequest): Promise<(Screenshot | UnchangedScreen)[]> {
    const grabber = await this.grabber.get();
    this.grabberInfo = { kind: grabber.kind, fallbackReason: grabber.fallbackReason ?? null };
    const monitors = await this.parts.windows.monitors();
    // A grabber that cannot say what was drawn takes every screenshot.
    const allowance = grabber.drawnSinceLast && unchangedUpTo;
    // Asked every time, so what was drawn between two screenshots is never missed.
    if (allowance) this.drawnCells.add(await grabber.drawnSinceLast!(monitors).catch(() => null), monitors);
    const unchanged = (monitor: MonitorArea, focused: boolean): boolean => this.drawnCells.unchanged(monitor, focused, allowance);
    // With one monitor it holds the focus: an unchanged one needs no window list either.
    const [only] = monitors;
    if (monitors.length === 1 && unchanged(only!, true)) return [{ unchanged: true, monitor: only!.name, focused: true }];
    const windows = await this.parts.windows.visibleWindows();
    const focused = windows.find((w) => w.focused);
    const home = monitorHolding(monitors, focused?.area);
    if (!home) throw new Error(`${this.parts.compositorName} lists no monitor to capture`);
    const hidden = privateAreas(windows, isPrivate);
    const shots: (Screenshot | UnchangedScreen)[] = [];
    let painted = 0;
    for (const monitor of which === 'all' ? monitors : [home]) {
      const isHome = monitor === home;
      const top = isHome ? undefined : windows.find((w) => overlaps(w.area, monitor));
      // A monitor beside whose window cannot be identified, or is excluded, gives no frame: none is taken.
      if (top && (top.app === null || isPrivate({ app: top.app, title: top.title }))) continue;
      if (unchanged(monitor, isHome)) {
        shots.push({ unchanged: true, monitor: monitor.name, focused: isHome });
        continue;
      }
      this.drawnCells.taken(monitor);
      let image;
      try {
        image = await grabber.grab(monitor);
      } catch (error) {
        this.grabber.reset();
        throw error;
      }
      const scale = image.width / monitor.width;
      painted += blackOutRaw(
        image,
        hidden.areas.flatMap((area) => inImage(area, monitor, scale) ?? []),
      );
      shots.push({
        image,
        monitor: monitor.name,
        focused: isHome,
        focus: isHome && focused ? inImage(focused.area, monitor, scale) : null,
        ...(top?.app && { window: { app: top.app, title: top.title } }),
      });
    }
    if (painted > 0) onBlackedOut?.(hidden.windows);
    return shots;
  }

  grabberInUse(): { kind: ScreenshotGrabberKind; fallbackReason: string | null } | null {
    return this.grabberInfo;
  }

  desktop(): DesktopStatus {
    const { session } = this.parts;
    return {
      session: session.session,
      compositor: session.compositor,
      compositorName: this.parts.compositorName,
      missing: this.missing.list(),
    };
  }

  async close(): Promise<void> {
    this.grabber.close();
    this.idle.close();
    await this.parts.windows.close();
  }

  private readFocus(): DesktopWindow | null | undefined {
    try {
      const focused = this.parts.windows.focused();
      this.missing.present('window');
      return focused;
    } catch (error) {
      if (error instanceof MissingPieceError) this.missing.missing(error.piece);
      throw error;
    }
  }
}

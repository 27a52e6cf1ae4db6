import { safeName } from '../../../shared/safe-text';
import type { ImageArea, RawImage } from '../raw-image';
import type { DesktopStatus } from './desktop-status';

export interface ActiveWindow {
  readonly app: string;
  readonly title: string;
  /** Set by a source that already knows the window is private (a recording made with exclusions). */
  readonly private?: boolean;
  /**
   * When the focus moved to this window or its title last changed, on the observer's clock, from a
   * source that follows the focus by events: a switch is dated by it rather than by the poll that saw it
   * (which waits while a screenshot is taken).
   */
  readonly since?: number;
}

/**
 * The window as the observer matches, stores and shows it: its app name and title cleaned of what
 * cannot show (controls, bidi overrides, zero-width and tag characters: safe-text.ts), so a title can
 * neither hide text from the exclusion rules nor flip what the window and the CLI display.
 */
export function safeWindow(window: ActiveWindow): ActiveWindow {
  const app = safeName(window.app);
  const title = safeName(window.title);
  return app === window.app && title === window.title ? window : { ...window, app, title };
}

/** Where observations come from: the real desktop, or a recorded day replayed. */
export interface CaptureSource {
  readonly kind: 'desktop' | 'replay';
  /** The focused window, or null when none is focused. Rejects when the probe fails. */
  activeWindow(): Promise<ActiveWindow | null>;
  /** Seconds since the last keyboard or mouse input. */
  idleSeconds(): Promise<number>;
  /**
   * One screenshot of the screen, encoded (PNG or JPEG). Windows `isPrivate` names are blacked out
   * where the source can see other windows than the focused one (X11); rejects when it cannot tell.
   * `onBlackedOut` hears how many windows were painted black, when any were.
   */
  captureScreen(isPrivate?: (window: ActiveWindow) => boolean, onBlackedOut?: (windows: number) => void): Promise<Buffer>;
  /**
   * The pixels of the monitor that holds the focused window (`monitors: 'focused'`) or of every
   * monitor, private windows blacked out as in `captureScreen`, not encoded: the observer
   * fingerprints them and encodes only the frames that pass dedup. Sources that can only hand over
   * an encoded image leave this out.
   */
  grabScreens?(request: GrabRequest): Promise<readonly (Screenshot | UnchangedScreen)[]>;
  /**
   * Whether the screen is locked or the computer is going to sleep now (the X screen saver, logind's
   * `LockedHint`/`PrepareForSleep`): the observer pauses as `locked` while it is, and resumes after.
   * Asked every poll, so it must be cheap (no process per call). Sources that cannot tell leave it out.
   */
  screenLock?(): Promise<ScreenLock | null>;
  /** Which grabber takes the pixels (health); null before the first screenshot. */
  grabberInUse?(): { readonly kind: ScreenshotGrabberKind; readonly fallbackReason: string | null } | null;
  /**
   * The desktop it observes (X11, or Wayland and its compositor) and the pieces it found it cannot
   * read, each with its fix: health's `capture.desktop` and its `desktop_*` reasons (docs/desktops.md).
   */
  desktop?(): DesktopStatus;
  close?(): Promise<void>;
}

/** Why the screen counts as locked, and since when (epoch ms; null when the source cannot tell). */
export interface ScreenLock {
  readonly why: 'screen locked' | 'screen saver on' | 'going to sleep';
  readonly sinceMs: number | null;
}

/**
 * `native`/`import`: X11 (node-screenshots, ImageMagick); `x11-getimage`: X11 over the app's own
 * connection (after the display came back); `wlr-screencopy`/`grim`: wlroots compositors;
 * `gnome-shell`/`kwin`: the compositor's own screenshot, asked by the app's extension or script.
 */
export type ScreenshotGrabberKind = 'native' | 'import' | 'x11-getimage' | 'wlr-screencopy' | 'grim' | 'gnome-shell' | 'kwin';

export interface GrabRequest {
  readonly monitors: 'focused' | 'all';
  readonly isPrivate: (window: ActiveWindow) => boolean;
  readonly onBlackedOut?: (windows: number) => void;
  /**
   * How many cells of a monitor's dedup thumbnail may have been drawn on since its last screenshot
   * with the next one still certain to be dropped as unchanged (negative: it must be taken). A source
   * that knows where the screen was drawn on (X11's DAMAGE) answers such a monitor with an
   * `UnchangedScreen` instead of reading its pixels; others take every screenshot.
   */
  readonly unchangedUpTo?: (monitor: string, focused: boolean) => number;
}

/** A monitor whose screenshot was not taken: too little was drawn on it since its last one to matter (`unchangedUpTo`). */
export interface UnchangedScreen {
  readonly unchanged: true;
  readonly monitor: string;
  readonly focused: boolean;
}

/** One monitor's picture. */
export interface Screenshot {
  readonly image: RawImage;
  /** The monitor's name (RandR's), recorded with the frame and its screen text. */
  readonly monitor: string;
  /** Whether the focused window is on this monitor (else the frame shows what sits beside it). */
  readonly focused: boolean;
  /** The focused window's frame within this image, when it is on it; OCR reads only that part. */
  readonly focus: ImageArea | null;
  /** For a monitor without the focus: the topmost window on it, as far as the source can tell. */
  readonly window?: ActiveWindow;
}

/** The source has no screen to look at (no X display, the display went away): nothing can be observed. */
export class NoDisplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoDisplayError';
  }
}

/**
 * The display the source was observing went away (its server stopped or restarted): `display` is its
 * name, `sinceMs` when it was lost. Window, idle and screenshot probes all fail with it; observation
 * resumes by itself once the display is back.
 */
export class DisplayLostError extends Error {
  constructor(
    readonly display: string,
    readonly sinceMs: number,
    readonly detail: string,
  ) {
    super(`the display ${display} went away (${detail})`);
    this.name = 'DisplayLostError';
  }
}

/** Whether a probe failed because there is no display, rather than for a passing reason. */
export function isNoDisplay(error: unknown): boolean {
  return error instanceof NoDisplayError || (error instanceof Error && /(cannot|can't|unable to) open display/i.test(error.message));
}

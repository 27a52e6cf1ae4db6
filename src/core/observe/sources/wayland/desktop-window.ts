import type { ActiveWindow } from '../capture-source';
import type { MonitorArea } from '../screen-grabber';
import type { ScreenArea } from '../x11-private-windows';

/**
 * A window as a Wayland compositor describes it: the app (its app id, or an XWayland window's
 * class), its title, where it is in the layout's logical pixels, and whether it has the focus.
 * `app` is null when the compositor names no app: such a window cannot be checked against the
 * exclusion rules, so it is never photographed and counts as unidentified.
 */
export interface DesktopWindow {
  readonly id: string;
  readonly app: string | null;
  readonly title: string;
  readonly area: ScreenArea;
  readonly focused: boolean;
}

/** What the compositor's part of a Wayland source tells: the focus (from events) and what is on screen. */
export interface WindowReader {
  /** Connects when not connected; resolves once the focus is known, rejects when the compositor cannot be asked. */
  start(): Promise<void>;
  /** The focused window; null when none is (an empty workspace); undefined before the compositor said. Throws once it cannot be read. */
  focused(): DesktopWindow | null | undefined;
  /** The windows on screen, topmost first, the focused one marked. */
  visibleWindows(): Promise<readonly DesktopWindow[]>;
  /** The monitors, in the layout's logical pixels. */
  monitors(): Promise<readonly MonitorArea[]>;
  close(): Promise<void>;
}

/** The window as the observer reads it; throws for one that names no app (see `DesktopWindow`). */
export function asActiveWindow(window: DesktopWindow): ActiveWindow {
  if (window.app === null)
    throw new Error(
      `the focused window ("${window.title}") names no app, so it cannot be checked against the exclusion rules; nothing is recorded while it has the focus`,
    );
  return { app: window.app, title: window.title };
}

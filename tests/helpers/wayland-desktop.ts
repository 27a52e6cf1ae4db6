import type { ChildProcess } from 'node:child_process';
import type { DesktopUser } from './desktop-user';

/** A window a test opened: a terminal standing in for an app. */
export interface TestWindow {
  /** The compositor's id of it (sway's con_id, the extension's or the script's window id). */
  readonly id: string;
  readonly app: string;
  readonly title: string;
  readonly process: ChildProcess;
}

export interface WindowSpec {
  /** The app id the compositor reports (what the observer records as the app). */
  readonly app: string;
  readonly title: string;
  /** A shell script run inside (default: nothing shown, it just waits). */
  readonly script?: string;
  /** Monospace at this point size, e.g. large enough for OCR (default: the terminal's own). */
  readonly fontSize?: number;
  /** Background colour, `rrggbb`, so windows of different apps look different on screen. */
  readonly background?: string;
}

/**
 * A headless Wayland desktop the display scenarios drive (sway, GNOME Shell, KWin): windows opened
 * and focused as a person would, input events, and the environment and launcher that run the real
 * engine inside the session as the desktop's user.
 */
export interface WaylandDesktop {
  /** `sway`, `gnome`, `kde`: the compositor health must name. */
  readonly compositor: 'sway' | 'gnome' | 'kde';
  readonly user: DesktopUser;
  /** The session's variables (WAYLAND_DISPLAY, XDG_RUNTIME_DIR, the D-Bus address…) for a client or the engine. */
  readonly env: NodeJS.ProcessEnv;
  openWindow(spec: WindowSpec): Promise<TestWindow>;
  /**
   * Gives `window` the focus and resolves once the compositor reports it focused, with the moment the
   * compositor answered the command that moved the focus (when the switch happened, as near as a test can tell).
   */
  focus(window: TestWindow): Promise<number>;
  close(window: TestWindow): Promise<void>;
  /** One input event that does not type into the focused window (a modifier key): resets the idle time. */
  nudge(): Promise<void>;
  /** A PNG of the whole screen, taken by the test's own means, to prove text was really on screen. */
  screenshot(): Promise<Buffer>;
  stop(): Promise<void>;
}

export function killAndWait(child: ChildProcess, timeoutMs = 3000): Promise<void> {
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

/** A foot terminal for `spec`: app id and title as given, the script inside, then it waits. */
export function footCommand(spec: WindowSpec): string[] {
  const options = [
    ...(spec.fontSize ? ['-o', `font=monospace:size=${spec.fontSize}`] : []),
    ...(spec.background ? ['-o', `colors.background=${spec.background}`] : []),
  ];
  return ['foot', '--app-id', spec.app, '--title', spec.title, ...options, 'sh', '-c', `${spec.script ?? ''}\nexec sleep 100000`];
}

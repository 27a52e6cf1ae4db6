export interface ActiveWindow {
  readonly app: string;
  readonly title: string;
  /** Set by a source that already knows the window is private (a recording made with exclusions). */
  readonly private?: boolean;
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
  close?(): Promise<void>;
}

/** The source has no screen to look at (no X display, the display went away): nothing can be observed. */
export class NoDisplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoDisplayError';
  }
}

/** Whether a probe failed because there is no display, rather than for a passing reason. */
export function isNoDisplay(error: unknown): boolean {
  return error instanceof NoDisplayError || (error instanceof Error && /(cannot|can't|unable to) open display/i.test(error.message));
}

import type { ImageArea, RawImage } from '../../raw-image';
import type { ScreenshotGrabberKind } from '../capture-source';
import type { DesktopSession } from '../desktop-session';
import type { MissingPiece } from '../desktop-status';
import type { MonitorArea } from '../screen-grabber';
import type { WindowReader } from './desktop-window';

/** Seconds without input, from the compositor. */
export interface IdleReader {
  idleSeconds(): Promise<number>;
  close(): void;
}

/** Takes the pixels of one monitor. */
export interface MonitorGrabber {
  /** How, for health (`capture.screenshots.grabber`). */
  readonly kind: ScreenshotGrabberKind;
  /** Why this is a fallback (the better way could not be used), when it is one. */
  readonly fallbackReason?: string;
  grab(monitor: MonitorArea): Promise<RawImage>;
  /**
   * Where the monitors were drawn on since the last call, in layout pixels; a monitor whose drawing
   * is not known is given whole. A grabber that cannot tell leaves this out (then every screenshot is taken).
   */
  drawnSinceLast?(monitors: readonly MonitorArea[]): Promise<ImageArea[]>;
  close(): void;
}

/** A piece could not be started for a cause that was checked: health shows it with its fix. */
export class MissingPieceError extends Error {
  constructor(readonly piece: MissingPiece) {
    super(`${piece.problem} ${piece.fix}`);
    this.name = 'MissingPieceError';
  }
}

/** What a compositor brings to the Wayland source. */
export interface WaylandParts {
  readonly session: DesktopSession;
  /** The compositor as people know it: `sway`, `GNOME Shell`, `KWin`. */
  readonly compositorName: string;
  readonly windows: WindowReader;
  startGrabber(): Promise<MonitorGrabber>;
  startIdle(): Promise<IdleReader>;
}

import type { CompositorKind, SessionKind } from './desktop-session';

/** The three things a desktop source reads. */
export type DesktopPiece = 'window' | 'screenshots' | 'idle';

/**
 * A piece the source found it cannot read, for a cause it checked (a tool not installed, a protocol
 * the compositor does not offer, an extension not enabled), and the step that fixes it.
 */
export interface MissingPiece {
  readonly piece: DesktopPiece;
  /** What is missing and what that costs, in words a person understands. */
  readonly problem: string;
  /** The step that fixes it (a command, a setting). */
  readonly fix: string;
}

/** What a desktop source says about the desktop it observes (health's `capture.desktop` and its reasons). */
export interface DesktopStatus {
  readonly session: SessionKind;
  readonly compositor: CompositorKind | null;
  /** The compositor as people know it (`sway`, `GNOME Shell`, `KWin`), or null. */
  readonly compositorName: string | null;
  readonly missing: readonly MissingPiece[];
}

/** Remembers what each piece's last check found: a piece is missing until a later check finds it. */
export class MissingPieces {
  private readonly found = new Map<DesktopPiece, MissingPiece>();

  missing(piece: MissingPiece): void {
    this.found.set(piece.piece, piece);
  }

  present(piece: DesktopPiece): void {
    this.found.delete(piece);
  }

  list(): MissingPiece[] {
    return [...this.found.values()];
  }
}

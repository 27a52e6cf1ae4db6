import type { ImageArea } from './raw-image';

export interface Frame {
  readonly id: number;
  readonly at: number;
  readonly app: string;
  readonly title: string;
  readonly hash: string;
  /** Grayscale thumbnail the dedup and change detection compare. */
  readonly thumb: Buffer;
  readonly width: number;
  readonly height: number;
  /**
   * Encoded screenshot (JPEG from the desktop), kept in memory only unless the user turned on "keep
   * screenshots"; null when nothing that reads images was on when it was taken (OCR, kept
   * screenshots, a vision model, images over MCP): encoding is most of a screenshot's cost.
   */
  readonly image: Buffer | null;
  /** The monitor it shows (RandR's name); null where the source cannot tell (a replay, other systems). */
  readonly monitor?: string | null;
  /** The focused window's frame within the image, when known: OCR reads that part only. */
  readonly focus?: ImageArea | null;
}

/** The encoded images of `frames`, oldest first (frames taken while nothing read images have none). */
export function imagesOf(frames: readonly Frame[]): Buffer[] {
  return frames.flatMap((frame) => (frame.image ? [frame.image] : []));
}

export type ChangeKind = 'app-switch' | 'title-change' | 'visual-change';

export interface SignificantChange {
  readonly at: number;
  readonly kind: ChangeKind;
  readonly description: string;
}

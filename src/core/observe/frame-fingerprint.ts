import { createHash } from 'node:crypto';
import { sharp } from '../util/sharp-module';

/** Size of the grayscale thumbnail frames are compared on: each cell averages ~40x40 screen pixels. */
export const THUMB_WIDTH = 32;
export const THUMB_HEIGHT = 20;
/** A cell counts as changed when its brightness moved by more than this (of 255): noise and a blinking cursor stay below. */
const CELL_DELTA = 12;

export interface FrameFingerprint {
  /** Short identity of the picture (quantized thumbnail digest): equal for re-encodings of the same screen. */
  readonly hash: string;
  /** THUMB_WIDTH x THUMB_HEIGHT grayscale bytes. */
  readonly thumb: Buffer;
  readonly width: number;
  readonly height: number;
}

/**
 * Downscaled difference: frames are compared on a small grayscale thumbnail. Unlike a perceptual
 * hash, which barely moves when a line of text is added to a document, this sees content changes
 * while ignoring compression noise.
 */
export async function fingerprintImage(image: Buffer): Promise<FrameFingerprint> {
  const pipeline = sharp(image, { failOn: 'error' });
  const meta = await pipeline.metadata();
  const thumb = await pipeline.greyscale().resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'fill', kernel: 'linear' }).raw().toBuffer();
  const quantized = Buffer.from(thumb.map((v) => v >> 4));
  const hash = createHash('sha1').update(quantized).digest('hex').slice(0, 16);
  return { hash, thumb, width: meta.width ?? 0, height: meta.height ?? 0 };
}

const memo = new WeakMap<Buffer, Promise<FrameFingerprint>>();

/** Same as `fingerprintImage`, remembering the result per buffer (a replay hands out one buffer per image). */
export function fingerprintImageCached(image: Buffer): Promise<FrameFingerprint> {
  let cached = memo.get(image);
  if (!cached) {
    cached = fingerprintImage(image);
    memo.set(image, cached);
  }
  return cached;
}

/** Share (0..1) of thumbnail cells whose brightness changed noticeably between two frames. */
export function changedShare(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return 1;
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > CELL_DELTA) changed++;
  return changed / a.length;
}

/** The dedup grid: 1 for each thumbnail cell whose brightness changed noticeably, else 0 (every cell when the sizes differ). */
export function changedCells(a: Buffer, b: Buffer): Uint8Array {
  const cells = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) cells[i] = a.length !== b.length || Math.abs(a[i]! - b[i]!) > CELL_DELTA ? 1 : 0;
  return cells;
}

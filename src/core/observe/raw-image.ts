import { createHash } from 'node:crypto';
import { sharp } from '../util/sharp-module';
import type { FrameFingerprint } from './frame-fingerprint';
import { THUMB_HEIGHT, THUMB_WIDTH } from './frame-fingerprint';

/** Pixels as a grabber hands them over: rows top to bottom, `channels` bytes per pixel (RGB or RGBA). */
export interface RawImage {
  readonly pixels: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 3 | 4;
}

/** A rectangle in the image's own pixels. */
export interface ImageArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Every second pixel of every second row is read: unbiased for text strokes, a quarter of the work. */
const SAMPLE_STEP = 2;

/**
 * The dedup thumbnail straight from the grabbed pixels: each cell is the mean brightness of its part
 * of the screen (a box filter, so a thin line of new text still moves it). No decode and no resize
 * pipeline, so a frame that dedup drops costs only this (~1 ms for 1280x800).
 */
export function fingerprintRaw(image: RawImage): FrameFingerprint {
  const { pixels, width, height, channels } = image;
  // The sampled columns of each cell, as byte offsets within a row: the inner loop sums one cell of one
  // row into a local, with no lookup per pixel (this runs for every screenshot, dropped ones included).
  const cellStart = new Uint32Array(THUMB_WIDTH + 1);
  for (let c = 0, x = 0; c <= THUMB_WIDTH; c++) {
    while (x < width && Math.floor((x * THUMB_WIDTH) / width) < c) x += SAMPLE_STEP;
    cellStart[c] = Math.min(x, width) * channels;
  }
  const step = SAMPLE_STEP * channels;
  const sums = new Float64Array(THUMB_WIDTH * THUMB_HEIGHT);
  const counts = new Uint32Array(THUMB_WIDTH * THUMB_HEIGHT);
  for (let y = 0; y < height; y += SAMPLE_STEP) {
    const row = y * width * channels;
    const base = Math.floor((y * THUMB_HEIGHT) / height) * THUMB_WIDTH;
    for (let c = 0; c < THUMB_WIDTH; c++) {
      const end = row + cellStart[c + 1]!;
      let sum = 0;
      let n = 0;
      // Rec. 601 luma in fixed point (x256), as sharp's greyscale.
      for (let i = row + cellStart[c]!; i < end; i += step, n++) sum += 77 * pixels[i]! + 150 * pixels[i + 1]! + 29 * pixels[i + 2]!;
      sums[base + c]! += sum;
      counts[base + c]! += n;
    }
  }
  const thumb = Buffer.alloc(THUMB_WIDTH * THUMB_HEIGHT);
  for (let c = 0; c < thumb.length; c++) thumb[c] = counts[c]! > 0 ? Math.min(255, Math.round(sums[c]! / counts[c]! / 256)) : 0;
  const quantized = Buffer.from(thumb.map((v) => v >> 4));
  const hash = createHash('sha1').update(quantized).digest('hex').slice(0, 16);
  return { hash, thumb, width, height };
}

/** Paints `areas` (clipped to the image) black in place; returns how many were inside it. */
export function blackOutRaw(image: RawImage, areas: readonly ImageArea[]): number {
  const { pixels, width, height, channels } = image;
  let painted = 0;
  for (const area of areas) {
    const left = Math.max(0, area.x);
    const top = Math.max(0, area.y);
    const right = Math.min(width, area.x + area.width);
    const bottom = Math.min(height, area.y + area.height);
    if (right <= left || bottom <= top) continue;
    painted++;
    for (let y = top; y < bottom; y++) {
      const row = y * width * channels;
      pixels.fill(0, row + left * channels, row + right * channels);
      // Keep RGBA opaque: a transparent black could be read as "nothing there" by an encoder.
      if (channels === 4) for (let x = left; x < right; x++) pixels[row + x * channels + 3] = 255;
    }
  }
  return painted;
}

/** JPEG quality of frames: text stays readable for OCR at a third of PNG's size. */
export const FRAME_JPEG_QUALITY = 85;

/** Encodes grabbed pixels as the JPEG a frame keeps; only frames that passed dedup pay for this. */
export function encodeRawJpeg(image: RawImage): Promise<Buffer> {
  const { pixels, width, height, channels } = image;
  // Huffman tables are not optimised: 2% larger files for a third less CPU (bench/capture-cpu.ts).
  return sharp(pixels, { raw: { width, height, channels } })
    .removeAlpha()
    .jpeg({ quality: FRAME_JPEG_QUALITY, optimiseCoding: false })
    .toBuffer();
}

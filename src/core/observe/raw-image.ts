import { createHash } from 'node:crypto';
import sharp from 'sharp';
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

/** Pixels sampled per thumbnail cell in each direction: a cell's mean of 8x8 samples is steady against noise and cheap. */
const SAMPLES_PER_CELL = 8;

/**
 * The dedup thumbnail straight from the grabbed pixels: each cell is the mean brightness of a grid of
 * samples over its part of the screen. No decode and no resize pipeline, so a frame that dedup drops
 * costs only this (~1 ms for 1280x800).
 */
export function fingerprintRaw(image: RawImage): FrameFingerprint {
  const { pixels, width, height, channels } = image;
  const thumb = Buffer.alloc(THUMB_WIDTH * THUMB_HEIGHT);
  const rowStride = width * channels;
  for (let cy = 0; cy < THUMB_HEIGHT; cy++) {
    const y0 = Math.floor((cy * height) / THUMB_HEIGHT);
    const cellHeight = Math.max(1, Math.floor(((cy + 1) * height) / THUMB_HEIGHT) - y0);
    for (let cx = 0; cx < THUMB_WIDTH; cx++) {
      const x0 = Math.floor((cx * width) / THUMB_WIDTH);
      const cellWidth = Math.max(1, Math.floor(((cx + 1) * width) / THUMB_WIDTH) - x0);
      let sum = 0;
      let count = 0;
      for (let sy = 0; sy < SAMPLES_PER_CELL; sy++) {
        const y = y0 + Math.floor(((sy + 0.5) * cellHeight) / SAMPLES_PER_CELL);
        if (y >= height) continue;
        for (let sx = 0; sx < SAMPLES_PER_CELL; sx++) {
          const x = x0 + Math.floor(((sx + 0.5) * cellWidth) / SAMPLES_PER_CELL);
          if (x >= width) continue;
          const i = y * rowStride + x * channels;
          // Rec. 601 luma, as sharp's greyscale.
          sum += 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
          count++;
        }
      }
      thumb[cy * THUMB_WIDTH + cx] = count > 0 ? Math.round(sum / count) : 0;
    }
  }
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
  return sharp(pixels, { raw: { width, height, channels } }).removeAlpha().jpeg({ quality: FRAME_JPEG_QUALITY }).toBuffer();
}

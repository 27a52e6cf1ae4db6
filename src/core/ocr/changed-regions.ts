import { THUMB_HEIGHT, THUMB_WIDTH, changedCells } from '../observe/frame-fingerprint';
import type { ImageArea } from '../observe/raw-image';
import type { OcrLine } from './text-recognizer';

/** Rows of an image, `top` included, `bottom` not. */
export interface Band {
  readonly top: number;
  readonly bottom: number;
}

/** Above this share of the region changed, one read of the whole region costs less than several bands. */
export const WHOLE_REGION_SHARE = 0.6;

/**
 * The horizontal bands of `region` whose thumbnail cells changed between two frames of the same
 * screen (only the cells under the region count). Bands one cell apart or closer are joined: a
 * read of the gap costs less than another read.
 */
export function changedBands(previous: Buffer, current: Buffer, width: number, height: number, region: ImageArea): Band[] {
  const changed = changedCells(previous, current);
  const cellTop = (row: number): number => Math.floor((row * height) / THUMB_HEIGHT);
  const firstColumn = Math.floor((region.x * THUMB_WIDTH) / width);
  const lastColumn = Math.min(THUMB_WIDTH - 1, Math.floor(((region.x + region.width - 1) * THUMB_WIDTH) / width));
  const bands: Band[] = [];
  for (let row = 0; row < THUMB_HEIGHT; row++) {
    let rowChanged = false;
    for (let column = firstColumn; column <= lastColumn && !rowChanged; column++) rowChanged = changed[row * THUMB_WIDTH + column] === 1;
    if (!rowChanged) continue;
    const top = Math.max(region.y, cellTop(row));
    const bottom = Math.min(region.y + region.height, cellTop(row + 1));
    if (bottom <= top) continue;
    const last = bands.at(-1);
    const cell = height / THUMB_HEIGHT;
    if (last && top - last.bottom <= cell) bands[bands.length - 1] = { top: last.top, bottom };
    else bands.push({ top, bottom });
  }
  return bands;
}

/** `band` widened by `pad` rows each side (clipped to the region): a line cut by a cell border is read whole. */
export function padBand(band: Band, region: ImageArea, pad: number): Band {
  return { top: Math.max(region.y, band.top - pad), bottom: Math.min(region.y + region.height, band.bottom + pad) };
}

const middle = (line: OcrLine): number => (line.top + line.bottom) / 2;
const inside = (y: number, bands: readonly Band[]): boolean => bands.some((band) => y >= band.top && y < band.bottom);

/**
 * The screen's lines after a partial read: the previous lines outside the changed bands, and the
 * fresh lines inside them (lines read in a band's padding belong to the previous frame's), top to
 * bottom.
 */
export function mergeLines(previous: readonly OcrLine[], fresh: readonly OcrLine[], bands: readonly Band[]): OcrLine[] {
  return [...previous.filter((line) => !inside(middle(line), bands)), ...fresh.filter((line) => inside(middle(line), bands))].sort(
    (a, b) => a.top - b.top,
  );
}

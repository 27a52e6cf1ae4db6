import { createHash } from 'node:crypto';
import type { Frame } from '../observe/frame';
import { changedBands, mergeLines, padBand, WHOLE_REGION_SHARE, type Band } from './changed-regions';
import type { OcrArea, OcrLine } from './text-recognizer';

/** What a region read needs of a frame. */
export type RegionFrame = Pick<Frame, 'app' | 'title' | 'thumb' | 'width' | 'height' | 'monitor' | 'focus'> & { readonly image: Buffer };

export interface RegionRead {
  readonly lines: readonly OcrLine[];
  /** Rows read (the crop sizes) as a share of the region's rows: 1 for a whole read, 0 when nothing changed in it. */
  readonly shareRead: number;
  /** Time in the recognizer, in ms (0 when every part came from the cache). */
  readonly recognizerMs: number;
  /** Parts read from the cache of identical crops. */
  readonly fromCache: number;
}

/** Rows added above and below a changed band: more than half a line of UI text at any usual size. */
const LINE_PAD = 24;
const CACHE_ENTRIES = 64;
const MIN_REGION = { width: 160, height: 80 };
/** Windows whose last read is remembered: switching back to one of them reads only what changed in it meanwhile. */
const WINDOWS_REMEMBERED = 16;

/**
 * OCR of the changed part of a screen only. The dedup grid of this frame against the last one read
 * of the same window (monitor, app, title, size; the last 16 windows are remembered, so switching
 * back to one is read in part too) says which bands of the focused window's rectangle changed;
 * those (padded to whole lines) are read, and the lines outside them are kept from the frame
 * before, so the stored text is still the whole window's and search finds what did not change.
 */
export class RegionReader {
  /** The last read of each window (by monitor, window and rectangle), least recently read first. */
  private readonly screens = new Map<string, { readonly thumb: Buffer; readonly lines: readonly OcrLine[] }>();
  private readonly cache = new Map<string, OcrLine[]>();

  /** `recognizeLines` reads `area` of the image and answers lines in the image's rows (TextRecognizer.recognizeLines). */
  constructor(private readonly recognizeLines: (image: Buffer, area: OcrArea) => Promise<OcrLine[]>) {}

  async read(frame: RegionFrame): Promise<RegionRead> {
    const focus = frame.focus;
    // A popup or a sliver of a window says little about the screen: read the whole of it then.
    const region =
      focus && focus.width >= MIN_REGION.width && focus.height >= MIN_REGION.height
        ? focus
        : { x: 0, y: 0, width: frame.width, height: frame.height };
    const key = [frame.app, frame.title, frame.width, frame.height, region.x, region.y, region.width, region.height].join('\u0000');
    const screenKey = `${frame.monitor ?? ''}\u0000${key}`;
    const last = this.screens.get(screenKey);
    this.screens.delete(screenKey);
    const whole: Band[] = [{ top: region.y, bottom: region.y + region.height }];
    let bands = last ? changedBands(last.thumb, frame.thumb, frame.width, frame.height, region) : whole;
    const changedRows = bands.reduce((sum, band) => sum + band.bottom - band.top, 0);
    if (changedRows > WHOLE_REGION_SHARE * region.height) bands = whole;
    let recognizerMs = 0;
    let fromCache = 0;
    let rowsRead = 0;
    const fresh: OcrLine[] = [];
    const imageHash = bands.length > 0 ? createHash('sha1').update(frame.image).digest('base64') : '';
    for (const band of bands) {
      const crop = padBand(band, region, bands === whole ? 0 : LINE_PAD);
      rowsRead += crop.bottom - crop.top;
      const area = { x: region.x, y: crop.top, width: region.width, height: crop.bottom - crop.top };
      const cacheKey = `${imageHash}:${area.x},${area.y},${area.width},${area.height}`;
      let lines = this.cache.get(cacheKey);
      if (lines) {
        fromCache++;
        this.cache.delete(cacheKey);
      } else {
        const started = performance.now();
        lines = await this.recognizeLines(frame.image, area);
        recognizerMs += performance.now() - started;
      }
      this.cache.set(cacheKey, lines);
      if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      fresh.push(...lines);
    }
    const lines = bands === whole ? fresh : mergeLines(last!.lines, fresh, bands);
    this.screens.set(screenKey, { thumb: frame.thumb, lines });
    if (this.screens.size > WINDOWS_REMEMBERED) this.screens.delete(this.screens.keys().next().value!);
    return { lines, shareRead: rowsRead / Math.max(1, region.height), recognizerMs, fromCache };
  }

  /** Forgets what each monitor showed (the next frame of each is read whole). */
  reset(): void {
    this.screens.clear();
  }
}

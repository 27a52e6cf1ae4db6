import { THUMB_HEIGHT, THUMB_WIDTH } from './frame-fingerprint';
import type { ImageArea } from './raw-image';

/** A monitor by its name and where it sits (a monitor moved or resized is another one). */
export interface PlacedMonitor extends ImageArea {
  readonly name: string;
}

const CELLS = THUMB_WIDTH * THUMB_HEIGHT;
const keyOf = (m: PlacedMonitor): string => `${m.name}@${m.x},${m.y},${m.width}x${m.height}`;

/**
 * Which cells of each monitor's dedup thumbnail (frame-fingerprint.ts) were drawn on since that
 * monitor's last screenshot. A thumbnail cell is the mean of its own part of the screen only, so a
 * cell nobody drew on is the same in the next screenshot: how many were drawn on bounds how much
 * the next screenshot can differ from the last one.
 */
export class DrawnCells {
  private readonly byMonitor = new Map<string, Uint8Array>();

  /** What was drawn on, in root coordinates; null when that is not known (then anything may have been, on any of `monitors`). */
  add(areas: readonly ImageArea[] | null, monitors: readonly PlacedMonitor[]): void {
    if (areas === null) {
      for (const monitor of monitors) this.byMonitor.delete(keyOf(monitor));
      return;
    }
    for (const monitor of monitors) {
      const cells = this.byMonitor.get(keyOf(monitor));
      if (cells) for (const area of areas) markArea(cells, area, monitor);
    }
  }

  /** Cells of `monitor` drawn on since `taken(monitor)`; all of them when it was never taken (or that is not known). */
  count(monitor: PlacedMonitor): number {
    const cells = this.byMonitor.get(keyOf(monitor));
    if (!cells) return CELLS;
    let drawn = 0;
    for (const cell of cells) drawn += cell;
    return drawn;
  }

  /**
   * Whether too little was drawn on `monitor` since its last screenshot for the next one to matter:
   * within what `unchangedUpTo` (GrabRequest's) allows it; never when it is not given.
   */
  unchanged(monitor: PlacedMonitor, focused: boolean, unchangedUpTo: ((monitor: string, focused: boolean) => number) | undefined): boolean {
    return unchangedUpTo !== undefined && this.count(monitor) <= unchangedUpTo(monitor.name, focused);
  }

  /** A screenshot of `monitor` is being taken now: what is drawn from here on counts towards the next one. */
  taken(monitor: PlacedMonitor): void {
    const key = keyOf(monitor);
    const cells = this.byMonitor.get(key);
    if (cells) cells.fill(0);
    else this.byMonitor.set(key, new Uint8Array(CELLS));
  }
}

/** Marks the cells `area` touches within `monitor` (the thumbnail's cells as fingerprintRaw divides the image). */
function markArea(cells: Uint8Array, area: ImageArea, monitor: PlacedMonitor): void {
  const left = Math.max(area.x, monitor.x) - monitor.x;
  const top = Math.max(area.y, monitor.y) - monitor.y;
  const right = Math.min(area.x + area.width, monitor.x + monitor.width) - monitor.x;
  const bottom = Math.min(area.y + area.height, monitor.y + monitor.height) - monitor.y;
  if (right <= left || bottom <= top) return;
  const firstColumn = Math.floor((left * THUMB_WIDTH) / monitor.width);
  const lastColumn = Math.floor(((right - 1) * THUMB_WIDTH) / monitor.width);
  const firstRow = Math.floor((top * THUMB_HEIGHT) / monitor.height);
  const lastRow = Math.floor(((bottom - 1) * THUMB_HEIGHT) / monitor.height);
  for (let row = firstRow; row <= lastRow; row++) cells.fill(1, row * THUMB_WIDTH + firstColumn, row * THUMB_WIDTH + lastColumn + 1);
}

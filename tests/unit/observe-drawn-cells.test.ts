import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DrawnCells, type PlacedMonitor } from '../../src/core/observe/drawn-cells';
import { changedCells, THUMB_HEIGHT, THUMB_WIDTH } from '../../src/core/observe/frame-fingerprint';
import { fingerprintRaw, type ImageArea, type RawImage } from '../../src/core/observe/raw-image';
import { parseRegionReply } from '../../src/core/observe/sources/x11-damage';

const CELLS = THUMB_WIDTH * THUMB_HEIGHT;
const LEFT: PlacedMonitor = { name: 'LEFT', x: 0, y: 0, width: 1280, height: 800 };
const RIGHT: PlacedMonitor = { name: 'RIGHT', x: 1280, y: 0, width: 1920, height: 1080 };

describe('cells drawn on since a screenshot', () => {
  it('counts every cell of a monitor never taken, none right after it is taken, then the cells an area touches', () => {
    const drawn = new DrawnCells();
    expect(drawn.count(LEFT)).toBe(CELLS);
    drawn.taken(LEFT);
    expect(drawn.count(LEFT)).toBe(0);
    // A caret in the top-left cell (40×40 px), then a line across three cells of the next row.
    drawn.add([{ x: 3, y: 22, width: 8, height: 14 }], [LEFT]);
    expect(drawn.count(LEFT)).toBe(1);
    drawn.add([{ x: 3, y: 46, width: 100, height: 14 }], [LEFT]);
    expect(drawn.count(LEFT)).toBe(4);
    // Drawn again where it was drawn: no more cells.
    drawn.add([{ x: 5, y: 25, width: 2, height: 2 }], [LEFT]);
    expect(drawn.count(LEFT)).toBe(4);
    drawn.taken(LEFT);
    expect(drawn.count(LEFT)).toBe(0);
  });

  it("keeps each monitor's cells apart, in its own coordinates, and forgets a monitor that moved", () => {
    const drawn = new DrawnCells();
    drawn.taken(LEFT);
    drawn.taken(RIGHT);
    // One area across the seam: the last column of LEFT, the first of RIGHT.
    drawn.add([{ x: 1270, y: 0, width: 20, height: 10 }], [LEFT, RIGHT]);
    expect(drawn.count(LEFT)).toBe(1);
    expect(drawn.count(RIGHT)).toBe(1);
    drawn.add([{ x: 1280 + 1900, y: 1070, width: 20, height: 10 }], [LEFT, RIGHT]);
    expect(drawn.count(RIGHT)).toBe(2);
    expect(drawn.count({ ...RIGHT, width: 2560, height: 1440 })).toBe(CELLS);
  });

  it('counts everything when what was drawn is not known', () => {
    const drawn = new DrawnCells();
    drawn.taken(LEFT);
    drawn.add(null, [LEFT]);
    expect(drawn.count(LEFT)).toBe(CELLS);
  });

  // The claim the observer rests on: pixels changed only inside the areas reported drawn change no
  // thumbnail cell DrawnCells did not count, whatever the sizes, areas and pixels.
  it('bounds the cells the dedup thumbnail can change, for any pixels changed inside the areas drawn', () => {
    const areaIn = (width: number, height: number): fc.Arbitrary<ImageArea> =>
      fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }).chain(({ x, y }) =>
        fc.record({
          x: fc.constant(x),
          y: fc.constant(y),
          width: fc.integer({ min: 1, max: width - x }),
          height: fc.integer({ min: 1, max: height - y }),
        }),
      );
    const scene = fc
      .record({ width: fc.integer({ min: 33, max: 400 }), height: fc.integer({ min: 21, max: 300 }), seed: fc.integer() })
      .chain(({ width, height, seed }) =>
        fc.record({
          width: fc.constant(width),
          height: fc.constant(height),
          seed: fc.constant(seed),
          areas: fc.array(areaIn(width, height), { maxLength: 4 }),
        }),
      );
    fc.assert(
      fc.property(scene, ({ width, height, seed, areas }) => {
        const before = noise(width, height, seed);
        const after: RawImage = { ...before, pixels: Buffer.from(before.pixels) };
        for (const area of areas) paint(after, area, (seed & 0xff) ^ 0xa5);
        const monitor: PlacedMonitor = { name: 'M', x: 0, y: 0, width, height };
        const drawn = new DrawnCells();
        drawn.taken(monitor);
        drawn.add(areas, [monitor]);
        const changed = changedCells(fingerprintRaw(before).thumb, fingerprintRaw(after).thumb);
        // The cells the areas touch, pixel by pixel: DrawnCells counts exactly these, and no other changed.
        const touched = new Uint8Array(CELLS);
        for (const area of areas) markCells(touched, area, width, height);
        expect(drawn.count(monitor)).toBe(touched.reduce((sum, c) => sum + c, 0));
        for (let cell = 0; cell < CELLS; cell++) if (changed[cell]) expect(touched[cell]).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe("the X server's answer of where it drew", () => {
  it('is read as rectangles after the extents, empty ones left out', () => {
    const reply = Buffer.alloc(32 + 3 * 8);
    reply.writeUInt8(1, 0);
    reply.writeUInt32LE(6, 4);
    const rects = [
      [3, 22, 24, 24],
      [-5, 0, 0, 10],
      [700, 300, 246, 136],
    ];
    rects.forEach(([x, y, w, h], i) => {
      reply.writeInt16LE(x!, 32 + 8 * i);
      reply.writeInt16LE(y!, 34 + 8 * i);
      reply.writeUInt16LE(w!, 36 + 8 * i);
      reply.writeUInt16LE(h!, 38 + 8 * i);
    });
    expect(parseRegionReply(reply)).toEqual([
      { x: 3, y: 22, width: 24, height: 24 },
      { x: 700, y: 300, width: 246, height: 136 },
    ]);
  });
});

/** Pseudo-random RGB pixels (a fixed generator, so a failure replays). */
function noise(width: number, height: number, seed: number): RawImage {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < pixels.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = state & 0xff;
  }
  return { pixels, width, height, channels: 3 };
}

function paint(image: RawImage, area: ImageArea, value: number): void {
  for (let y = area.y; y < area.y + area.height; y++)
    image.pixels.fill(value, (y * image.width + area.x) * 3, (y * image.width + area.x + area.width) * 3);
}

/** The cells an area touches, by the thumbnail's own division (fingerprintRaw: cell = floor(x·32/width), floor(y·20/height)). */
function markCells(cells: Uint8Array, area: ImageArea, width: number, height: number): void {
  for (let y = area.y; y < area.y + area.height; y++)
    for (let x = area.x; x < area.x + area.width; x++)
      cells[Math.floor((y * THUMB_HEIGHT) / height) * THUMB_WIDTH + Math.floor((x * THUMB_WIDTH) / width)] = 1;
}

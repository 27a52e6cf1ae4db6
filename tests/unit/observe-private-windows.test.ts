import { describe, expect, it } from 'vitest';
import { blackOutRaw, type RawImage } from '../../src/core/observe/raw-image';
import { parseWindowInfo, parseWindowTree, subtractArea } from '../../src/core/observe/sources/x11-private-windows';

// `xwininfo -root -tree` under openbox: frames (no class) hold the clients; a UTF-8 title cannot be printed.
const TREE = `
xwininfo: Window id: 0x50d (the root window) (has no name)

  Root window id: 0x50d (the root window) (has no name)
  Parent window id: 0x0 (none)
     6 children:
     0x80020b "Openbox": ("" (none))  1x1+-100+-100  +-100+-100
     0x800256 (has no name): ("OPENBOX_FOCUS_CYCLE_POPUP" "OPENBOX_FOCUS_CYCLE_POPUP")  1x1+0+0  +0+0
     0x80031e (has no name): ()  486x341+1320+369  +1320+369
        2 children:
        0x60000c "Budget.xlsx": ("xterm" "Excel")  484x316+1+20  +1321+389
           1 child:
           0x600018 (has no name): ()  484x316+0+0  +1321+389
        0x80036a (has no name): ()  1x1+0+0  +1320+369
     0x8002a1 (has no name): ()  246x159+300+200  +300+200
        1 child:
        0x40000c (name in unsupported encoding COMPOUND_TEXT): ("keepassxc" "KeePassXC")  244x134+1+20  +301+220
     0x2000a1 "x: y": ("a" "Quoted \\"Name\\"")  640x480+-10+5  +-10+5
`;

describe('parseWindowTree', () => {
  it("lists the root's children top of the stack first, each with the apps inside it", () => {
    expect(parseWindowTree(TREE)).toEqual([
      { id: '0x80020b', x: -100, y: -100, width: 1, height: 1, clients: [] },
      { id: '0x800256', x: 0, y: 0, width: 1, height: 1, clients: [{ id: '0x800256', title: null, app: 'OPENBOX_FOCUS_CYCLE_POPUP' }] },
      // The frame's area, title bar included, for the client inside it.
      { id: '0x80031e', x: 1320, y: 369, width: 486, height: 341, clients: [{ id: '0x60000c', title: 'Budget.xlsx', app: 'Excel' }] },
      { id: '0x8002a1', x: 300, y: 200, width: 246, height: 159, clients: [{ id: '0x40000c', title: null, app: 'KeePassXC' }] },
      { id: '0x2000a1', x: -10, y: 5, width: 640, height: 480, clients: [{ id: '0x2000a1', title: 'x: y', app: 'Quoted \\"Name\\"' }] },
    ]);
  });

  it('reads nothing from output that is not a window tree', () => {
    expect(parseWindowTree('xwininfo: error: unable to open display ":9"\n')).toEqual([]);
  });
});

describe('parseWindowInfo', () => {
  const info = (mapState: string, windowClass = 'InputOutput', depth = 24): string =>
    `  Depth: ${depth}\n  Class: ${windowClass}\n  Map State: ${mapState}\n`;

  it('is viewable only when mapped with every ancestor', () => {
    expect(parseWindowInfo(info('IsViewable')).viewable).toBe(true);
    expect(parseWindowInfo(info('IsUnMapped')).viewable).toBe(false);
    expect(parseWindowInfo(info('IsUnviewable')).viewable).toBe(false);
  });

  it('does not count input-only or translucent windows as hiding what is below', () => {
    expect(parseWindowInfo(info('IsViewable')).opaque).toBe(true);
    expect(parseWindowInfo(info('IsViewable', 'InputOnly')).opaque).toBe(false);
    expect(parseWindowInfo(info('IsViewable', 'InputOutput', 32)).opaque).toBe(false);
  });
});

describe('subtractArea', () => {
  const area = { x: 0, y: 0, width: 100, height: 100 };
  const size = (areas: { width: number; height: number }[]): number => areas.reduce((sum, a) => sum + a.width * a.height, 0);

  it('keeps an area nothing covers', () => {
    expect(subtractArea(area, { x: 100, y: 0, width: 50, height: 50 })).toEqual([area]);
  });

  it('leaves nothing of an area covered whole', () => {
    expect(subtractArea(area, { x: -10, y: -10, width: 200, height: 200 })).toEqual([]);
  });

  it('leaves the uncovered rest, without overlaps', () => {
    const rest = subtractArea(area, { x: 20, y: 30, width: 50, height: 40 });
    expect(size(rest)).toBe(100 * 100 - 50 * 40);
    expect(rest).toContainEqual({ x: 0, y: 0, width: 100, height: 30 });
    expect(rest).toContainEqual({ x: 70, y: 30, width: 30, height: 40 });
    expect(size(subtractArea(area, { x: 50, y: 50, width: 100, height: 100 }))).toBe(100 * 100 - 50 * 50);
  });
});

describe('blackOutRaw', () => {
  const white = (width: number, height: number, channels: 3 | 4): RawImage => ({
    pixels: Buffer.alloc(width * height * channels, 255),
    width,
    height,
    channels,
  });
  const pixel = (image: RawImage, x: number, y: number): number[] => [
    ...image.pixels.subarray((y * image.width + x) * image.channels, (y * image.width + x + 1) * image.channels),
  ];

  it('paints the areas black in place, clipped to the image, and counts those inside it', () => {
    const image = white(200, 100, 4);
    // The area reaches past the image's left edge: its pixels x 0..49, y 10..29 are inside.
    expect(blackOutRaw(image, [{ x: -100, y: 10, width: 150, height: 20 }])).toBe(1);
    expect(pixel(image, 5, 15)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 49, 29)).toEqual([0, 0, 0, 255]);
    expect(pixel(image, 50, 15)).toEqual([255, 255, 255, 255]);
    expect(pixel(image, 5, 30)).toEqual([255, 255, 255, 255]);
  });

  it('leaves the image untouched when no area falls inside it', () => {
    const image = white(200, 100, 3);
    expect(blackOutRaw(image, [{ x: 300, y: 0, width: 50, height: 50 }])).toBe(0);
    expect(image.pixels.every((v) => v === 255)).toBe(true);
  });
});

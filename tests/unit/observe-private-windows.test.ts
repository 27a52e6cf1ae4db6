import { describe, expect, it } from 'vitest';
import { blackOutRaw, type RawImage } from '../../src/core/observe/raw-image';
import {
  subtractArea,
  type ScreenArea,
  X11PrivateWindows,
  type TopLevelWindow,
  type WindowInfo,
  type WindowStackReader,
} from '../../src/core/observe/sources/x11-private-windows';

describe('the areas of private windows that show', () => {
  const frame = (id: string, x: number, y: number, width: number, height: number, app: string, title = ''): TopLevelWindow => ({
    id,
    x,
    y,
    width,
    height,
    clients: [{ id: `${id}1`, app, title }],
  });
  /** A window stack read as given, every window viewable and opaque unless `info` says otherwise. */
  const reader = (stack: TopLevelWindow[], info: Record<string, Partial<WindowInfo>> = {}): WindowStackReader & { asked: string[] } => {
    const asked: string[] = [];
    return {
      asked,
      read: () => Promise.resolve(stack),
      info: (id) => {
        asked.push(id);
        return Promise.resolve({ viewable: true, opaque: true, ...info[id] });
      },
    };
  };
  const plain = (areas: readonly ScreenArea[]): ScreenArea[] => areas.map(({ x, y, width, height }) => ({ x, y, width, height }));
  const isPrivate = (w: { app: string; title: string }): boolean => w.app === 'KeePassXC' || w.title.includes('Private Browsing');

  it("are each private window's frame less the opaque windows above it", async () => {
    const windows = reader([
      frame('0xa0', 0, 0, 100, 100, 'XTerm'),
      frame('0xb0', 50, 0, 200, 100, 'KeePassXC'),
      frame('0xc0', 400, 0, 100, 100, 'Firefox', 'Bank — Private Browsing'),
    ]);
    const seen = await new X11PrivateWindows(windows).visiblePrivateWindows(isPrivate);
    expect(seen.windows).toBe(2);
    expect(plain(seen.areas)).toEqual([
      { x: 100, y: 0, width: 150, height: 100 },
      { x: 400, y: 0, width: 100, height: 100 },
    ]);
    // Only what decides the answer is asked: the private clients and the window over one of them.
    expect(windows.asked.sort()).toEqual(['0xa0', '0xb01', '0xc01']);
  });

  it('leave a private window whole under a translucent window, and skip one that is not viewable', async () => {
    const stack = [
      frame('0xa0', 0, 0, 100, 100, 'XTerm'),
      frame('0xb0', 0, 0, 100, 100, 'KeePassXC'),
      frame('0xc0', 300, 0, 50, 50, 'KeePassXC'),
    ];
    const seen = await new X11PrivateWindows(reader(stack, { '0xa0': { opaque: false }, '0xc01': { viewable: false } })).visibleAreas(
      isPrivate,
    );
    expect(plain(seen)).toEqual([{ x: 0, y: 0, width: 100, height: 100 }]);
  });

  it('asks nothing more of the display while no private window is open', async () => {
    const windows = reader([frame('0xa0', 0, 0, 100, 100, 'XTerm'), frame('0xb0', 0, 0, 100, 100, 'Firefox', 'Docs')]);
    expect(await new X11PrivateWindows(windows).visibleAreas(isPrivate)).toEqual([]);
    expect(windows.asked).toEqual([]);
  });

  it('reject when the window stack cannot be read, so no screenshot is kept unchecked', async () => {
    const failing: WindowStackReader = {
      read: () => Promise.reject(new Error('the X display :5 closed the connection')),
      info: () => Promise.reject(new Error('no')),
    };
    await expect(new X11PrivateWindows(failing).visibleAreas(isPrivate)).rejects.toThrow(/closed the connection/);
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

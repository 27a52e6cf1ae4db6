import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changedShare } from '../../src/core/observe/frame-fingerprint';
import { encodeRawJpeg, fingerprintRaw, type RawImage } from '../../src/core/observe/raw-image';
import { frameOf, monitorHolding, topWindowOn, withinMonitor } from '../../src/core/observe/sources/monitor-choice';
import {
  createScreenGrabber,
  cropRaw,
  nativeScreenGrabber,
  parseXrandrMonitors,
  type MonitorArea,
  type NativeMonitor,
} from '../../src/core/observe/sources/screen-grabber';
import type { TopLevelWindow } from '../../src/core/observe/sources/x11-private-windows';

const LEFT: MonitorArea = { name: 'DP-1', x: 0, y: 0, width: 1280, height: 800, primary: true };
const RIGHT: MonitorArea = { name: 'HDMI-1', x: 1280, y: 0, width: 1280, height: 800, primary: false };

/** A 2560x800 desktop, left half white, right half dark grey, as RGBA. */
function desktopPixels(): RawImage {
  const width = 2560;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < height; y++) pixels.fill(40, (y * width + 1280) * 4, (y * width + width) * 4);
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  return { pixels, width, height, channels: 4 };
}

/** node-screenshots as the grabber sees it, over a fixed desktop. */
function fakeLibrary(monitors: readonly MonitorArea[]): { Monitor: { all(): NativeMonitor[] } } {
  const desktop = desktopPixels();
  return {
    Monitor: {
      all: () =>
        monitors.map((m) => ({
          name: () => m.name,
          x: () => m.x,
          y: () => m.y,
          width: () => m.width,
          height: () => m.height,
          isPrimary: () => m.primary,
          captureImageSync: () => {
            const image = cropRaw(desktop, m);
            return { width: image.width, height: image.height, toRawSync: () => image.pixels };
          },
        })),
    },
  };
}

describe('screen grabbers', () => {
  it('grabs each monitor in-process, and crops a monitor that is part of a larger one', async () => {
    const grabber = nativeScreenGrabber(fakeLibrary([LEFT, RIGHT]));
    expect(grabber.kind).toBe('native');
    expect(await grabber.monitors()).toEqual([LEFT, RIGHT]);
    const right = await grabber.grab(RIGHT);
    expect(right).toMatchObject({ width: 1280, height: 800, channels: 4 });
    expect([...right.pixels.subarray(0, 4)]).toEqual([40, 40, 40, 255]);
    // One screen of 2560 pixels split in two monitors by the layout (xrandr --setmonitor).
    const whole = nativeScreenGrabber(fakeLibrary([{ name: 'screen', x: 0, y: 0, width: 2560, height: 800, primary: true }]));
    const half = await whole.grab(RIGHT);
    expect(half).toMatchObject({ width: 1280, height: 800 });
    expect(half.pixels.equals(right.pixels)).toBe(true);
  });

  it('falls back to xrandr + import when node-screenshots cannot load, and says why', () => {
    const reasons: string[] = [];
    const grabber = createScreenGrabber(
      () => {
        throw new Error('libxcb-shm.so.0: cannot open shared object file');
      },
      (reason) => reasons.push(reason),
    );
    expect(grabber.kind).toBe('import');
    expect(reasons).toEqual([expect.stringContaining('libxcb-shm.so.0')]);
    expect(createScreenGrabber(() => fakeLibrary([])).kind).toBe('import');
    expect(createScreenGrabber(() => fakeLibrary([LEFT])).kind).toBe('native');
  });

  it("reads xrandr's monitor list, primary marked", () => {
    const output = 'Monitors: 2\n 0: +*DP-1 1920/527x1080/296+0+0  DP-1\n 1: +HDMI-1 2560/597x1440/336+1920+-200  HDMI-1\n';
    expect(parseXrandrMonitors(output)).toEqual([
      { name: 'DP-1', x: 0, y: 0, width: 1920, height: 1080, primary: true },
      { name: 'HDMI-1', x: 1920, y: -200, width: 2560, height: 1440, primary: false },
    ]);
  });
});

describe('the monitor of the focused window', () => {
  const stack: TopLevelWindow[] = [
    { id: '0x800010', x: 1400, y: 100, width: 900, height: 600, clients: [{ id: '0x600010', app: 'Excel', title: 'Ledger.xlsx' }] },
    { id: '0x800020', x: 100, y: 50, width: 1000, height: 700, clients: [{ id: '0x400020', app: 'Chrome', title: null }] },
  ];

  it('is the one showing most of its frame, else the primary', () => {
    const focus = frameOf(stack, '0x600010');
    expect(focus?.id).toBe('0x800010');
    expect(monitorHolding([LEFT, RIGHT], focus)).toBe(RIGHT);
    // Straddling: 300 pixels on the left, 700 on the right.
    expect(monitorHolding([LEFT, RIGHT], { x: 980, y: 0, width: 1000, height: 100 })).toBe(RIGHT);
    expect(monitorHolding([LEFT, RIGHT], undefined)).toBe(LEFT);
    expect(frameOf(stack, '0x60010')).toBeUndefined();
  });

  it("gives the focused window's rectangle in the monitor's own pixels, and what the other monitor shows", () => {
    expect(withinMonitor(stack[0]!, RIGHT)).toEqual({ x: 120, y: 100, width: 900, height: 600 });
    expect(withinMonitor(stack[0]!, LEFT)).toBeNull();
    expect(topWindowOn(stack, LEFT)).toEqual({ app: 'Chrome', title: '' });
  });
});

describe('the dedup thumbnail from raw pixels', () => {
  it('stays the same through a JPEG re-encoding of the same screen', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#fff"/><rect x="100" y="100" width="500" height="300" fill="#223"/><text x="700" y="500" font-size="40">Invoice 4471</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw: RawImage = { pixels: data, width: info.width, height: info.height, channels: 4 };
    const decoded = await sharp(await encodeRawJpeg(raw))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const fromRaw = fingerprintRaw(raw);
    const fromJpeg = fingerprintRaw({ pixels: decoded.data, width: decoded.info.width, height: decoded.info.height, channels: 3 });
    expect(fromRaw).toMatchObject({ width: 1280, height: 800 });
    expect(changedShare(fromRaw.thumb, fromJpeg.thumb)).toBe(0);
  });

  it('sees a line of text added, and not a re-encoding', async () => {
    const screen = async (extra: string): Promise<RawImage> => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#fff"/><text x="40" y="80" font-size="18">Ledger 2026 row 1 Northwind</text>${extra}</svg>`;
      const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { pixels: data, width: info.width, height: info.height, channels: 3 };
    };
    const before = fingerprintRaw(await screen(''));
    const after = fingerprintRaw(await screen('<text x="40" y="400" font-size="18">APPROVED PAYMENT 4471 RELEASED TO NORTHWIND</text>'));
    const again = fingerprintRaw(await screen(''));
    expect(changedShare(before.thumb, after.thumb)).toBeGreaterThanOrEqual(0.01);
    expect(changedShare(before.thumb, again.thumb)).toBe(0);
    expect(again.hash).toBe(before.hash);
  });
});

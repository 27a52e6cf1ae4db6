import { describe, expect, it } from 'vitest';
import type { ImageArea, RawImage } from '../../src/core/observe/raw-image';
import type { ActiveWindow, Screenshot } from '../../src/core/observe/sources/capture-source';
import type { MonitorArea } from '../../src/core/observe/sources/screen-grabber';
import type { DesktopWindow, WindowReader } from '../../src/core/observe/sources/wayland/desktop-window';
import { MissingPieceError, type WaylandParts } from '../../src/core/observe/sources/wayland/wayland-parts';
import { privateAreas, WaylandSource } from '../../src/core/observe/sources/wayland/wayland-source';
import { damageInLayout } from '../../src/core/observe/sources/wayland/wlr-screencopy';

const win = (id: string, app: string | null, x: number, focused = false, width = 400): DesktopWindow => ({
  id,
  app,
  title: `${app ?? 'unnamed'} window`,
  area: { x, y: 0, width, height: 400 },
  focused,
});

const isPrivate = (w: ActiveWindow): boolean => /keepass/i.test(w.app);

/** A white image of `width`x`height` (logical size times `scale`). */
const white = (width: number, height: number): RawImage => ({ pixels: Buffer.alloc(width * height * 4, 255), width, height, channels: 4 });

function parts(
  windows: DesktopWindow[],
  monitors: MonitorArea[],
  options: { scale?: number; grabber?: () => Promise<never>; drawn?: (monitors: readonly MonitorArea[]) => Promise<ImageArea[]> } = {},
) {
  const grabbed: string[] = [];
  const reader: WindowReader = {
    start: () => Promise.resolve(),
    focused: () => windows.find((w) => w.focused) ?? null,
    visibleWindows: () => Promise.resolve(windows),
    monitors: () => Promise.resolve(monitors),
    close: () => Promise.resolve(),
  };
  const scale = options.scale ?? 1;
  const wayland: WaylandParts = {
    session: { session: 'wayland', compositor: 'sway', name: 'sway', waylandSocket: '/run/wayland-1' },
    compositorName: 'sway',
    windows: reader,
    startGrabber:
      options.grabber ??
      (() =>
        Promise.resolve({
          kind: 'wlr-screencopy' as const,
          grab: (monitor: MonitorArea) => {
            grabbed.push(monitor.name);
            return Promise.resolve(white(monitor.width * scale, monitor.height * scale));
          },
          ...(options.drawn && { drawnSinceLast: options.drawn }),
          close: () => {},
        })),
    startIdle: () => Promise.resolve({ idleSeconds: () => Promise.resolve(3), close: () => {} }),
  };
  return { wayland, grabbed };
}

const pixelAt = (image: RawImage, x: number, y: number): number => image.pixels[(y * image.width + x) * image.channels]!;

describe('private windows on a Wayland desktop', () => {
  it('hides excluded windows and windows that name no app, minus what lies above them', () => {
    const windows = [
      win('float', 'Editor', 300, false, 200),
      win('focus', 'Editor', 0, true),
      win('vault', 'org.keepassxc.KeePassXC', 400),
      win('x', null, 800),
    ];
    const { areas, windows: count } = privateAreas(windows, isPrivate);
    expect(count).toBe(2);
    // The floating editor covers the vault's left 100 pixels.
    expect(areas).toEqual([
      { x: 500, y: 0, width: 300, height: 400 },
      { x: 800, y: 0, width: 400, height: 400 },
    ]);
  });

  it('blacks them out of the screenshot at the monitor scale, and marks the focused window', async () => {
    const monitor = { name: 'DP-1', x: 0, y: 0, width: 1200, height: 400, primary: true };
    const { wayland } = parts([win('focus', 'Editor', 0, true), win('vault', 'KeePassXC', 400)], [monitor], { scale: 2 });
    const source = new WaylandSource(wayland);
    let blackedOut = 0;
    const [shot] = (await source.grabScreens({ monitors: 'focused', isPrivate, onBlackedOut: (n) => (blackedOut = n) })) as Screenshot[];
    expect(shot!.focus).toEqual({ x: 0, y: 0, width: 800, height: 800 });
    expect(pixelAt(shot!.image, 799, 10)).toBe(255);
    expect(pixelAt(shot!.image, 800, 10)).toBe(0);
    expect(pixelAt(shot!.image, 1599, 799)).toBe(0);
    expect(pixelAt(shot!.image, 1600, 10)).toBe(255);
    expect(blackedOut).toBe(1);
    expect(source.grabberInUse()).toEqual({ kind: 'wlr-screencopy', fallbackReason: null });
  });

  it('takes no frame of a monitor beside whose window is excluded or cannot be identified', async () => {
    const monitors = ['A', 'B', 'C'].map((name, i) => ({ name, x: i * 1000, y: 0, width: 1000, height: 400, primary: i === 0 }));
    const { wayland, grabbed } = parts([win('f', 'Editor', 0, true), win('v', 'KeePassXC', 1000), win('n', null, 2000)], monitors);
    const shots = await new WaylandSource(wayland).grabScreens({ monitors: 'all', isPrivate });
    expect(grabbed).toEqual(['A']);
    expect(shots.map((s) => s.monitor)).toEqual(['A']);
  });

  it('refuses to name a focused window that names no app: its frame cannot be checked', async () => {
    const { wayland } = parts([win('n', null, 0, true)], []);
    await expect(new WaylandSource(wayland).activeWindow()).rejects.toThrow(/names no app.*exclusion rules/);
  });
});

describe('missing pieces of a Wayland desktop', () => {
  it('are named in desktop() with their fix once a start found them, and cleared when they work', async () => {
    const missing = new MissingPieceError({ piece: 'screenshots', problem: 'No screenshot tool.', fix: 'Install python3 or grim.' });
    const { wayland } = parts([win('f', 'Editor', 0, true)], [{ name: 'A', x: 0, y: 0, width: 10, height: 10, primary: true }], {
      grabber: () => Promise.reject(missing),
    });
    const source = new WaylandSource(wayland);
    expect(source.desktop()).toEqual({ session: 'wayland', compositor: 'sway', compositorName: 'sway', missing: [] });
    await expect(source.grabScreens({ monitors: 'focused', isPrivate })).rejects.toThrow('No screenshot tool. Install python3 or grim.');
    expect(source.desktop().missing).toEqual([{ piece: 'screenshots', problem: 'No screenshot tool.', fix: 'Install python3 or grim.' }]);
    // Idle and the window still work.
    expect(await source.idleSeconds()).toBe(3);
    expect(await source.activeWindow()).toEqual({ app: 'Editor', title: 'Editor window' });
  });
});

describe('a monitor nothing was drawn on since its last screenshot', () => {
  const monitors = ['A', 'B'].map((name, i) => ({ name, x: i * 640, y: 0, width: 640, height: 400, primary: i === 0 }));
  /** A source whose grabber says `next` was drawn at each call (a thrown error: not known). */
  function source(drawnEachCall: (ImageArea[] | Error)[], shown = monitors) {
    let call = 0;
    const { wayland, grabbed } = parts([win('f', 'Editor', 0, true), win('b', 'Browser', 640)], shown, {
      drawn: () => {
        const next = drawnEachCall[call++] ?? [];
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
    });
    return { wayland, grabbed, source: new WaylandSource(wayland) };
  }
  // A dedup thumbnail cell of a 640x400 monitor is 20x20 pixels (32x20 cells).
  const cell = (x: number, y: number): ImageArea => ({ x, y, width: 20, height: 20 });
  const upTo = (cells: number) => () => cells;

  it('is left out while what was drawn stays within what dedup would drop; taken once more was drawn or it is not known', async () => {
    const { source: wayland, grabbed } = source(
      [
        [],
        [],
        [cell(0, 0), cell(40, 40)],
        [cell(0, 0), cell(40, 40), cell(80, 80), cell(120, 120)],
        new Error('helper gone'),
        [{ x: 0, y: 0, width: 640, height: 400 }],
      ],
      [monitors[0]!],
    );
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await wayland.grabScreens({ monitors: 'focused', isPrivate, unchangedUpTo: upTo(3) }));
    // Never taken before: taken. Then nothing drawn, two cells: left out. Four cells: taken. Not known, the whole monitor: taken.
    expect(results.map((shots) => ('unchanged' in shots[0]! ? 'left out' : 'taken'))).toEqual([
      'taken',
      'left out',
      'left out',
      'taken',
      'taken',
      'taken',
    ]);
    expect(grabbed).toEqual(['A', 'A', 'A', 'A']);
  });

  it("counts the cells drawn since the monitor's last screenshot, not since the last question", async () => {
    const { source: wayland, grabbed } = source([[], [cell(0, 0), cell(40, 40)], [cell(80, 80), cell(120, 120)]], [monitors[0]!]);
    for (let i = 0; i < 3; i++) await wayland.grabScreens({ monitors: 'focused', isPrivate, unchangedUpTo: upTo(3) });
    // 2 cells, then 2 more: 4 since the first screenshot.
    expect(grabbed).toEqual(['A', 'A']);
  });

  it('is always taken when the observer does not ask (no dedup) or the grabber cannot tell', async () => {
    const asked = source([[], [], []], [monitors[0]!]);
    for (let i = 0; i < 3; i++) await asked.source.grabScreens({ monitors: 'focused', isPrivate });
    expect(asked.grabbed).toEqual(['A', 'A', 'A']);
    const { wayland, grabbed } = parts([win('f', 'Editor', 0, true)], [monitors[0]!]);
    const blind = new WaylandSource(wayland);
    for (let i = 0; i < 3; i++) await blind.grabScreens({ monitors: 'focused', isPrivate, unchangedUpTo: upTo(3) });
    expect(grabbed).toEqual(['A', 'A', 'A']);
  });

  it('is told apart per monitor: the one beside is left out while only the focused one was drawn on', async () => {
    const { source: wayland, grabbed } = source([[], [cell(0, 0), { x: 0, y: 0, width: 640, height: 100 }]]);
    await wayland.grabScreens({ monitors: 'all', isPrivate, unchangedUpTo: upTo(3) });
    const second = await wayland.grabScreens({ monitors: 'all', isPrivate, unchangedUpTo: upTo(3) });
    expect(grabbed).toEqual(['A', 'B', 'A']);
    expect(second.map((s) => [s.monitor, s.focused, 'unchanged' in s])).toEqual([
      ['A', true, false],
      ['B', false, true],
    ]);
  });
});

describe('wlr-screencopy damage in layout pixels', () => {
  const monitor = { name: 'HDMI-A-1', x: 1920, y: 0, width: 1280, height: 720, primary: false };
  it("scales the output buffer's boxes to the monitor and covers every pixel they touch", () => {
    expect(damageInLayout({ boxes: [[3, 5, 10, 1]], width: 2560, height: 1440 }, monitor)).toEqual([
      { x: 1921, y: 2, width: 6, height: 1 },
    ]);
    expect(damageInLayout({ boxes: [], width: 2560, height: 1440 }, monitor)).toEqual([]);
  });
  it('gives the whole monitor where the drawing is not known', () => {
    expect(damageInLayout(null, monitor)).toEqual([monitor]);
    expect(damageInLayout({ boxes: [[0, 0, 1, 1]] }, monitor)).toEqual([monitor]);
  });
});

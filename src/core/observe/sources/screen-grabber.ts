import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { RawImage } from '../raw-image';
import type { ScreenArea } from './x11-private-windows';
import { messageOf } from '../../util/message-of';

const run = promisify(execFile);

/** One monitor, in root-window pixels. */
export interface MonitorArea extends ScreenArea {
  /** The name the system gives it (RandR's monitor or output name), recorded with each frame. */
  readonly name: string;
  readonly primary: boolean;
}

/** Takes the pixels of a monitor. The desktop source depends on this, not on a library or a tool. */
export interface ScreenGrabber {
  /**
   * `native`: in-process (node-screenshots); `import`: xrandr + ImageMagick's import, one process per
   * frame; `x11-getimage`: in-process over the app's own X connection (x11-display.ts).
   */
  readonly kind: 'native' | 'import' | 'x11-getimage';
  monitors(): Promise<readonly MonitorArea[]>;
  grab(monitor: MonitorArea): Promise<RawImage>;
}

/** What the grabber uses of node-screenshots (its Monitor class). */
export interface NativeMonitor {
  name(): string;
  x(): number;
  y(): number;
  width(): number;
  height(): number;
  isPrimary(): boolean;
  captureImageSync(): { readonly width: number; readonly height: number; toRawSync(copy?: boolean): Buffer };
}

export interface NativeScreenshots {
  readonly Monitor: { all(): NativeMonitor[] };
}

/** Monitors change when one is plugged in: listing them for every frame would cost more than it tells. */
const MONITORS_TTL_MS = 30_000;

function cached<T>(load: () => Promise<T>): (fresh?: boolean) => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return (fresh = false) => {
    const now = Date.now();
    if (fresh || !entry || now - entry.at > MONITORS_TTL_MS) {
      const value = load();
      entry = { at: now, value };
      // A failed listing is not kept: the next frame asks again.
      value.catch(() => {
        if (entry?.value === value) entry = null;
      });
    }
    return entry.value;
  };
}

const asArea = (m: NativeMonitor): MonitorArea => ({
  name: m.name(),
  x: m.x(),
  y: m.y(),
  width: m.width(),
  height: m.height(),
  primary: m.isPrimary(),
});

/**
 * In-process grabs through node-screenshots (XCB + XShm on X11; also macOS and Windows): ~8 ms of
 * CPU per 1280x800 frame against ~60 ms for spawning `import` (bench/capture-cpu.ts). node-screenshots
 * lists only monitors that own an output; a RandR monitor inside one (a virtual monitor made with
 * `xrandr --setmonitor`, as on a split ultrawide screen) is cropped from it.
 */
export function nativeScreenGrabber(library: NativeScreenshots): ScreenGrabber {
  const nativeMonitors = cached(() => Promise.resolve(library.Monitor.all()));
  return {
    kind: 'native',
    monitors: async () => (await nativeMonitors()).map(asArea),
    async grab(monitor) {
      const holding = (all: NativeMonitor[]): NativeMonitor | undefined =>
        all.find((m) => m.name() === monitor.name) ??
        all.find(
          (m) =>
            m.x() <= monitor.x &&
            m.y() <= monitor.y &&
            m.x() + m.width() >= monitor.x + monitor.width &&
            m.y() + m.height() >= monitor.y + monitor.height,
        );
      // A monitor plugged in since the list was read: read it again before giving up.
      const native = holding(await nativeMonitors()) ?? holding(await nativeMonitors(true));
      if (!native) throw new Error(`no monitor holds ${monitor.name} (${monitor.width}x${monitor.height}+${monitor.x}+${monitor.y})`);
      // The synchronous calls: ~10 ms on the event loop, and a quarter less CPU than the async ones,
      // which hand the work to a thread of their own (bench/capture-cpu.ts).
      const image = native.captureImageSync();
      const pixels = image.toRawSync();
      const whole = { pixels, width: image.width, height: image.height, channels: 4 as const };
      if (native.x() === monitor.x && native.y() === monitor.y && image.width === monitor.width && image.height === monitor.height)
        return whole;
      return cropRaw(whole, { x: monitor.x - native.x(), y: monitor.y - native.y(), width: monitor.width, height: monitor.height });
    },
  };
}

/** The rows and columns of `area` copied out of `image` (clipped to it). */
export function cropRaw(image: RawImage, area: ScreenArea): RawImage {
  const left = Math.max(0, area.x);
  const top = Math.max(0, area.y);
  const width = Math.max(0, Math.min(image.width, area.x + area.width) - left);
  const height = Math.max(0, Math.min(image.height, area.y + area.height) - top);
  const rowBytes = width * image.channels;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * image.channels;
    image.pixels.copy(pixels, y * rowBytes, from, from + rowBytes);
  }
  return { pixels, width, height, channels: image.channels };
}

/** `xrandr --listmonitors` lines: ` 0: +*DP-1 1920/527x1080/296+0+0  DP-1`. */
export function parseXrandrMonitors(output: string): MonitorArea[] {
  const monitors: MonitorArea[] = [];
  for (const line of output.split('\n')) {
    const m = /^\s*\d+:\s+\+?(\*?)(\S+)\s+(\d+)\/\d+x(\d+)\/\d+\+(-?\d+)\+(-?\d+)/.exec(line);
    if (m)
      monitors.push({ primary: m[1] === '*', name: m[2]!, width: Number(m[3]), height: Number(m[4]), x: Number(m[5]), y: Number(m[6]) });
  }
  return monitors;
}

/**
 * The fallback where node-screenshots cannot load: monitors from `xrandr --listmonitors` (every
 * 30 s), pixels from ImageMagick's `import` as raw RGB (no encode in the tool, none to undo here).
 */
export function importScreenGrabber(): ScreenGrabber {
  const list = cached(async () => {
    const { stdout } = await run('xrandr', ['--listmonitors'], { timeout: 5000 });
    const monitors = parseXrandrMonitors(stdout);
    if (monitors.length === 0) throw new Error('xrandr lists no monitor');
    return monitors;
  });
  return {
    kind: 'import',
    monitors: list,
    async grab(monitor) {
      const crop = `${monitor.width}x${monitor.height}+${monitor.x}+${monitor.y}`;
      const { stdout } = await run('import', ['-silent', '-window', 'root', '-crop', crop, '-depth', '8', 'rgb:-'], {
        encoding: 'buffer',
        maxBuffer: 256 * 1024 * 1024,
        timeout: 10_000,
      });
      if (stdout.length !== monitor.width * monitor.height * 3)
        throw new Error(`import gave ${stdout.length} bytes for a ${crop} screen, not ${monitor.width * monitor.height * 3}`);
      return { pixels: stdout, width: monitor.width, height: monitor.height, channels: 3 };
    },
  };
}

export type NativeLoader = () => NativeScreenshots;

const loadNodeScreenshots: NativeLoader = () => createRequire(import.meta.url)('node-screenshots') as NativeScreenshots;

/**
 * node-screenshots where its native binary loads and can list the monitors, else the xrandr +
 * import fallback. `onFallback` hears why (health shows the grabber in use).
 */
export function createScreenGrabber(load: NativeLoader = loadNodeScreenshots, onFallback?: (reason: string) => void): ScreenGrabber {
  try {
    const library = load();
    if (library.Monitor.all().length === 0) throw new Error('it lists no monitor');
    return nativeScreenGrabber(library);
  } catch (error) {
    onFallback?.(`node-screenshots cannot be used (${messageOf(error)}); grabbing with xrandr + import`);
    return importScreenGrabber();
  }
}

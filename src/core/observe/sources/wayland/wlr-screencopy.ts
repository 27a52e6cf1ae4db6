import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { packageRoot } from '../../../package-root';
import type { ImageArea, RawImage } from '../../raw-image';
import type { MonitorArea } from '../screen-grabber';
import type { MonitorGrabber } from './wayland-parts';

const run = promisify(execFile);

/** wl_shm formats: 0 and 1 are ARGB8888 and XRGB8888 (B, G, R, X in memory); the others are DRM fourcc codes. */
const BGRX_FORMATS = new Set([0, 1]);
const RGBX_FORMATS = new Set([0x34324241, 0x34324258]);

export interface ScreencopyFrame {
  readonly format: number;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
  readonly yInvert: boolean;
}

/**
 * The frame's bytes as RGBA rows. B, G, R, X words are byte-swapped to X, R, G, B and the buffer is
 * read one byte on (R, G, B, then the next pixel's X: the fourth byte is never read as colour), all
 * in native copies: no loop over the pixels in JavaScript.
 */
export function screencopyToRgba(bytes: Buffer, frame: ScreencopyFrame): RawImage {
  const { format, width, height, stride, yInvert } = frame;
  const bgrx = BGRX_FORMATS.has(format);
  if (!bgrx && !RGBX_FORMATS.has(format))
    throw new Error(`the compositor offered pixel format 0x${format.toString(16)}, which is not read here`);
  const row = width * 4;
  let pixels = bytes.subarray(0, row * height);
  if (stride !== row || yInvert) {
    pixels = Buffer.allocUnsafe(row * height);
    for (let y = 0; y < height; y++) {
      const from = (yInvert ? height - 1 - y : y) * stride;
      bytes.copy(pixels, y * row, from, from + row);
    }
  }
  if (bgrx) {
    pixels.swap32();
    pixels.copy(pixels, 0, 1);
    pixels[pixels.length - 1] = 255;
  }
  return { pixels, width, height, channels: 4 };
}

/** Where an output was drawn on, in its buffer's pixels (boxes of x, y, width, height). */
interface OutputDamage {
  readonly boxes: readonly (readonly [number, number, number, number])[];
  readonly width?: number;
  readonly height?: number;
}

type HelperAnswer =
  | { readonly outputs: readonly { name: string }[] }
  | { readonly frame: ScreencopyFrame & { readonly pixels: string } }
  | { readonly drawn: OutputDamage | null }
  | { readonly error: string };

/** `damage` of `monitor` in layout pixels (its buffer may be scaled); the whole monitor where it is not known. */
export function damageInLayout(damage: OutputDamage | null, monitor: MonitorArea): ImageArea[] {
  if (damage === null) return [monitor];
  if (damage.boxes.length === 0) return [];
  const { width, height } = damage;
  if (!width || !height) return [monitor];
  const sx = monitor.width / width;
  const sy = monitor.height / height;
  return damage.boxes.map(([x, y, w, h]) => {
    const left = Math.floor(x * sx);
    const top = Math.floor(y * sy);
    return {
      x: monitor.x + left,
      y: monitor.y + top,
      width: Math.ceil((x + w) * sx) - left,
      height: Math.ceil((y + h) * sy) - top,
    };
  });
}

/** The helper's source, run by `python3 -c` (read through Electron's fs, so it may sit in the app's archive). */
const helperSource = (): string => readFileSync(join(packageRoot, 'assets', 'desktops', 'wlroots', 'screencopy.py'), 'utf8');

/**
 * wlr-screencopy through one long-lived helper (assets/desktops/wlroots/screencopy.py): a screenshot
 * costs two lines on a pipe and one read of the shared memory, where grim starts a process,
 * converts every pixel and writes them out (bench/capture-cpu.ts).
 */
export class ScreencopyGrabber implements MonitorGrabber {
  readonly kind = 'wlr-screencopy' as const;
  private readonly answers: ((answer: HelperAnswer) => void)[] = [];
  private exited: Error | null = null;
  private pixelsFd: { path: string; fd: number } | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let answer: HelperAnswer;
      try {
        answer = JSON.parse(line) as HelperAnswer;
      } catch {
        answer = { error: `the screencopy helper printed "${line.slice(0, 200)}"` };
      }
      this.answers.shift()?.(answer);
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', (error) => this.fail(new Error(`the screencopy helper could not run: ${error.message}`)));
    child.on('exit', (code, signal) =>
      this.fail(new Error(`the screencopy helper exited (${signal ?? `code ${code}`})${stderr ? `: ${stderr.trim()}` : ''}`)),
    );
  }

  /** Starts the helper; rejects with why it cannot serve (no python3, the compositor offers no screencopy). */
  static async start(env: NodeJS.ProcessEnv = process.env): Promise<ScreencopyGrabber> {
    const child = spawn('python3', ['-c', helperSource()], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const grabber = new ScreencopyGrabber(child);
    const first = await grabber.next();
    if ('error' in first) {
      grabber.close();
      throw new Error(first.error);
    }
    return grabber;
  }

  grab(monitor: MonitorArea): Promise<RawImage> {
    return this.inTurn(() => this.grabNow(monitor));
  }

  /**
   * Where each monitor was drawn on since the last question (the helper's copy_with_damage watch):
   * none on a still screen, for one round trip to the compositor and no pixel read.
   */
  drawnSinceLast(monitors: readonly MonitorArea[]): Promise<ImageArea[]> {
    return this.inTurn(async () => {
      const areas: ImageArea[] = [];
      for (const monitor of monitors) {
        const reply = await this.ask({ drawn: monitor.name });
        if ('error' in reply) throw new Error(`what was drawn on ${monitor.name} could not be read: ${reply.error}`);
        areas.push(...damageInLayout('drawn' in reply ? reply.drawn : null, monitor));
      }
      return areas;
    });
  }

  close(): void {
    if (this.pixelsFd) closeSync(this.pixelsFd.fd);
    this.pixelsFd = null;
    this.child.stdin?.end();
    this.child.kill();
  }

  /** One request at a time: the helper answers in order, and a grab's pixels stay until it is read. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => {});
    return result;
  }

  private async grabNow(monitor: MonitorArea): Promise<RawImage> {
    const reply = await this.ask({ grab: monitor.name });
    if ('error' in reply) throw new Error(`screencopy of ${monitor.name} failed: ${reply.error}`);
    if (!('frame' in reply)) throw new Error('the screencopy helper answered a grab with no frame');
    const { frame } = reply;
    if (this.pixelsFd?.path !== frame.pixels) {
      if (this.pixelsFd) closeSync(this.pixelsFd.fd);
      this.pixelsFd = { path: frame.pixels, fd: openSync(frame.pixels, 'r') };
    }
    const bytes = Buffer.allocUnsafe(frame.stride * frame.height);
    readSync(this.pixelsFd.fd, bytes, 0, bytes.length, 0);
    return screencopyToRgba(bytes, frame);
  }

  /** One request line to the helper, and its answer. */
  private ask(request: { grab: string } | { drawn: string }): Promise<HelperAnswer> {
    const answer = this.next();
    this.child.stdin!.write(`${JSON.stringify(request)}\n`);
    return answer;
  }

  private next(): Promise<HelperAnswer> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve) => this.answers.push(resolve));
  }

  private fail(error: Error): void {
    this.exited ??= error;
    for (const waiter of this.answers.splice(0)) waiter({ error: error.message });
  }
}

/** `P6\n1280 800\n255\n` then RGB bytes. */
export function parsePpm(data: Buffer): RawImage {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('grim did not print an 8-bit PPM image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = data.subarray(header[0].length);
  if (pixels.length < width * height * 3) throw new Error(`grim printed ${pixels.length} bytes of pixels for a ${width}x${height} screen`);
  return { pixels: pixels.subarray(0, width * height * 3), width, height, channels: 3 };
}

/** One grim process per screenshot, as raw PPM (no PNG to encode and decode): where the helper cannot run. */
export function grimGrabber(env: NodeJS.ProcessEnv = process.env): MonitorGrabber {
  return {
    kind: 'grim',
    async grab(monitor) {
      const { stdout } = await run('grim', ['-t', 'ppm', '-o', monitor.name, '-'], {
        env,
        encoding: 'buffer',
        maxBuffer: 512 * 1024 * 1024,
        timeout: 10_000,
      });
      return parsePpm(stdout);
    },
    close() {},
  };
}

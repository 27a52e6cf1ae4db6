import type { RawImage } from '../raw-image';
import type { MonitorArea, ScreenGrabber } from './screen-grabber';
import { X11Connection, type PixelFormat } from './x11-connection';
import type { ScreenArea } from './x11-private-windows';
import { messageOf } from '../../util/message-of';

/** What MIT-SCREEN-SAVER says: input idle time, and whether the screen saver (or a locker using it) is on. */
export interface SaverInfo {
  readonly idleMs: number;
  readonly saver: 'on' | 'off' | 'disabled';
  /** While `on`: how long ago it came on; null when the server cannot tell (it was switched on by a command). */
  readonly saverOnForMs: number | null;
}

/** While the display cannot be reached: since when, and the error that said so. */
export interface DisplayLoss {
  readonly display: string;
  readonly sinceMs: number;
  readonly message: string;
}

/** How often, at most, a lost display is tried again. */
const RECONNECT_EVERY_MS = 2000;
/** Monitors are re-read at most this often (a plugged monitor shows within this), or at once after a failed grab. */
const MONITORS_TTL_MS = 3000;

const SAVER_STATES = ['off', 'on', 'off', 'disabled'] as const;

/** A screenshot is a big reply: the server is given this long per megapixel to send it. */
const GRAB_TIMEOUT_MS_PER_MEGAPIXEL = 5000;

/** The display's pixel format is not one `grab` reads: screenshots need another way. */
export class UnreadablePixelsError extends Error {
  override readonly name = 'UnreadablePixelsError';
}

/** Whether the desktop source can read a ZPixmap of this format: 32 bits a pixel, 8 bits a colour, on a little-endian host. */
export function readablePixels(format: PixelFormat): boolean {
  return (
    format.bitsPerPixel === 32 &&
    format.lsbFirst &&
    format.redMask === 0xff0000 &&
    format.greenMask === 0xff00 &&
    format.blueMask === 0xff &&
    new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
  );
}

/** A ZPixmap's B, G, R, pad bytes, in place, as the R, G, B, A the grabbers hand over (opaque). */
export function zPixmapToRgba(pixels: Buffer): void {
  const words =
    pixels.byteOffset % 4 === 0
      ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4)
      : new Uint32Array(Uint8Array.from(pixels).buffer);
  for (let i = 0; i < words.length; i++) {
    const v = words[i]!;
    words[i] = 0xff000000 | ((v & 0xff) << 16) | (v & 0xff00) | ((v >>> 16) & 0xff);
  }
  if (pixels.byteOffset % 4 !== 0) Buffer.from(words.buffer).copy(pixels);
}

/** `RRGetMonitors` reply body → monitors (names still atoms). */
export function parseMonitorsReply(
  reply: Buffer,
): { atom: number; primary: boolean; x: number; y: number; width: number; height: number }[] {
  const count = reply.readUInt32LE(12);
  const monitors = [];
  let at = 32;
  for (let i = 0; i < count && at + 24 <= reply.length; i++) {
    monitors.push({
      atom: reply.readUInt32LE(at),
      primary: reply.readUInt8(at + 4) === 1,
      x: reply.readInt16LE(at + 8),
      y: reply.readInt16LE(at + 10),
      width: reply.readUInt16LE(at + 12),
      height: reply.readUInt16LE(at + 14),
    });
    at += 24 + 4 * reply.readUInt16LE(at + 6);
  }
  return monitors;
}

const contains = (outer: MonitorArea, inner: MonitorArea): boolean =>
  outer !== inner &&
  outer.x <= inner.x &&
  outer.y <= inner.y &&
  outer.x + outer.width >= inner.x + inner.width &&
  outer.y + outer.height >= inner.y + inner.height;

/**
 * The monitors a person looks at: RandR's list less any monitor that wholly holds another (an output's
 * own monitor left under the virtual monitors it was split into, as `xrandr --setmonitor … none` does
 * on an ultrawide screen). Two identical areas (mirrored outputs) keep the first.
 */
export function viewedMonitors(monitors: readonly MonitorArea[]): MonitorArea[] {
  const kept = monitors.filter((m) => !monitors.some((other) => contains(m, other) && !contains(other, m)));
  return kept.filter((m, i) => !kept.slice(0, i).some((k) => k.x === m.x && k.y === m.y && k.width === m.width && k.height === m.height));
}

/**
 * One long-lived connection to the X display (x11-connection.ts) answering what the desktop source asks
 * every poll without a process: is the display there, idle time and the screen saver's state, and the
 * RandR monitors. When the server goes away the connection closes at once and `loss` says since when;
 * it is tried again at most every 2 s (`ensure`), and listeners of `onReturn` hear it come back.
 */
export class X11Display {
  private connection: X11Connection | null = null;
  private connecting: Promise<X11Connection> | null = null;
  private lost: DisplayLoss | null = null;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private everConnected = false;
  private opcodes: { saver: number | null; saverEvent: number | null; randr: number | null } | null = null;
  /** The screen saver's state as its events keep it, on the connection they come over; null until first asked. */
  private saverWatch: { connection: X11Connection; saver: SaverInfo['saver']; onSinceMs: number | null } | null = null;
  private monitorsCache: { at: number; value: Promise<MonitorArea[]> } | null = null;
  private readonly atoms = new Map<number, string>();
  private readonly returnListeners: (() => void)[] = [];

  constructor(
    readonly display: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Since when the display is gone (null while connected, and before it was ever reached). */
  get loss(): DisplayLoss | null {
    return this.lost;
  }

  onReturn(listener: () => void): void {
    this.returnListeners.push(listener);
  }

  /** The live connection; reconnects when due; rejects (with `loss` set) while the display is gone. */
  async ensure(): Promise<X11Connection> {
    if (this.connection && !this.connection.isClosed) return this.connection;
    if (this.connecting) return this.connecting;
    const at = this.now();
    if (this.lost && at - this.lastAttemptAt < RECONNECT_EVERY_MS) throw new Error(this.lost.message);
    this.lastAttemptAt = at;
    this.connecting = X11Connection.connect(this.display).then(
      (connection) => this.connected(connection),
      (error: unknown) => {
        this.connecting = null;
        const message = messageOf(error);
        if (this.everConnected) this.lost ??= { display: this.display, sinceMs: at, message };
        else if (this.lost) this.lost = { ...this.lost, message };
        throw error instanceof Error ? error : new Error(message);
      },
    );
    return this.connecting;
  }

  /** Input idle time and the screen saver's state (one round trip). */
  async saverInfo(): Promise<SaverInfo> {
    const connection = await this.ensure();
    const { saver } = await this.extensions(connection);
    if (saver === null) throw new Error(`the X display ${this.display} lacks the MIT-SCREEN-SAVER extension, so idle time cannot be read`);
    const req = Buffer.alloc(8);
    req.writeUInt8(saver, 0);
    req.writeUInt8(1, 1); // ScreenSaverQueryInfo
    req.writeUInt32LE(connection.root, 4);
    const reply = await connection.request(req);
    const state = SAVER_STATES[reply.readUInt8(1)] ?? 'off';
    const idleMs = reply.readUInt32LE(16);
    // The server counts "on since" as idle time less its timeout: negative or beyond the idle time when forced on.
    const since = reply.readInt32LE(12);
    return { saver: state, saverOnForMs: state === 'on' && since >= 0 && since <= idleMs ? since : null, idleMs };
  }

  /**
   * Whether the screen saver is on (and since when), asked every poll: the first call subscribes to
   * MIT-SCREEN-SAVER's notify events and asks once, later ones answer from the events without a round
   * trip (each one woke the X server and this process once a second for a state that changes a few
   * times a day). A new connection subscribes again.
   */
  async screenSaver(): Promise<Omit<SaverInfo, 'idleMs'>> {
    const connection = await this.ensure();
    let watch = this.saverWatch;
    if (watch?.connection !== connection) {
      const { saver, saverEvent } = await this.extensions(connection);
      if (saver === null || saverEvent === null)
        throw new Error(`the X display ${this.display} lacks the MIT-SCREEN-SAVER extension, so the screen saver's state cannot be read`);
      const select = Buffer.alloc(12);
      select.writeUInt8(saver, 0);
      select.writeUInt8(2, 1); // ScreenSaverSelectInput
      select.writeUInt32LE(connection.root, 4);
      select.writeUInt32LE(1, 8); // ScreenSaverNotifyMask
      connection.sendVoid(select);
      // Asked after subscribing, so a change in between comes as an event after this answer.
      const info = await this.saverInfo();
      const fresh = { connection, saver: info.saver, onSinceMs: info.saverOnForMs === null ? null : this.now() - info.saverOnForMs };
      connection.onEvent((event) => {
        if ((event.readUInt8(0) & 0x7f) !== saverEvent) return;
        // ScreenSaverNotify: Off (0), On (1), Cycle (2, still on).
        const state = event.readUInt8(1);
        if (state === 0) Object.assign(fresh, { saver: 'off', onSinceMs: null });
        else if (fresh.saver !== 'on') Object.assign(fresh, { saver: 'on', onSinceMs: this.now() });
      });
      watch = this.saverWatch = fresh;
    }
    return { saver: watch.saver, saverOnForMs: watch.saver === 'on' && watch.onSinceMs !== null ? this.now() - watch.onSinceMs : null };
  }

  /**
   * The pixels of `area` of the root window (GetImage over this connection), as RGBA. node-screenshots
   * keeps the first connection it made for the life of the process, so after the display came back
   * only this can still take a screenshot in-process.
   */
  async grab(area: ScreenArea): Promise<RawImage> {
    const connection = await this.ensure();
    const format = connection.pixels;
    if (!readablePixels(format))
      throw new UnreadablePixelsError(
        `the X display ${this.display} has ${format.bitsPerPixel}-bit pixels of depth ${format.depth}, which Workflow Shadow cannot read over its own connection`,
      );
    const req = Buffer.alloc(20);
    req.writeUInt8(73, 0); // GetImage
    req.writeUInt8(2, 1); // ZPixmap
    req.writeUInt32LE(connection.root, 4);
    req.writeInt16LE(area.x, 8);
    req.writeInt16LE(area.y, 10);
    req.writeUInt16LE(area.width, 12);
    req.writeUInt16LE(area.height, 14);
    req.writeUInt32LE(0xffffffff, 16);
    const megapixels = (area.width * area.height) / 1e6;
    const reply = await connection.request(req, Math.max(2000, Math.ceil(megapixels * GRAB_TIMEOUT_MS_PER_MEGAPIXEL)));
    const bytes = area.width * area.height * 4;
    if (reply.length < 32 + bytes) throw new Error(`the X display ${this.display} sent ${reply.length - 32} bytes for ${bytes} of pixels`);
    const pixels = reply.subarray(32, 32 + bytes);
    zPixmapToRgba(pixels);
    return { pixels, width: area.width, height: area.height, channels: 4 };
  }

  /** RandR's monitors, virtual ones included, as a person sees them (`viewedMonitors`); cached 3 s. */
  monitors(options: { fresh?: boolean } = {}): Promise<MonitorArea[]> {
    const at = this.now();
    const cache = this.monitorsCache;
    if (!options.fresh && cache && at - cache.at < MONITORS_TTL_MS) return cache.value;
    const value = this.readMonitors();
    this.monitorsCache = { at, value };
    value.catch(() => {
      if (this.monitorsCache?.value === value) this.monitorsCache = null;
    });
    return value;
  }

  close(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  private async readMonitors(): Promise<MonitorArea[]> {
    const connection = await this.ensure();
    const { randr } = await this.extensions(connection);
    if (randr === null) throw new Error(`the X display ${this.display} lacks the RandR extension`);
    const req = Buffer.alloc(12);
    req.writeUInt8(randr, 0);
    req.writeUInt8(42, 1); // RRGetMonitors
    req.writeUInt32LE(connection.root, 4);
    req.writeUInt8(1, 8); // active monitors only
    const listed = parseMonitorsReply(await connection.request(req));
    const all: MonitorArea[] = [];
    for (const m of listed) {
      let name = this.atoms.get(m.atom);
      if (name === undefined) this.atoms.set(m.atom, (name = await connection.atomName(m.atom)));
      all.push({ name, primary: m.primary, x: m.x, y: m.y, width: m.width, height: m.height });
    }
    return viewedMonitors(all);
  }

  private async extensions(connection: X11Connection): Promise<{ saver: number | null; saverEvent: number | null; randr: number | null }> {
    if (this.opcodes) return this.opcodes;
    const saverCodes = await connection.extensionCodes('MIT-SCREEN-SAVER');
    const saver = saverCodes?.major ?? null;
    const randr = await connection.extension('RANDR');
    if (randr !== null) {
      // RandR answers a client by the version it announced; monitors need 1.5.
      const req = Buffer.alloc(12);
      req.writeUInt8(randr, 0);
      req.writeUInt8(0, 1); // RRQueryVersion
      req.writeUInt32LE(1, 4);
      req.writeUInt32LE(5, 8);
      await connection.request(req);
    }
    this.opcodes = { saver, saverEvent: saverCodes?.firstEvent ?? null, randr };
    return this.opcodes;
  }

  private connected(connection: X11Connection): X11Connection {
    const returned = this.lost !== null;
    this.connection = connection;
    this.connecting = null;
    this.everConnected = true;
    this.lost = null;
    this.opcodes = null;
    this.saverWatch = null;
    this.atoms.clear();
    this.monitorsCache = null;
    connection.onClose((error) => {
      if (this.connection !== connection) return;
      this.connection = null;
      this.lost ??= { display: this.display, sinceMs: this.now(), message: error.message };
    });
    if (returned) for (const listener of this.returnListeners) listener();
    return connection;
  }
}

/** Screenshots over the display's own connection: the grabber once node-screenshots lost the display for good. */
export function displayScreenGrabber(display: X11Display): ScreenGrabber {
  return { kind: 'x11-getimage', monitors: () => display.monitors(), grab: (monitor) => display.grab(monitor) };
}

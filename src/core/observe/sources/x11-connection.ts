import { createConnection, type Socket } from 'node:net';
import { localCookie } from './x11-auth';
import { messageOf } from '../../util/message-of';

/** Where DISPLAY points: `:1`, `:1.0`, `unix:1` (a local socket) or `host:1` (TCP port 6001). */
export function parseDisplay(display: string): { host: string | null; number: string; screen: number } {
  const m = /^([^:]*):(\d+)(?:\.(\d+))?$/.exec(display.trim());
  if (!m) throw new Error(`DISPLAY "${display}" is not of the form [host]:number[.screen]`);
  const host = m[1] === '' || m[1] === 'unix' ? null : m[1]!;
  return { host, number: m[2]!, screen: Number(m[3] ?? 0) };
}

const pad4 = (n: number): number => (4 - (n % 4)) % 4;

interface Pending {
  readonly resolve: (reply: Buffer) => void;
  readonly reject: (error: Error) => void;
}

/** How the root window's pixels come in a ZPixmap image: only what the desktop source can read is described. */
export interface PixelFormat {
  readonly depth: number;
  readonly bitsPerPixel: number;
  readonly lsbFirst: boolean;
  readonly redMask: number;
  readonly greenMask: number;
  readonly blueMask: number;
}

/** The server answered a request with an error (`code`: BadWindow is 3, BadAtom 5, …). */
export class X11ProtocolError extends Error {
  override readonly name = 'X11ProtocolError';
  constructor(
    readonly code: number,
    readonly majorOpcode: number,
    readonly minorOpcode: number,
  ) {
    super(`X error ${code} for request ${majorOpcode}.${minorOpcode}`);
  }
}

/** Packets up to this size come from Node's shared buffer pool; larger ones (a screenshot) get memory of their own. */
const POOLED_UP_TO = 4096;
/** Size of the socket's one read buffer. */
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * A minimal X11 protocol client over one socket: the requests the desktop source needs (extension
 * queries, MIT-SCREEN-SAVER's idle and saver state, RandR's monitors, atom names) as round trips,
 * without a process per question, and the events a request subscribed to (`onEvent`). It speaks
 * little-endian; requests with a reply go through `request`, the one without (a subscription) `sendVoid`. The socket closing is how a display that went away is noticed at once (`onClose`).
 */
export class X11Connection {
  /** The start of a packet whose first 32 bytes have not all come yet. */
  private readonly head = Buffer.alloc(32);
  private headFilled = 0;
  /** A packet longer than what has come of it so far (a screenshot comes over many reads). */
  private partial: { readonly packet: Buffer; filled: number } | null = null;
  private sequence = 0;
  private readonly pending = new Map<number, Pending>();
  private closedError: Error | null = null;
  private readonly closeListeners: ((error: Error) => void)[] = [];
  private readonly eventListeners: ((event: Buffer) => void)[] = [];
  /** Ids this client has given to resources it created (the setup reply says which ids are its own). */
  private idsUsed = 0;

  private constructor(
    private readonly socket: Socket,
    /** The root window of the display's screen. */
    readonly root: number,
    /** How the root window's pixels are laid out. */
    readonly pixels: PixelFormat,
    readonly display: string,
    private readonly timeoutMs: number,
    reads: ReadSink,
    private readonly ids: { readonly base: number; readonly mask: number },
  ) {
    reads.deliver = (data) => this.receive(data);
    socket.on('error', (error) => this.closed(new Error(`the connection to X display ${display} failed: ${error.message}`)));
    socket.on('close', () => this.closed(new Error(`the X display ${display} closed the connection`)));
  }

  /** Connects to `display` (DISPLAY's value); rejects with the server's reason when it refuses. */
  static async connect(display: string, options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<X11Connection> {
    const { host, number, screen } = parseDisplay(display);
    const timeoutMs = options.timeoutMs ?? 2000;
    const reads: ReadSink = { deliver: () => undefined };
    const socket = await openSocket(host, number, timeoutMs, reads);
    try {
      const cookie = host === null ? localCookie(number, options.env) : null;
      const setup = await handshake(socket, cookie, timeoutMs, reads);
      const { root, pixels } = screenOf(setup, screen, display);
      const ids = { base: setup.readUInt32LE(12), mask: setup.readUInt32LE(16) };
      return new X11Connection(socket, root, pixels, display, timeoutMs, reads, ids);
    } catch (error) {
      socket.destroy();
      throw new Error(`could not open X display ${display}: ${messageOf(error)}`);
    }
  }

  /** A new id for a resource this client creates (a region, a damage object). */
  newId(): number {
    const { base, mask } = this.ids;
    // The mask's lowest set bit is the step between ids.
    const id = (base | (++this.idsUsed * (mask & -mask))) >>> 0;
    if ((id & ~mask) >>> 0 !== base >>> 0) throw new Error(`the X display ${this.display} has no resource ids left for this client`);
    return id;
  }

  get isClosed(): boolean {
    return this.closedError !== null;
  }

  /** Called once, when the connection ends for any reason (the server died, a request hung, `close`). */
  onClose(listener: (error: Error) => void): void {
    if (this.closedError) listener(this.closedError);
    else this.closeListeners.push(listener);
  }

  /** Hears every event the server sends (32 bytes each; only those some request selected come). */
  onEvent(listener: (event: Buffer) => void): void {
    this.eventListeners.push(listener);
  }

  close(): void {
    this.socket.destroy();
    this.closed(new Error(`the connection to X display ${this.display} was closed`));
  }

  /**
   * Sends one request (its length field filled in here) and resolves with the whole reply. A server
   * that does not answer within `timeoutMs` (default: the connection's) is as good as gone: the
   * connection is dropped, and reconnected later.
   */
  request(bytes: Buffer, timeoutMs = this.timeoutMs): Promise<Buffer> {
    if (this.closedError) return Promise.reject(this.closedError);
    bytes.writeUInt16LE(bytes.length / 4, 2);
    this.sequence = (this.sequence + 1) & 0xffff;
    const seq = this.sequence;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Timers run before sockets are read: after this process was stopped or starved, the reply
        // may be waiting unread. It is read first (setImmediate runs after the poll for I/O).
        setImmediate(() => {
          if (!this.pending.has(seq)) return;
          this.socket.destroy();
          this.closed(new Error(`the X display ${this.display} did not answer within ${timeoutMs} ms`));
        });
      }, timeoutMs);
      this.pending.set(seq, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.write(bytes);
    });
  }

  /** Sends a request that has no reply (its length field filled in here); an error it causes is ignored. */
  sendVoid(bytes: Buffer): void {
    if (this.closedError) throw this.closedError;
    bytes.writeUInt16LE(bytes.length / 4, 2);
    this.sequence = (this.sequence + 1) & 0xffff;
    this.write(bytes);
  }

  /**
   * Requests made in one tick leave in one write: a window stack is a few dozen small requests at
   * once, and a system call each cost more than building them.
   */
  private write(bytes: Buffer): void {
    if (this.socket.writableCorked === 0) {
      this.socket.cork();
      process.nextTick(() => this.socket.uncork());
    }
    this.socket.write(bytes);
  }

  /** The major opcode of extension `name`, or null when the server lacks it. */
  async extension(name: string): Promise<number | null> {
    return (await this.extensionCodes(name))?.major ?? null;
  }

  /** The major opcode of extension `name` and the code of its first event, or null when the server lacks it. */
  async extensionCodes(name: string): Promise<{ major: number; firstEvent: number } | null> {
    const nameBytes = Buffer.from(name, 'latin1');
    const req = Buffer.alloc(8 + nameBytes.length + pad4(nameBytes.length));
    req.writeUInt8(98, 0); // QueryExtension
    req.writeUInt16LE(nameBytes.length, 4);
    nameBytes.copy(req, 8);
    const reply = await this.request(req);
    return reply.readUInt8(8) === 1 ? { major: reply.readUInt8(9), firstEvent: reply.readUInt8(10) } : null;
  }

  async atomName(atom: number): Promise<string> {
    const req = Buffer.alloc(8);
    req.writeUInt8(17, 0); // GetAtomName
    req.writeUInt32LE(atom, 4);
    const reply = await this.request(req);
    return reply.toString('latin1', 32, 32 + reply.readUInt16LE(8));
  }

  /**
   * Bytes as they arrive, in the socket's one read buffer (valid only during this call: reads reuse it,
   * so no buffer is allocated per read). Each packet is copied once into a buffer of its own size: a
   * screenshot's reply of megabytes is one allocation filled in place, not dozens of read-sized pieces
   * joined after (those pieces cost V8's helper threads more than the grab itself).
   */
  private receive(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.partial) {
        const { packet } = this.partial;
        const n = Math.min(packet.length - this.partial.filled, data.length - at);
        data.copy(packet, this.partial.filled, at, at + n);
        this.partial.filled += n;
        at += n;
        if (this.partial.filled < packet.length) return;
        this.partial = null;
        this.dispatch(packet);
        continue;
      }
      // A packet's first 32 bytes say its length; they may come split over two reads.
      let header: Buffer;
      if (this.headFilled > 0 || data.length - at < 32) {
        const n = Math.min(32 - this.headFilled, data.length - at);
        data.copy(this.head, this.headFilled, at, at + n);
        this.headFilled += n;
        at += n;
        if (this.headFilled < 32) return;
        this.headFilled = 0;
        header = this.head;
      } else {
        header = data.subarray(at, at + 32);
        at += 32;
      }
      const kind = header.readUInt8(0);
      // Replies (1) and generic events (35) carry extra 4-byte units; errors and other events are 32 bytes.
      const length = kind === 1 || (kind & 0x7f) === 35 ? 32 + 4 * header.readUInt32LE(4) : 32;
      const packet = length > POOLED_UP_TO ? Buffer.allocUnsafeSlow(length) : Buffer.allocUnsafe(length);
      header.copy(packet, 0, 0, 32);
      const n = Math.min(length - 32, data.length - at);
      data.copy(packet, 32, at, at + n);
      at += n;
      if (32 + n < length) {
        this.partial = { packet, filled: 32 + n };
        return;
      }
      this.dispatch(packet);
    }
  }

  /** One whole packet: an event to the listeners, a reply or error to the request waiting for it. */
  private dispatch(packet: Buffer): void {
    const kind = packet.readUInt8(0);
    if (kind > 1) {
      for (const listener of this.eventListeners) listener(packet);
      return;
    }
    const seq = packet.readUInt16LE(2);
    const waiting = this.pending.get(seq);
    if (!waiting) return;
    this.pending.delete(seq);
    if (kind === 1) waiting.resolve(packet);
    else waiting.reject(new X11ProtocolError(packet.readUInt8(1), packet.readUInt8(10), packet.readUInt16LE(8)));
  }

  private closed(error: Error): void {
    if (this.closedError) return;
    this.closedError = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    for (const listener of this.closeListeners.splice(0)) listener(error);
  }
}

/** Where the socket's reads go: the connection setup first, then the connection. */
interface ReadSink {
  deliver: (data: Buffer) => void;
}

function openSocket(host: string | null, number: string, timeoutMs: number, reads: ReadSink): Promise<Socket> {
  // One read buffer for the life of the socket (`onread`): reads allocate nothing.
  const onread = {
    buffer: Buffer.alloc(READ_BUFFER_BYTES),
    callback: (n: number, buffer: Buffer): boolean => {
      reads.deliver(buffer.subarray(0, n));
      return true;
    },
  };
  const tryOne = (options: { path: string } | { host: string; port: number }): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = createConnection({ ...options, onread });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('no answer'));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  if (host !== null) return tryOne({ host, port: 6000 + Number(number) });
  const path = `/tmp/.X11-unix/X${number}`;
  // Linux servers also listen on the abstract socket of the same name, which a sandbox may leave reachable.
  return tryOne({ path }).catch(async (error: Error) => {
    if (process.platform !== 'linux') throw error;
    try {
      return await tryOne({ path: `\0${path}` });
    } catch {
      throw error;
    }
  });
}

function handshake(socket: Socket, cookie: { name: string; data: Buffer } | null, timeoutMs: number, reads: ReadSink): Promise<Buffer> {
  const name = Buffer.from(cookie?.name ?? '', 'latin1');
  const data = cookie?.data ?? Buffer.alloc(0);
  const req = Buffer.alloc(12 + name.length + pad4(name.length) + data.length + pad4(data.length));
  req.write('l', 0, 'latin1');
  req.writeUInt16LE(11, 2);
  req.writeUInt16LE(0, 4);
  req.writeUInt16LE(name.length, 6);
  req.writeUInt16LE(data.length, 8);
  name.copy(req, 12);
  data.copy(req, 12 + name.length + pad4(name.length));
  return new Promise<Buffer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const done = (error: Error | null, setup?: Buffer): void => {
      clearTimeout(timer);
      reads.deliver = () => undefined;
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve(setup!);
    };
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 8) return;
      const total = 8 + 4 * received.readUInt16LE(6);
      if (received.length < total) return;
      const status = received.readUInt8(0);
      if (status === 1) return done(null, received.subarray(0, total));
      const reason = received.toString('latin1', 8, 8 + (status === 0 ? received.readUInt8(1) : total - 8)).replace(/\0+$/, '');
      done(new Error(`the server refused the connection: ${reason.trim() || 'no reason given'}`));
    };
    const onClose = (): void => done(new Error('the server closed the connection during setup'));
    const timer = setTimeout(() => done(new Error('the server did not answer the connection setup')), timeoutMs);
    reads.deliver = onData;
    socket.once('close', onClose);
    socket.write(req);
  });
}

/** The root window of `screen` in the connection setup reply, and how its pixels are laid out. */
export function screenOf(setup: Buffer, screen: number, display: string): { root: number; pixels: PixelFormat } {
  const vendorLength = setup.readUInt16LE(24);
  const screens = setup.readUInt8(28);
  const formatCount = setup.readUInt8(29);
  if (screen >= screens) throw new Error(`X display ${display} has no screen ${screen}`);
  const formatsAt = 40 + vendorLength + pad4(vendorLength);
  let at = formatsAt + 8 * formatCount;
  for (let i = 0; i < screen; i++) {
    const depths = setup.readUInt8(at + 39);
    at += 40;
    for (let d = 0; d < depths; d++) at += 8 + 24 * setup.readUInt16LE(at + 2);
  }
  const root = setup.readUInt32LE(at);
  const rootVisual = setup.readUInt32LE(at + 32);
  const depth = setup.readUInt8(at + 38);
  let bitsPerPixel = 0;
  for (let f = 0; f < formatCount; f++)
    if (setup.readUInt8(formatsAt + 8 * f) === depth) bitsPerPixel = setup.readUInt8(formatsAt + 8 * f + 1);
  const masks = { redMask: 0, greenMask: 0, blueMask: 0 };
  let depthAt = at + 40;
  for (let d = 0; d < setup.readUInt8(at + 39); d++) {
    const visuals = setup.readUInt16LE(depthAt + 2);
    for (let v = 0; v < visuals; v++) {
      const visualAt = depthAt + 8 + 24 * v;
      if (setup.readUInt32LE(visualAt) !== rootVisual) continue;
      masks.redMask = setup.readUInt32LE(visualAt + 8);
      masks.greenMask = setup.readUInt32LE(visualAt + 12);
      masks.blueMask = setup.readUInt32LE(visualAt + 16);
    }
    depthAt += 8 + 24 * visuals;
  }
  return { root, pixels: { depth, bitsPerPixel, lsbFirst: setup.readUInt8(30) === 0, ...masks } };
}

import { connect, type Socket } from 'node:net';

/**
 * A Wayland client connection for the protocols that pass no file descriptor (Node cannot send
 * one over a Unix socket): the registry and the idle protocols. Each message is the object's id,
 * then its size and opcode in one 32-bit word, then its arguments, each padded to 4 bytes.
 */
const DISPLAY_ID = 1;

export type WireArg = { readonly uint: number } | { readonly int: number } | { readonly string: string };

export function encodeWireMessage(objectId: number, opcode: number, args: readonly WireArg[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const arg of args) {
    if ('string' in arg) {
      const text = Buffer.from(`${arg.string}\0`, 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32LE(text.length);
      parts.push(head, text, Buffer.alloc((4 - (text.length % 4)) % 4));
    } else {
      const word = Buffer.alloc(4);
      if ('uint' in arg) word.writeUInt32LE(arg.uint);
      else word.writeInt32LE(arg.int);
      parts.push(word);
    }
  }
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32LE(objectId, 0);
  header.writeUInt32LE(((body.length + 8) << 16) | opcode, 4);
  return Buffer.concat([header, body]);
}

/** Reads a string argument at `offset`; returns it and the offset after its padding. */
export function readWireString(body: Buffer, offset: number): { text: string; next: number } {
  const length = body.readUInt32LE(offset);
  const text = body.subarray(offset + 4, offset + 4 + Math.max(0, length - 1)).toString('utf8');
  return { text, next: offset + 4 + length + ((4 - (length % 4)) % 4) };
}

export interface WireGlobal {
  readonly name: number;
  readonly interface: string;
  readonly version: number;
}

type EventHandler = (opcode: number, body: Buffer) => void;

/** One connection to the compositor: globals listed once at `open`, objects bound and their events dispatched by id. */
export class WaylandWire {
  private readonly handlers = new Map<number, EventHandler>();
  private nextId = 2;
  private pending: Buffer = Buffer.alloc(0);
  private closedBy: Error | null = null;
  private registryId = 0;
  readonly globals: WireGlobal[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly onClose: (error: Error) => void,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.close(new Error(`the Wayland connection failed: ${error.message}`)));
    socket.on('close', () => this.close(new Error('the compositor closed the Wayland connection')));
    this.handlers.set(DISPLAY_ID, (opcode, body) => {
      if (opcode === 0) {
        const message = readWireString(body, 8).text;
        this.close(
          new Error(`the compositor reported a protocol error (${body.readUInt32LE(4)} on object ${body.readUInt32LE(0)}): ${message}`),
        );
      }
    });
  }

  /** Connects to `socketPath` and lists the compositor's globals. */
  static async open(socketPath: string, onClose: (error: Error) => void = () => {}): Promise<WaylandWire> {
    const socket = connect(socketPath);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', (error) => reject(new Error(`cannot connect to the Wayland socket ${socketPath}: ${error.message}`)));
    });
    const wire = new WaylandWire(socket, onClose);
    wire.registryId = wire.allocate((opcode, body) => {
      if (opcode !== 0) return;
      const { text, next } = readWireString(body, 4);
      wire.globals.push({ name: body.readUInt32LE(0), interface: text, version: body.readUInt32LE(next) });
    });
    wire.send(DISPLAY_ID, 1, [{ uint: wire.registryId }]);
    await wire.roundtrip();
    return wire;
  }

  global(name: string): WireGlobal | undefined {
    return this.globals.find((g) => g.interface === name);
  }

  /** Binds a global at `version` (at most what it offers); events of the new object go to `handler`. */
  bind(global: WireGlobal, version: number, handler: EventHandler = () => {}): number {
    const id = this.allocate(handler);
    this.send(this.registryId, 0, [
      { uint: global.name },
      { string: global.interface },
      { uint: Math.min(version, global.version) },
      { uint: id },
    ]);
    return id;
  }

  /** An id for an object a request creates (its new_id argument). */
  allocate(handler: EventHandler = () => {}): number {
    const id = this.nextId++;
    this.handlers.set(id, handler);
    return id;
  }

  send(objectId: number, opcode: number, args: readonly WireArg[] = []): void {
    if (this.closedBy) throw this.closedBy;
    this.socket.write(encodeWireMessage(objectId, opcode, args));
  }

  /** Resolves once the compositor has handled every request sent before. */
  roundtrip(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closedBy) return reject(this.closedBy);
      const id = this.allocate(() => {
        this.handlers.delete(id);
        resolve();
      });
      this.send(DISPLAY_ID, 0, [{ uint: id }]);
    });
  }

  get error(): Error | null {
    return this.closedBy;
  }

  close(reason = new Error('the Wayland connection was closed')): void {
    if (this.closedBy) return;
    this.closedBy = reason;
    this.socket.destroy();
    this.onClose(reason);
  }

  private receive(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 8) {
      const size = this.pending.readUInt32LE(4) >>> 16;
      if (size < 8) return this.close(new Error('the compositor sent a malformed Wayland message'));
      if (this.pending.length < size) break;
      const objectId = this.pending.readUInt32LE(0);
      const opcode = this.pending.readUInt32LE(4) & 0xffff;
      const body = this.pending.subarray(8, size);
      this.pending = this.pending.subarray(size);
      this.handlers.get(objectId)?.(opcode, body);
    }
  }
}

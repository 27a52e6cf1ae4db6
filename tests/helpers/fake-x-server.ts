import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

const pad4 = (n: number): number => (4 - (n % 4)) % 4;

export interface SetupOptions {
  readonly rootDepth: number;
  readonly bitsPerPixel: number;
  readonly lsbFirst?: boolean;
  readonly masks?: readonly [number, number, number];
  readonly root?: number;
}

/**
 * A connection setup reply as an X server sends it: a vendor, two pixmap formats (depth 1 and the
 * root's), and one screen whose root visual is the second of two in the root's depth.
 */
export function setupReply({
  rootDepth,
  bitsPerPixel,
  lsbFirst = true,
  masks = [0xff0000, 0xff00, 0xff],
  root = 0x4a1,
}: SetupOptions): Buffer {
  const vendor = Buffer.from('Test Server', 'latin1');
  const head = Buffer.alloc(40);
  head.writeUInt8(1, 0);
  head.writeUInt16LE(11, 2);
  head.writeUInt16LE(vendor.length, 24);
  head.writeUInt8(1, 28); // one screen
  head.writeUInt8(2, 29); // two formats
  head.writeUInt8(lsbFirst ? 0 : 1, 30);
  const formats = Buffer.alloc(16);
  formats.writeUInt8(1, 0);
  formats.writeUInt8(1, 1);
  formats.writeUInt8(rootDepth, 8);
  formats.writeUInt8(bitsPerPixel, 9);
  const screen = Buffer.alloc(40);
  screen.writeUInt32LE(root, 0);
  screen.writeUInt16LE(1280, 20);
  screen.writeUInt16LE(800, 22);
  screen.writeUInt32LE(0x22, 32); // root visual
  screen.writeUInt8(rootDepth, 38);
  screen.writeUInt8(1, 39); // one depth
  const depth = Buffer.alloc(8 + 2 * 24);
  depth.writeUInt8(rootDepth, 0);
  depth.writeUInt16LE(2, 2);
  depth.writeUInt32LE(0x21, 8); // another visual, other masks
  depth.writeUInt32LE(0x7c00, 16);
  depth.writeUInt32LE(0x22, 32);
  depth.writeUInt32LE(masks[0], 40);
  depth.writeUInt32LE(masks[1], 44);
  depth.writeUInt32LE(masks[2], 48);
  const reply = Buffer.concat([head, vendor, Buffer.alloc(pad4(vendor.length)), formats, screen, depth]);
  reply.writeUInt16LE((reply.length - 8) / 4, 6);
  return reply;
}

/**
 * A reply packet: `byte1` (the reply's one-byte field), `fields` (bytes 8–31: the fixed part) and
 * `extra` (what follows, padded to 4 bytes).
 */
export function xReply(seq: number, byte1: number, fields: Buffer, extra: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(32);
  head.writeUInt8(1, 0);
  head.writeUInt8(byte1, 1);
  head.writeUInt16LE(seq, 2);
  const padded = Buffer.concat([extra, Buffer.alloc(pad4(extra.length))]);
  head.writeUInt32LE(padded.length / 4, 4);
  fields.copy(head, 8, 0, Math.min(fields.length, 24));
  return Buffer.concat([head, padded]);
}

/** An error packet: `code` (BadWindow 3, …) for the request `seq` of opcode `major`. */
export function xError(seq: number, code: number, major: number, value = 0): Buffer {
  const packet = Buffer.alloc(32);
  packet.writeUInt8(0, 0);
  packet.writeUInt8(code, 1);
  packet.writeUInt16LE(seq, 2);
  packet.writeUInt32LE(value, 4);
  packet.writeUInt8(major, 10);
  return packet;
}

export interface FakeXServer {
  readonly server: Server;
  /** `127.0.0.1:N`: TCP port 6000 + N. */
  readonly display: string;
  /** Every request, whole, in the order it came. */
  readonly requests: Buffer[];
  /** How many reads the requests came in (requests sent together come in one). */
  readonly chunks: () => number;
  readonly sockets: Socket[];
  close(): void;
}

/**
 * A stand-in X server on 127.0.0.1: accepts the connection with `setup`, then cuts what comes into
 * requests by their length field and hands each to `answer` with its sequence number; what that
 * returns (a reply or an error packet, or several pieces of one) is written back, nothing for a
 * request without a reply.
 */
export async function startFakeXServer(
  setup: Buffer,
  answer: (request: Buffer, seq: number) => Buffer | Buffer[] | null,
): Promise<FakeXServer> {
  const requests: Buffer[] = [];
  const sockets: Socket[] = [];
  let chunks = 0;
  const server = createServer((socket) => {
    sockets.push(socket);
    let setupDone = false;
    let pending = Buffer.alloc(0);
    let seq = 0;
    socket.on('data', (chunk: Buffer) => {
      if (!setupDone) {
        setupDone = true;
        socket.write(setup);
        return;
      }
      chunks++;
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const length = 4 * pending.readUInt16LE(2);
        if (length === 0 || pending.length < length) break;
        const request = pending.subarray(0, length);
        pending = pending.subarray(length);
        requests.push(request);
        seq = (seq + 1) & 0xffff;
        const out = answer(request, seq);
        for (const piece of out === null ? [] : Array.isArray(out) ? out : [out]) socket.write(piece);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    display: `127.0.0.1:${port - 6000}`,
    requests,
    chunks: () => chunks,
    sockets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

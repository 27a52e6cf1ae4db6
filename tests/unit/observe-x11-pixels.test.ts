import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { screenOf, type PixelFormat } from '../../src/core/observe/sources/x11-connection';
import { readablePixels, UnreadablePixelsError, X11Display, zPixmapToRgba } from '../../src/core/observe/sources/x11-display';
import { setupReply } from '../helpers/fake-x-server';

describe("the root window's pixel format", () => {
  it('is read from the connection setup: depth, bits per pixel, byte order and the root visual’s masks', () => {
    expect(screenOf(setupReply({ rootDepth: 24, bitsPerPixel: 32 }), 0, ':5')).toEqual({
      root: 0x4a1,
      pixels: { depth: 24, bitsPerPixel: 32, lsbFirst: true, redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff },
    });
    expect(
      screenOf(setupReply({ rootDepth: 16, bitsPerPixel: 16, lsbFirst: false, masks: [0xf800, 0x7e0, 0x1f] }), 0, ':5').pixels,
    ).toEqual({
      depth: 16,
      bitsPerPixel: 16,
      lsbFirst: false,
      redMask: 0xf800,
      greenMask: 0x7e0,
      blueMask: 0x1f,
    });
    expect(() => screenOf(setupReply({ rootDepth: 24, bitsPerPixel: 32 }), 1, ':5')).toThrow(/X display :5 has no screen 1/);
  });

  it('is readable in-process only as 32-bit pixels with 8-bit colours in the usual order', () => {
    const usual: PixelFormat = { depth: 24, bitsPerPixel: 32, lsbFirst: true, redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff };
    expect(readablePixels(usual)).toBe(true);
    expect(readablePixels({ ...usual, depth: 32 })).toBe(true);
    expect(readablePixels({ ...usual, bitsPerPixel: 24 })).toBe(false);
    expect(readablePixels({ ...usual, lsbFirst: false })).toBe(false);
    expect(readablePixels({ ...usual, redMask: 0xff, blueMask: 0xff0000 })).toBe(false);
    expect(readablePixels({ depth: 16, bitsPerPixel: 16, lsbFirst: true, redMask: 0xf800, greenMask: 0x7e0, blueMask: 0x1f })).toBe(false);
  });

  it("turns a ZPixmap's blue, green, red, pad bytes into opaque RGBA in place, aligned or not", () => {
    const bgrx = [0x10, 0x20, 0x30, 0x00, 0xff, 0x00, 0x80, 0x7f];
    const rgba = [0x30, 0x20, 0x10, 0xff, 0x80, 0x00, 0xff, 0xff];
    const aligned = Buffer.from(bgrx);
    zPixmapToRgba(aligned);
    expect([...aligned]).toEqual(rgba);
    const unaligned = Buffer.from([0xaa, ...bgrx, 0xbb]).subarray(1, 9);
    zPixmapToRgba(unaligned);
    expect([...unaligned]).toEqual(rgba);
    expect([...Buffer.from(unaligned.buffer, unaligned.byteOffset - 1, 10)].at(-1)).toBe(0xbb);
  });
});

/**
 * A stand-in X server on 127.0.0.1 (display `127.0.0.1:N` is TCP port 6000 + N): it accepts the
 * connection with `setup`, then answers GetImage with an event and a gradient (each pixel's bytes B, G,
 * R, pad) in one stream written in pieces of `pieceBytes`, the way a big reply arrives (a piece may end
 * inside a packet's first 32 bytes, or hold the end of one packet and the start of the next).
 */
async function fakeServer(
  setup: Buffer,
  pieceBytes = 7000,
): Promise<{ server: Server; display: string; requests: Buffer[]; sockets: Socket[] }> {
  const requests: Buffer[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    let setupDone = false;
    socket.on('data', (chunk: Buffer) => {
      if (!setupDone) {
        setupDone = true;
        socket.write(setup);
        return;
      }
      requests.push(chunk);
      const seq = requests.length;
      if (chunk.readUInt8(0) !== 73) return;
      const width = chunk.readUInt16LE(12);
      const height = chunk.readUInt16LE(14);
      const data = Buffer.alloc(width * height * 4);
      for (let i = 0; i < width * height; i++) data.writeUInt32LE(((i % 251) << 16) | ((i % 13) << 8) | (i % 7), 4 * i);
      const head = Buffer.alloc(32);
      head.writeUInt8(1, 0);
      head.writeUInt8(24, 1);
      head.writeUInt16LE(seq, 2);
      head.writeUInt32LE(data.length / 4, 4);
      const event = Buffer.alloc(32);
      event.writeUInt8(28, 0); // PropertyNotify
      event.writeUInt16LE(seq, 2);
      const reply = Buffer.concat([event, head, data]);
      void (async () => {
        for (let at = 0; at < reply.length; at += pieceBytes) {
          socket.write(reply.subarray(at, at + pieceBytes));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, display: `127.0.0.1:${port - 6000}`, requests, sockets };
}

describe('a screenshot over the own X connection', () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it('asks GetImage for the area and hands over its pixels as RGBA, however the reply is cut', async () => {
    const fake = await fakeServer(setupReply({ rootDepth: 24, bitsPerPixel: 32 }));
    const display = new X11Display(fake.display);
    stop = () => {
      display.close();
      fake.server.close();
    };
    const image = await display.grab({ x: 40, y: 8, width: 300, height: 90 });
    expect(image).toMatchObject({ width: 300, height: 90, channels: 4 });
    expect(image.pixels.length).toBe(300 * 90 * 4);
    for (const i of [0, 1, 250, 251, 12_345, 300 * 90 - 1]) {
      expect([...image.pixels.subarray(4 * i, 4 * i + 4)]).toEqual([i % 251, i % 13, i % 7, 0xff]);
    }
    const request = fake.requests[0]!;
    expect(request.readUInt8(0)).toBe(73);
    expect(request.readUInt8(1)).toBe(2); // ZPixmap
    expect(request.readUInt32LE(4)).toBe(0x4a1);
    expect([request.readInt16LE(8), request.readInt16LE(10), request.readUInt16LE(12), request.readUInt16LE(14)]).toEqual([40, 8, 300, 90]);
    // A second one on the same connection: the first reply left nothing behind.
    const again = await display.grab({ x: 0, y: 0, width: 16, height: 16 });
    expect([...again.pixels.subarray(4 * 15, 4 * 16)]).toEqual([15, 2, 1, 0xff]);
    expect(fake.sockets.length).toBe(1);
  });

  it('reads packets whose first bytes come split over reads, and an event and a reply from one read', async () => {
    for (const pieceBytes of [13, 45, 32 + 32 + 16 * 16 * 4 + 5]) {
      const fake = await fakeServer(setupReply({ rootDepth: 24, bitsPerPixel: 32 }), pieceBytes);
      const display = new X11Display(fake.display);
      stop = () => {
        display.close();
        fake.server.close();
      };
      const events: number[] = [];
      (await display.ensure()).onEvent((event) => events.push(event.readUInt8(0)));
      for (const size of [16, 9, 33]) {
        const image = await display.grab({ x: 0, y: 0, width: size, height: size });
        const last = size * size - 1;
        expect([...image.pixels.subarray(4 * last, 4 * last + 4)], `${pieceBytes}-byte pieces, ${size}×${size}`).toEqual([
          last % 251,
          last % 13,
          last % 7,
          0xff,
        ]);
      }
      expect(events).toEqual([28, 28, 28]);
      stop();
      stop = null;
    }
  });

  it('refuses a pixel format it cannot read, so the grabber gives way to import', async () => {
    const fake = await fakeServer(setupReply({ rootDepth: 16, bitsPerPixel: 16, masks: [0xf800, 0x7e0, 0x1f] }));
    const display = new X11Display(fake.display);
    stop = () => {
      display.close();
      fake.server.close();
    };
    const grab = display.grab({ x: 0, y: 0, width: 10, height: 10 });
    await expect(grab).rejects.toBeInstanceOf(UnreadablePixelsError);
    await expect(grab).rejects.toThrow(/16-bit pixels of depth 16/);
    expect(fake.requests).toEqual([]);
  });
});

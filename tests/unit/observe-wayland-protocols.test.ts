import fc from 'fast-check';
import { createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeIpcMessage, I3IpcConnection, IpcDecoder, IPC_MESSAGE } from '../../src/core/observe/sources/wayland/i3-ipc';
import { focusedView, swayMonitors, visibleViews, type SwayNode } from '../../src/core/observe/sources/wayland/sway-windows';
import { encodeWireMessage, readWireString } from '../../src/core/observe/sources/wayland/wayland-wire';
import { WaylandIdle } from '../../src/core/observe/sources/wayland/wayland-idle';
import { JsonLineLink } from '../../src/core/observe/sources/wayland/json-line-link';
import { parsePpm, screencopyToRgba } from '../../src/core/observe/sources/wayland/wlr-screencopy';
import { waitFor } from '../helpers/wait';

const dir = mkdtempSync(join(tmpdir(), 'shadow-wayland-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Unix socket server answering each connection with `serve`. */
function socketServer(name: string, serve: (socket: Socket) => void): Promise<{ path: string; server: Server }> {
  const path = join(dir, name);
  const server = createServer(serve);
  return new Promise((resolve) => server.listen(path, () => resolve({ path, server })));
}

describe('the i3 IPC protocol (sway)', () => {
  it('frames messages and splits a stream back into them, events apart', () => {
    const reply = encodeIpcMessage(IPC_MESSAGE.getTree, '{"a":1}');
    const event = encodeIpcMessage(0x80000003, '{"change":"focus"}');
    const decoder = new IpcDecoder();
    const whole = Buffer.concat([reply, event]);
    // Split inside the second message's header: the decoder keeps the partial one.
    expect(decoder.push(whole.subarray(0, reply.length + 5))).toEqual([{ type: 4, event: false, payload: '{"a":1}' }]);
    expect(decoder.push(whole.subarray(reply.length + 5))).toEqual([{ type: 3, event: true, payload: '{"change":"focus"}' }]);
    expect(() => new IpcDecoder().push(Buffer.from('not-ipc-at-all-here'))).toThrow(/not an i3-ipc message/);
  });

  it('answers requests in order and hands events to their handler', async () => {
    const { path, server } = await socketServer('sway.sock', (socket) => {
      const decoder = new IpcDecoder();
      socket.on('data', (chunk: Buffer) => {
        for (const message of decoder.push(chunk)) {
          if (message.type === IPC_MESSAGE.subscribe) {
            socket.write(encodeIpcMessage(IPC_MESSAGE.subscribe, '{"success":true}'));
            socket.write(encodeIpcMessage(0x80000003, JSON.stringify({ change: 'focus', container: { id: 7 } })));
          } else socket.write(encodeIpcMessage(message.type, JSON.stringify({ echo: message.type })));
        }
      });
    });
    const events: unknown[] = [];
    const connection = new I3IpcConnection(path, { onEvent: (name, payload) => events.push([name, payload]) });
    const [a, b] = await Promise.all([connection.request(IPC_MESSAGE.getTree), connection.request(IPC_MESSAGE.getOutputs)]);
    expect([a, b]).toEqual([{ echo: 4 }, { echo: 3 }]);
    await connection.subscribe(['window']);
    await waitFor(() => events.length > 0, { what: 'the window event' });
    expect(events).toEqual([['window', { change: 'focus', container: { id: 7 } }]]);
    connection.close();
    await expect(connection.request(IPC_MESSAGE.getTree)).rejects.toThrow(/closed/);
    server.close();
  });
});

const view = (id: number, extra: Partial<SwayNode>): SwayNode => ({
  id,
  type: 'con',
  rect: { x: 0, y: 0, width: 640, height: 800 },
  pid: 100 + id,
  visible: true,
  ...extra,
});

const tree: SwayNode = {
  id: 1,
  type: 'root',
  rect: { x: 0, y: 0, width: 2560, height: 800 },
  nodes: [
    {
      id: 2,
      type: 'output',
      name: 'HEADLESS-1',
      rect: { x: 0, y: 0, width: 1280, height: 800 },
      nodes: [
        {
          id: 3,
          type: 'workspace',
          rect: { x: 0, y: 0, width: 1280, height: 800 },
          nodes: [
            view(10, { app_id: 'org.gnome.TextEditor', name: 'notes.txt', focused: true }),
            view(11, {
              app_id: null,
              window_properties: { class: 'KeePassXC', instance: 'keepassxc' },
              name: 'Vault',
              rect: { x: 640, y: 0, width: 640, height: 800 },
            }),
          ],
          floating_nodes: [view(12, { app_id: null, name: 'no app', rect: { x: 100, y: 100, width: 200, height: 100 } })],
        },
        { id: 4, type: 'workspace', rect: { x: 0, y: 0, width: 1280, height: 800 }, nodes: [view(13, { app_id: 'foot', visible: false })] },
      ],
    },
  ],
};

describe("sway's layout tree", () => {
  it('names a Wayland window by its app id and an XWayland one by its class', () => {
    expect(focusedView(tree)).toMatchObject({ id: '10', app: 'org.gnome.TextEditor', title: 'notes.txt', focused: true });
    const visible = visibleViews(tree);
    expect(visible.map((w) => [w.id, w.app])).toEqual([
      ['12', null],
      ['10', 'org.gnome.TextEditor'],
      ['11', 'KeePassXC'],
    ]);
  });

  it('has no focused window when a workspace has the focus', () => {
    const empty: SwayNode = { id: 1, type: 'root', rect: tree.rect, nodes: [{ id: 3, type: 'workspace', focused: true, rect: tree.rect }] };
    expect(focusedView(empty)).toBeNull();
  });

  it('lists the active outputs as monitors', () => {
    expect(
      swayMonitors([
        { name: 'DP-1', active: true, focused: true, rect: { x: 0, y: 0, width: 1920, height: 1080 } },
        { name: 'HDMI-A-1', active: false, rect: { x: 0, y: 0, width: 0, height: 0 } },
      ]),
    ).toEqual([{ name: 'DP-1', x: 0, y: 0, width: 1920, height: 1080, primary: true }]);
  });
});

describe('the Wayland wire protocol', () => {
  it('encodes arguments padded to 32 bits with the size and opcode in the header', () => {
    const message = encodeWireMessage(3, 0, [{ uint: 7 }, { string: 'wl_seat' }, { int: -1 }]);
    expect(message.readUInt32LE(0)).toBe(3);
    expect(message.readUInt32LE(4)).toBe((message.length << 16) | 0);
    expect(message.length).toBe(8 + 4 + 4 + 8 + 4);
    expect(readWireString(message, 12)).toEqual({ text: 'wl_seat', next: 24 });
    expect(message.readInt32LE(24)).toBe(-1);
  });

  /** A compositor that lists `globals`, answers syncs and remembers the idle notification's id. */
  function fakeCompositor(name: string, globals: readonly string[]) {
    const state = { client: null as Socket | null, notificationId: 0 };
    const started = socketServer(name, (socket) => {
      state.client = socket;
      let pending = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= 8 && pending.length >= pending.readUInt32LE(4) >>> 16) {
          const size = pending.readUInt32LE(4) >>> 16;
          const [object, opcode, body] = [pending.readUInt32LE(0), pending.readUInt32LE(4) & 0xffff, pending.subarray(8, size)];
          pending = pending.subarray(size);
          if (object === 1 && opcode === 1) {
            globals.forEach((global, i) =>
              socket.write(encodeWireMessage(body.readUInt32LE(0), 0, [{ uint: i + 1 }, { string: global }, { uint: 1 }])),
            );
          } else if (object === 1 && opcode === 0) socket.write(encodeWireMessage(body.readUInt32LE(0), 0, [{ uint: 0 }]));
          else if (opcode === 0 && body.length === 12) state.notificationId = body.readUInt32LE(0);
        }
      });
    });
    return { started, state };
  }

  it('reads idle time from org_kde_kwin_idle notifications', async () => {
    const { started, state } = fakeCompositor('wayland-0', ['wl_seat', 'org_kde_kwin_idle']);
    const { path, server } = await started;
    let now = 10_000;
    const idle = await WaylandIdle.open(path, () => now);
    expect(idle.protocol).toBe('org_kde_kwin_idle');
    await waitFor(() => state.notificationId > 0, { what: 'the idle timeout request' });
    expect(await idle.idleSeconds()).toBe(0);
    state.client!.write(encodeWireMessage(state.notificationId, 0));
    await waitFor(async () => (await idle.idleSeconds()) > 0, { what: 'the idle event' });
    now += 4000;
    // The compositor says "idle" a second after the last input: that second counts too.
    expect(await idle.idleSeconds()).toBe(5);
    state.client!.write(encodeWireMessage(state.notificationId, 1));
    await waitFor(async () => (await idle.idleSeconds()) === 0, { what: 'the resumed event' });
    state.client!.destroy();
    await waitFor(
      () =>
        idle.idleSeconds().then(
          () => false,
          () => true,
        ),
      { what: 'the closed connection to be reported' },
    );
    server.close();
  });

  it('says which protocols a compositor without idle lacks', async () => {
    const { started } = fakeCompositor('wayland-1', ['wl_seat']);
    const { path, server } = await started;
    await expect(WaylandIdle.open(path)).rejects.toThrow(/offers no idle protocol \(ext_idle_notifier_v1 or org_kde_kwin_idle\)/);
    server.close();
  });
});

describe("the link to a compositor's extension (JSON lines, raw bytes after an answer that names them)", () => {
  it('answers requests by id, hands the bytes that follow, and passes events on', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0a, 0x0a, 0x00, 0x01]);
    const { path, server } = await socketServer('shell.sock', (socket) => {
      let pending = '';
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
          const { id, method } = JSON.parse(pending.slice(0, end)) as { id: number; method: string };
          pending = pending.slice(end + 1);
          if (method === 'screenshot') {
            // The header and the bytes in pieces.
            const whole = Buffer.concat([Buffer.from(`${JSON.stringify({ id, result: { bytes: png.length } })}\n`), png]);
            socket.write(whole.subarray(0, 10));
            socket.write(whole.subarray(10));
          } else if (method === 'broken') socket.write(`${JSON.stringify({ id, error: 'no such thing' })}\n`);
          else socket.write(`${JSON.stringify({ event: 'focus', window: null })}\n${JSON.stringify({ id, result: { ok: method } })}\n`);
        }
      });
    });
    const events: unknown[] = [];
    const link = new JsonLineLink(path, 'the test extension', { onEvent: (message) => events.push(message) });
    const [shot, hello] = await Promise.all([link.request('screenshot'), link.request('hello')]);
    expect(shot).toEqual({ result: { bytes: 8 }, payload: png });
    expect(hello).toEqual({ result: { ok: 'hello' }, payload: null });
    expect(events).toEqual([{ event: 'focus', window: null }]);
    await expect(link.request('broken')).rejects.toThrow('the test extension: no such thing');
    link.close();
    server.close();
  });
});

describe('the link to a helper over pipes, however its output is cut into reads', () => {
  it('hands each answer its own bytes and every event, for any cuts', async () => {
    const pixels = Buffer.alloc(200_000);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 251;
    const stream = Buffer.concat([
      Buffer.from(`${JSON.stringify({ event: 'windows', n: 1 })}\n${JSON.stringify({ id: 1, result: { bytes: pixels.length } })}\n`),
      pixels,
      Buffer.from(`${JSON.stringify({ event: 'windows', n: 2 })}\n${JSON.stringify({ id: 2, result: { areas: [] } })}\n`),
    ]);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 40 }), async (cuts) => {
        const output = new PassThrough();
        const events: unknown[] = [];
        const link = new JsonLineLink({ input: new PassThrough(), output, destroy: () => output.destroy() }, 'a helper', {
          onEvent: (message) => events.push(message.n),
        });
        const answers = Promise.all([link.request('screenshot'), link.request('drawn')]);
        await new Promise(setImmediate); // both asked before anything is answered
        let from = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          output.write(stream.subarray(from, cut));
          from = cut;
        }
        output.write(stream.subarray(from));
        const [shot, drawn] = await answers;
        expect(shot.payload!.equals(pixels)).toBe(true);
        expect(drawn).toEqual({ result: { areas: [] }, payload: null });
        expect(events).toEqual([1, 2]);
        link.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('screencopy pixels', () => {
  const frame = { width: 2, height: 2, stride: 12, yInvert: false };
  // Two rows of B, G, R, X pixels with 4 bytes of padding each (stride 12).
  const bgrx = Buffer.from([1, 2, 3, 0, 4, 5, 6, 0, 9, 9, 9, 9, 7, 8, 9, 0, 10, 11, 12, 0, 9, 9, 9, 9]);

  it('turns XRGB8888 rows into RGB(A) without a per-pixel loop, dropping the stride padding', () => {
    const image = screencopyToRgba(Buffer.from(bgrx), { ...frame, format: 1 });
    expect(image).toMatchObject({ width: 2, height: 2, channels: 4 });
    const rgb = [0, 1, 2, 3].map((i) => [...image.pixels.subarray(i * 4, i * 4 + 3)]);
    expect(rgb).toEqual([
      [3, 2, 1],
      [6, 5, 4],
      [9, 8, 7],
      [12, 11, 10],
    ]);
  });

  it('flips a frame the compositor says is upside down, and refuses formats it cannot read', () => {
    const image = screencopyToRgba(Buffer.from(bgrx), { ...frame, format: 1, yInvert: true });
    expect([...image.pixels.subarray(0, 3)]).toEqual([9, 8, 7]);
    expect(() => screencopyToRgba(bgrx, { ...frame, format: 0x30335258 })).toThrow(/pixel format 0x30335258/);
  });

  it('reads the raw PPM grim prints', () => {
    const ppm = Buffer.concat([Buffer.from('P6\n2 1\n255\n'), Buffer.from([1, 2, 3, 4, 5, 6])]);
    expect(parsePpm(ppm)).toEqual({ pixels: Buffer.from([1, 2, 3, 4, 5, 6]), width: 2, height: 1, channels: 3 });
    expect(() => parsePpm(Buffer.from('PNG'))).toThrow(/PPM/);
  });
});

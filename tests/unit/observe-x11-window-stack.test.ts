import { afterEach, describe, expect, it } from 'vitest';
import { X11Connection } from '../../src/core/observe/sources/x11-connection';
import { X11WindowStack } from '../../src/core/observe/sources/x11-window-stack';
import { setupReply, startFakeXServer, xError, xReply, type FakeXServer } from '../helpers/fake-x-server';

const ROOT = 0x4a1;
const ATOMS: Record<string, number> = { _NET_WM_NAME: 300, UTF8_STRING: 301, COMPOUND_TEXT: 302, _NET_CLIENT_LIST: 303 };
const [STRING, WM_NAME, WM_CLASS, WINDOW] = [31, 39, 67, 33];

interface FakeWindow {
  readonly parent: number;
  /** Bottom of the stack first, as QueryTree lists them. */
  readonly children: number[];
  readonly geometry: readonly [x: number, y: number, width: number, height: number];
  readonly depth?: number;
  readonly mapState?: 0 | 1 | 2;
  readonly inputOnly?: boolean;
  readonly props?: Record<number, { type: number; value: Buffer }>;
}

const wmClass = (instance: string, app: string): { type: number; value: Buffer } => ({
  type: STRING,
  value: Buffer.from(`${instance}\0${app}\0`, 'latin1'),
});
const text = (type: number, value: string, encoding: BufferEncoding = 'utf8'): { type: number; value: Buffer } => ({
  type,
  value: Buffer.from(value, encoding),
});

/**
 * An X server holding `windows`: it answers InternAtom (only the atoms in `atoms` exist), QueryTree,
 * GetGeometry, GetWindowAttributes and GetProperty, and BadWindow for a window it does not have.
 */
async function windowServer(windows: Map<number, FakeWindow>, atoms: Record<string, number> = ATOMS): Promise<FakeXServer> {
  return startFakeXServer(setupReply({ rootDepth: 24, bitsPerPixel: 32, root: ROOT }), (request, seq) => {
    const opcode = request.readUInt8(0);
    const fields = Buffer.alloc(24);
    if (opcode === 16) {
      const name = request.toString('latin1', 8, 8 + request.readUInt16LE(4));
      fields.writeUInt32LE(atoms[name] ?? 0, 0);
      return xReply(seq, 0, fields);
    }
    const id = request.readUInt32LE(4);
    const window = windows.get(id);
    if (!window) return xError(seq, 3, opcode, id);
    if (opcode === 15) {
      fields.writeUInt32LE(ROOT, 0);
      fields.writeUInt32LE(window.parent, 4);
      fields.writeUInt16LE(window.children.length, 8);
      const list = Buffer.alloc(4 * window.children.length);
      window.children.forEach((child, i) => list.writeUInt32LE(child, 4 * i));
      return xReply(seq, 0, fields, list);
    }
    if (opcode === 14) {
      const [x, y, width, height] = window.geometry;
      fields.writeUInt32LE(ROOT, 0);
      fields.writeInt16LE(x, 4);
      fields.writeInt16LE(y, 6);
      fields.writeUInt16LE(width, 8);
      fields.writeUInt16LE(height, 10);
      return xReply(seq, window.depth ?? 24, fields);
    }
    if (opcode === 3) {
      fields.writeUInt16LE(window.inputOnly ? 2 : 1, 4);
      fields.writeUInt8(window.mapState ?? 2, 18);
      return xReply(seq, 0, Buffer.concat([fields, Buffer.alloc(12)]).subarray(0, 24), Buffer.alloc(12));
    }
    if (opcode === 20) {
      const [atom, type] = [request.readUInt32LE(8), request.readUInt32LE(12)];
      const property = window.props?.[atom];
      if (!property) return xReply(seq, 0, fields);
      fields.writeUInt32LE(property.type, 0);
      // Asked for another type: the type is told, no value.
      if (type !== 0 && type !== property.type) return xReply(seq, 8, fields);
      const format = property.type === WINDOW ? 32 : 8;
      fields.writeUInt32LE(property.value.length / (format / 8), 8);
      return xReply(seq, format, fields, property.value);
    }
    throw new Error(`the stand-in server does not know request ${opcode}`);
  });
}

const windowList = (ids: number[]): { type: number; value: Buffer } => {
  const value = Buffer.alloc(4 * ids.length);
  ids.forEach((id, i) => value.writeUInt32LE(id, 4 * i));
  return { type: WINDOW, value };
};

/** A window manager's frame at (x, y) holding `client` below its title bar, with `decorations` small windows beside it. */
function frame(
  windows: Map<number, FakeWindow>,
  id: number,
  geometry: FakeWindow['geometry'],
  client: number,
  props: FakeWindow['props'],
  decorations = 0,
): void {
  const decorationIds = Array.from({ length: decorations }, (_, i) => id + 1 + i);
  for (const d of decorationIds) windows.set(d, { parent: id, children: [], geometry: [0, 0, 1, 1] });
  windows.set(id, { parent: ROOT, children: [...decorationIds, client], geometry });
  windows.set(client, { parent: id, children: [client + 1], geometry: [1, 20, geometry[2] - 2, geometry[3] - 21], props });
  // The app's own window inside its client: never an app of its own.
  windows.set(client + 1, { parent: client, children: [], geometry: [0, 0, 10, 10], props: { [WM_CLASS]: wmClass('inner', 'Inner') } });
}

describe('the window stack over the own X connection', () => {
  let server: FakeXServer | null = null;
  let connection: X11Connection | null = null;
  afterEach(() => {
    connection?.close();
    server?.close();
    [server, connection] = [null, null];
  });

  async function stackOf(windows: Map<number, FakeWindow>, atoms?: Record<string, number>): Promise<X11WindowStack> {
    server = await windowServer(windows, atoms);
    const opened = (connection = await X11Connection.connect(server.display));
    return new X11WindowStack(() => Promise.resolve(opened));
  }

  /** Openbox's way: frames with many decorations, the clients listed in _NET_CLIENT_LIST, a menu over them. */
  function managedDesktop(): Map<number, FakeWindow> {
    const windows = new Map<number, FakeWindow>();
    frame(
      windows,
      0x200100,
      [1320, 369, 486, 341],
      0x600010,
      {
        [WM_CLASS]: wmClass('xterm', 'XTerm'),
        [ATOMS._NET_WM_NAME!]: text(ATOMS.UTF8_STRING!, 'Budget — 2026.xlsx'),
        [WM_NAME]: text(STRING, 'Budget - 2026.xlsx', 'latin1'),
      },
      40,
    );
    frame(
      windows,
      0x200200,
      [300, 200, 246, 159],
      0x400010,
      {
        [WM_CLASS]: wmClass('keepassxc', 'KeePassXC'),
        [WM_NAME]: text(STRING, 'Café.kdbx', 'latin1'),
      },
      40,
    );
    frame(windows, 0x200300, [0, 0, 640, 480], 0x800010, {
      [WM_CLASS]: wmClass('old', 'Motif'),
      [WM_NAME]: text(ATOMS.COMPOUND_TEXT!, '\x1b-A tÿtle', 'latin1'),
    });
    // An override-redirect menu: a client at the top level, no frame, not in the window manager's list.
    windows.set(0x900001, { parent: ROOT, children: [], geometry: [50, 60, 120, 200], props: { [WM_CLASS]: wmClass('menu', 'Firefox') } });
    // The window manager's 1×1 helpers, one of them with a class.
    windows.set(0x200001, { parent: ROOT, children: [], geometry: [-100, -100, 1, 1], props: { [WM_CLASS]: wmClass('', 'Openbox') } });
    windows.set(ROOT, {
      parent: 0,
      children: [0x200001, 0x200300, 0x200200, 0x200100, 0x900001],
      geometry: [0, 0, 1280, 800],
      props: { [ATOMS._NET_CLIENT_LIST!]: windowList([0x400010, 0x600010, 0x800010, 0x777777]) },
    });
    return windows;
  }

  it("lists the root's children top of the stack first, each frame with its app and title, skipping 1×1 helpers", async () => {
    const stack = await stackOf(managedDesktop());
    expect(await stack.read()).toEqual([
      { id: '0x900001', x: 50, y: 60, width: 120, height: 200, clients: [{ id: '0x900001', app: 'Firefox', title: '' }] },
      {
        id: '0x200100',
        x: 1320,
        y: 369,
        width: 486,
        height: 341,
        clients: [{ id: '0x600010', app: 'XTerm', title: 'Budget — 2026.xlsx' }],
      },
      { id: '0x200200', x: 300, y: 200, width: 246, height: 159, clients: [{ id: '0x400010', app: 'KeePassXC', title: 'Café.kdbx' }] },
      // Compound text beyond Latin-1 is left to xprop to decode.
      { id: '0x200300', x: 0, y: 0, width: 640, height: 480, clients: [{ id: '0x800010', app: 'Motif', title: null }] },
    ]);
  });

  it("finds the clients from the window manager's list without walking the frames' decorations, in few writes", async () => {
    const stack = await stackOf(managedDesktop());
    await stack.read();
    const before = server!.requests.length;
    const chunks = server!.chunks();
    await stack.read();
    const asked = server!.requests.slice(before);
    // 5 top-level windows, 3 frames of 41 windows each: each decoration asked about would be ~3 requests more.
    expect(asked.length).toBeLessThan(40);
    const queried = new Set(asked.filter((r) => r.readUInt8(0) === 15).map((r) => r.readUInt32LE(4)));
    expect([...queried].some((id) => id > 0x200100 && id <= 0x200100 + 40)).toBe(false);
    // Requests made together leave together: a handful of writes, not one per request.
    expect(server!.chunks() - chunks).toBeLessThan(asked.length / 3);
  });

  it('walks down the frames, stopping at each client, where no window manager lists its clients', async () => {
    const windows = managedDesktop();
    const rootWindow = windows.get(ROOT)!;
    windows.set(ROOT, { ...rootWindow, props: {} });
    const stack = await stackOf(windows, { ...ATOMS, _NET_CLIENT_LIST: 0 });
    const read = await stack.read();
    expect(read.map((w) => [w.id, w.clients.map((c) => c.app)])).toEqual([
      ['0x900001', ['Firefox']],
      ['0x200100', ['XTerm']],
      ['0x200200', ['KeePassXC']],
      ['0x200300', ['Motif']],
    ]);
    expect(read[1]!.clients[0]!.title).toBe('Budget — 2026.xlsx');
  });

  it('skips a window that is gone between two requests, and fails when the display does', async () => {
    const windows = managedDesktop();
    // Listed by the window manager, but destroyed: every request about it is a BadWindow.
    windows.delete(0x400010);
    windows.delete(0x400011);
    const stack = await stackOf(windows);
    const read = await stack.read();
    expect(read.find((w) => w.id === '0x200200')).toEqual({ id: '0x200200', x: 300, y: 200, width: 246, height: 159, clients: [] });
    expect(read.map((w) => w.id)).toEqual(['0x900001', '0x200100', '0x200200', '0x200300']);
    connection!.close();
    await expect(stack.read()).rejects.toThrow(/closed/);
  });

  it('says whether a window shows and hides what is below it', async () => {
    const windows = managedDesktop();
    windows.set(0x500001, { parent: ROOT, children: [], geometry: [0, 0, 10, 10], mapState: 1 });
    windows.set(0x500002, { parent: ROOT, children: [], geometry: [0, 0, 10, 10], inputOnly: true });
    windows.set(0x500003, { parent: ROOT, children: [], geometry: [0, 0, 10, 10], depth: 32 });
    const stack = await stackOf(windows);
    expect(await stack.info('0x200100')).toEqual({ viewable: true, opaque: true });
    expect(await stack.info('0x500001')).toEqual({ viewable: false, opaque: true });
    expect(await stack.info('0x500002')).toEqual({ viewable: true, opaque: false });
    expect(await stack.info('0x500003')).toEqual({ viewable: true, opaque: false });
    await expect(stack.info('0x123456')).rejects.toThrow(/X error 3/);
  });
});

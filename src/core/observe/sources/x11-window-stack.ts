import { X11ProtocolError, type X11Connection } from './x11-connection';
import type { TopLevelWindow, WindowInfo, X11Client } from './x11-private-windows';

// Predefined atoms (X11 protocol, appendix B).
const ATOM_STRING = 31;
const ATOM_WM_NAME = 39;
const ATOM_WM_CLASS = 67;
const ATOM_WINDOW = 33;

/** X errors meaning the window went away between two requests (BadWindow, BadDrawable): it is skipped, not a failure. */
const WINDOW_GONE = new Set([3, 9]);

/** Property values read: enough for a class or a title (longer titles are cut), in 4-byte units. */
const PROPERTY_LONGS = 1024;

interface Atoms {
  readonly netWmName: number;
  readonly utf8String: number;
  readonly compoundText: number;
  readonly netClientList: number;
}

interface Property {
  readonly type: number;
  readonly format: number;
  readonly value: Buffer;
}

const hexId = (id: number): string => `0x${id.toString(16)}`;

/**
 * The window stack over the engine's own X connection, in place of `xwininfo -root -tree` (a process
 * per screenshot, ~10 ms of CPU under load): the root's children top of the stack first (QueryTree,
 * GetGeometry), each with the application windows (clients: a WM_CLASS) inside it. Where the window
 * manager lists its clients (EWMH `_NET_CLIENT_LIST`) each client's frame is found by walking up from
 * it: a few requests a window instead of a walk through every frame's decorations (an openbox frame
 * has ~56 windows). Without that list the frames are walked down, stopping at each client.
 * Windows of one pixel or less each way (a window manager's hidden helpers) are left out.
 */
export class X11WindowStack {
  private atoms: { connection: X11Connection; value: Promise<Atoms> } | null = null;

  constructor(private readonly connect: () => Promise<X11Connection>) {}

  async read(): Promise<TopLevelWindow[]> {
    const connection = await this.connect();
    const atoms = await this.atomsOf(connection);
    const [children, managed] = await Promise.all([
      childrenOf(connection, connection.root),
      property(connection, connection.root, atoms.netClientList, ATOM_WINDOW),
    ]);
    // QueryTree lists children bottom to top.
    const tops = (
      await Promise.all(
        children.reverse().map(async (id) => {
          const geometry = await gone(geometryOf(connection, id));
          return geometry && geometry.width > 1 && geometry.height > 1 ? { id, ...geometry } : null;
        }),
      )
    ).filter((top) => top !== null);
    const clients = new Map<number, X11Client[]>(tops.map((top) => [top.id, []]));
    if (managed && managed.format === 32) {
      const ids = new Set(tops.map((top) => top.id));
      const listed: number[] = [];
      for (let at = 0; at + 4 <= managed.value.length; at += 4) listed.push(managed.value.readUInt32LE(at));
      // A top-level window that is itself a client (override-redirect, or no window manager) is not in the list.
      const candidates = [...new Set([...tops.map((top) => top.id), ...listed])];
      const found = await Promise.all(
        candidates.map(async (id) => {
          const top = ids.has(id) ? id : await gone(topLevelOf(connection, id));
          if (top === null || !ids.has(top)) return null;
          const client = await gone(clientOf(connection, atoms, id));
          return client ? { top, client } : null;
        }),
      );
      for (const hit of found) if (hit) clients.get(hit.top)!.push(hit.client);
    } else {
      await Promise.all(tops.map(async (top) => clients.get(top.id)!.push(...(await clientsUnder(connection, atoms, top.id)))));
    }
    return tops.map(({ id, x, y, width, height }) => ({ id: hexId(id), x, y, width, height, clients: clients.get(id)! }));
  }

  /** Whether window `id` (`0x…`) shows and hides what is below it: GetWindowAttributes and its depth. */
  async info(id: string): Promise<WindowInfo> {
    const connection = await this.connect();
    const window = Number.parseInt(id, 16);
    const [attributes, geometry] = await Promise.all([
      connection.request(windowRequest(3, window)), // GetWindowAttributes
      connection.request(windowRequest(14, window)), // GetGeometry
    ]);
    // map-state 2: IsViewable; class 1: InputOutput; a 32-bit window is translucent.
    return { viewable: attributes.readUInt8(26) === 2, opaque: attributes.readUInt16LE(12) === 1 && geometry.readUInt8(1) !== 32 };
  }

  private atomsOf(connection: X11Connection): Promise<Atoms> {
    if (this.atoms?.connection !== connection) {
      const value = Promise.all(
        ['_NET_WM_NAME', 'UTF8_STRING', 'COMPOUND_TEXT', '_NET_CLIENT_LIST'].map((name) => existingAtom(connection, name)),
      ).then(([netWmName, utf8String, compoundText, netClientList]) => ({
        netWmName: netWmName!,
        utf8String: utf8String!,
        compoundText: compoundText!,
        netClientList: netClientList!,
      }));
      this.atoms = { connection, value };
      value.catch(() => {
        if (this.atoms?.value === value) this.atoms = null;
      });
    }
    return this.atoms.value;
  }
}

/** Resolves to null where the window went away meanwhile; any other failure rejects. */
async function gone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof X11ProtocolError && WINDOW_GONE.has(error.code)) return null;
    throw error;
  }
}

function windowRequest(opcode: number, window: number): Buffer {
  const req = Buffer.alloc(8);
  req.writeUInt8(opcode, 0);
  req.writeUInt32LE(window, 4);
  return req;
}

/** An atom's number, or 0 when no client ever made it (so no window has it). */
async function existingAtom(connection: X11Connection, name: string): Promise<number> {
  const bytes = Buffer.from(name, 'latin1');
  const req = Buffer.alloc(8 + bytes.length + ((4 - (bytes.length % 4)) % 4));
  req.writeUInt8(16, 0); // InternAtom
  req.writeUInt8(1, 1); // only if it exists
  req.writeUInt16LE(bytes.length, 4);
  bytes.copy(req, 8);
  return (await connection.request(req)).readUInt32LE(8);
}

async function childrenOf(connection: X11Connection, window: number): Promise<number[]> {
  const reply = await connection.request(windowRequest(15, window)); // QueryTree
  const count = reply.readUInt16LE(16);
  const children: number[] = [];
  for (let i = 0; i < count; i++) children.push(reply.readUInt32LE(32 + 4 * i));
  return children;
}

/** The top-level window (a child of the root) holding `window`: its frame. */
async function topLevelOf(connection: X11Connection, window: number): Promise<number> {
  let current = window;
  for (let depth = 0; depth < 16; depth++) {
    const reply = await connection.request(windowRequest(15, current)); // QueryTree
    const [root, parent] = [reply.readUInt32LE(8), reply.readUInt32LE(12)];
    if (parent === root || parent === 0) return current;
    current = parent;
  }
  throw new Error(`window ${hexId(window)} is nested more than 16 deep below the root`);
}

async function geometryOf(connection: X11Connection, window: number): Promise<{ x: number; y: number; width: number; height: number }> {
  const reply = await connection.request(windowRequest(14, window)); // GetGeometry
  // A child of the root: its position is the outer corner's, as xwininfo and the black-out use it.
  return { x: reply.readInt16LE(12), y: reply.readInt16LE(14), width: reply.readUInt16LE(16), height: reply.readUInt16LE(18) };
}

async function property(connection: X11Connection, window: number, atom: number, type = 0): Promise<Property | null> {
  if (atom === 0) return null;
  const req = Buffer.alloc(24);
  req.writeUInt8(20, 0); // GetProperty
  req.writeUInt32LE(window, 4);
  req.writeUInt32LE(atom, 8);
  req.writeUInt32LE(type, 12);
  req.writeUInt32LE(PROPERTY_LONGS, 20);
  const reply = await connection.request(req);
  const format = reply.readUInt8(1);
  const propertyType = reply.readUInt32LE(8);
  if (propertyType === 0 || (type !== 0 && propertyType !== type)) return null;
  const length = reply.readUInt32LE(16) * (format / 8);
  return { type: propertyType, format, value: reply.subarray(32, 32 + length) };
}

/** A title as a string; null when it is compound text beyond Latin-1 (escape sequences), which xprop decodes. */
function titleOf(value: Property, atoms: Atoms): string | null {
  if (value.type === atoms.utf8String) return value.value.toString('utf8');
  if (value.type === ATOM_STRING) return value.value.toString('latin1');
  if (value.type === atoms.compoundText && !value.value.includes(0x1b)) return value.value.toString('latin1');
  return null;
}

/** Window `id` as a client when it has a WM_CLASS (the class part is the app), with its title; else null. */
async function clientOf(connection: X11Connection, atoms: Atoms, id: number): Promise<X11Client | null> {
  const wmClass = await property(connection, id, ATOM_WM_CLASS, ATOM_STRING);
  if (!wmClass) return null;
  const [, app] = wmClass.value.toString('latin1').split('\0');
  if (app === undefined) return null;
  const [netName, name] = await Promise.all([
    property(connection, id, atoms.netWmName, atoms.utf8String),
    property(connection, id, ATOM_WM_NAME),
  ]);
  const title = netName ? titleOf(netName, atoms) : name ? titleOf(name, atoms) : '';
  return { id: hexId(id), app, title };
}

/** The clients in `window`'s tree, top of each stack first, not looking inside a client. */
async function clientsUnder(connection: X11Connection, atoms: Atoms, window: number): Promise<X11Client[]> {
  const client = await gone(clientOf(connection, atoms, window));
  if (client) return [client];
  const children = (await gone(childrenOf(connection, window))) ?? [];
  const below = await Promise.all(children.reverse().map((child) => clientsUnder(connection, atoms, child)));
  return below.flat();
}

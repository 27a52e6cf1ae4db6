import type { ImageArea } from '../raw-image';
import type { X11Connection } from './x11-connection';

/** The extensions' versions this client speaks (the server answers with what it has, up to these). */
const DAMAGE_VERSION = [1, 1] as const;
const XFIXES_VERSION = [5, 0] as const;
/** DamageCreate's report level: one event when the damage goes from empty to not (it is read by asking, not from events). */
const REPORT_NON_EMPTY = 3;

interface Watch {
  readonly damage: number;
  readonly region: number;
  readonly damageMajor: number;
  readonly fixesMajor: number;
}

/**
 * Where the screen was drawn on since the last question, from the X server (the DAMAGE extension on
 * the root window, read through an XFIXES region): a screenshot of a screen nobody drew on would show
 * what the last one showed, so it need not be taken (a still screen is most of a workday). One round
 * trip per question; nothing is heard between questions but one event after each.
 */
export class X11ScreenDamage {
  private watch: Promise<Watch | null> | null = null;
  private watchedConnection: X11Connection | null = null;

  constructor(private readonly connect: () => Promise<X11Connection>) {}

  /**
   * The areas drawn on since the last call, in root coordinates (overlapping ones may repeat); null
   * when the server cannot say (no DAMAGE or XFIXES), and on the first call over a connection (what
   * happened before it is not known): then anything may have changed.
   */
  async drawnSinceLast(): Promise<ImageArea[] | null> {
    const connection = await this.connect();
    if (this.watchedConnection !== connection) {
      this.watchedConnection = connection;
      // A server that refuses the watch is one that cannot say: every screenshot is taken.
      this.watch = startWatch(connection).catch(() => null);
      await this.watch;
      return null;
    }
    const watch = await this.watch;
    if (!watch) return null;
    connection.sendVoid(subtractRequest(watch));
    const fetch = Buffer.alloc(8);
    fetch.writeUInt8(watch.fixesMajor, 0);
    fetch.writeUInt8(19, 1); // XFixesFetchRegion
    fetch.writeUInt32LE(watch.region, 4);
    return parseRegionReply(await connection.request(fetch));
  }
}

/** XFixesFetchRegion's reply: the extents, then the region's rectangles from byte 32. */
export function parseRegionReply(reply: Buffer): ImageArea[] {
  const areas: ImageArea[] = [];
  for (let at = 32; at + 8 <= reply.length; at += 8) {
    const area = {
      x: reply.readInt16LE(at),
      y: reply.readInt16LE(at + 2),
      width: reply.readUInt16LE(at + 4),
      height: reply.readUInt16LE(at + 6),
    };
    if (area.width > 0 && area.height > 0) areas.push(area);
  }
  return areas;
}

async function startWatch(connection: X11Connection): Promise<Watch | null> {
  const [damageMajor, fixesMajor] = await Promise.all([connection.extension('DAMAGE'), connection.extension('XFIXES')]);
  if (damageMajor === null || fixesMajor === null) return null;
  // Each extension must be told the client's version before its other requests.
  await Promise.all([
    connection.request(versionRequest(fixesMajor, XFIXES_VERSION)),
    connection.request(versionRequest(damageMajor, DAMAGE_VERSION)),
  ]);
  const region = connection.newId();
  const createRegion = Buffer.alloc(8);
  createRegion.writeUInt8(fixesMajor, 0);
  createRegion.writeUInt8(5, 1); // XFixesCreateRegion, with no rectangles
  createRegion.writeUInt32LE(region, 4);
  connection.sendVoid(createRegion);
  const damage = connection.newId();
  const create = Buffer.alloc(16);
  create.writeUInt8(damageMajor, 0);
  create.writeUInt8(1, 1); // DamageCreate
  create.writeUInt32LE(damage, 4);
  create.writeUInt32LE(connection.root, 8);
  create.writeUInt8(REPORT_NON_EMPTY, 12);
  connection.sendVoid(create);
  const watch = { damage, region, damageMajor, fixesMajor };
  // A new damage object holds the whole screen; what counts is what is drawn from now on.
  connection.sendVoid(subtractRequest(watch));
  return watch;
}

/** DamageSubtract with no repair area: the damage so far moves into the region, and starts again empty. */
function subtractRequest(watch: Watch): Buffer {
  const req = Buffer.alloc(16);
  req.writeUInt8(watch.damageMajor, 0);
  req.writeUInt8(3, 1);
  req.writeUInt32LE(watch.damage, 4);
  req.writeUInt32LE(0, 8); // repair: None (all of it)
  req.writeUInt32LE(watch.region, 12);
  return req;
}

function versionRequest(major: number, [clientMajor, clientMinor]: readonly [number, number]): Buffer {
  const req = Buffer.alloc(12);
  req.writeUInt8(major, 0);
  req.writeUInt8(0, 1); // QueryVersion
  req.writeUInt32LE(clientMajor, 4);
  req.writeUInt32LE(clientMinor, 8);
  return req;
}

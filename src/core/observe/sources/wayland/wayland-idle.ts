import { WaylandWire } from './wayland-wire';

/**
 * Seconds since the last input on a Wayland compositor, from its idle protocol over one long-lived
 * connection: `ext_idle_notifier_v1` (the standard one: sway 1.8+, KWin 5.27+, Hyprland) or the
 * older `org_kde_kwin_idle` (sway 1.7 and other wlroots compositors, KWin). The compositor says
 * when no input came for `GRAIN_MS` and when input came again; no process runs and nothing is polled.
 */
const GRAIN_MS = 1000;

/** The idle protocols, best first, with the request that creates a notification and its argument order. */
const PROTOCOLS = [
  { name: 'ext_idle_notifier_v1', request: 1, seatLast: true },
  { name: 'org_kde_kwin_idle', request: 0, seatLast: false },
] as const;

export type IdleProtocol = (typeof PROTOCOLS)[number]['name'];

export class WaylandIdle {
  /** When the compositor said input stopped (minus the grain: the moment of the last input); null while active. */
  private idleSince: number | null = null;
  private constructor(
    readonly protocol: IdleProtocol,
    private readonly wire: WaylandWire,
    private readonly now: () => number,
  ) {}

  /** Connects and asks for idle notifications; rejects with what the compositor lacks. */
  static async open(socketPath: string, now: () => number = Date.now): Promise<WaylandIdle> {
    const wire = await WaylandWire.open(socketPath);
    const seat = wire.global('wl_seat');
    const protocol = PROTOCOLS.find((p) => wire.global(p.name));
    if (!seat || !protocol) {
      wire.close();
      throw new Error(`the compositor offers no idle protocol (${PROTOCOLS.map((p) => p.name).join(' or ')})${seat ? '' : ' and no seat'}`);
    }
    const idle = new WaylandIdle(protocol.name, wire, now);
    const seatId = wire.bind(seat, 1);
    const notifier = wire.bind(wire.global(protocol.name)!, 1);
    // Both notifications send `idle` (opcode 0) and `resumed` (opcode 1).
    const notification = wire.allocate((opcode) => {
      if (opcode === 0) idle.idleSince = idle.now() - GRAIN_MS;
      else if (opcode === 1) idle.idleSince = null;
    });
    const args = protocol.seatLast
      ? [{ uint: notification }, { uint: GRAIN_MS }, { uint: seatId }]
      : [{ uint: notification }, { uint: seatId }, { uint: GRAIN_MS }];
    wire.send(notifier, protocol.request, args);
    await wire.roundtrip();
    return idle;
  }

  /** Seconds without input (0 while input comes more often than once a second); rejects once the connection is gone. */
  idleSeconds(): Promise<number> {
    if (this.wire.error) return Promise.reject(this.wire.error);
    return Promise.resolve(this.idleSince === null ? 0 : Math.max(0, (this.now() - this.idleSince) / 1000));
  }

  close(): void {
    this.wire.close();
  }
}

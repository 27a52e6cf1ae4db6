import type { Clock } from '../clock';

/** What happened to time between two polls, beyond the poll interval passing. */
export type TimeEvent =
  | {
      /** Nothing ran for a while: the computer slept (`asleep`) or the process was stopped or starved. */
      readonly kind: 'stall';
      /** The stretch nobody saw, on the wall clock as it reads now. */
      readonly startMs: number;
      readonly endMs: number;
      readonly asleep: boolean;
    }
  | {
      /** The wall clock was set (NTP, by hand): by `byMs` (negative: back), between `beforeMs` and `afterMs` on it. */
      readonly kind: 'jump';
      readonly byMs: number;
      /** The last poll on the clock as it read before. */
      readonly beforeMs: number;
      /** This poll, on the clock as it reads now. */
      readonly afterMs: number;
      /** Real time that passed meanwhile (a stall as well when long). */
      readonly elapsedMs: number;
      readonly asleep: boolean;
    };

/** Smaller disagreements are NTP slewing and timer jitter, not a change of the clock. */
export const CLOCK_TOLERANCE_MS = 2000;

/**
 * Tells a wall-clock change and a stall from time passing, by comparing the wall clock with the
 * monotonic one at each poll (and, only when they disagree, with the time since boot, which also
 * counts a suspend: Linux's monotonic clock stands still while the computer sleeps). A poll costs two
 * clock reads; /proc/uptime is read only when something happened.
 */
export class ClockWatch {
  private last: { wall: number; mono: number } | null = null;
  /** Boot time less monotonic time: grows by exactly the time the computer slept. */
  private sleptOffset: number | null = null;

  constructor(
    private readonly clock: Clock,
    /** Real time between two polls beyond which the gap is a stall. */
    private readonly stallMs: number,
  ) {}

  /** Forgets the last reading (after a pause: the time between is not a stall). */
  reset(): void {
    this.last = null;
  }

  check(): TimeEvent | null {
    const { clock } = this;
    if (!clock.monotonic) return null;
    const wall = clock.now();
    const mono = clock.monotonic();
    const last = this.last;
    this.last = { wall, mono };
    if (!last) {
      this.sleptOffset = this.readSleptOffset(mono);
      return null;
    }
    const monoDelta = mono - last.mono;
    const wallDelta = wall - last.wall;
    if (Math.abs(wallDelta - monoDelta) <= CLOCK_TOLERANCE_MS && monoDelta <= this.stallMs) return null;
    const offset = this.readSleptOffset(mono);
    const slept = offset !== null && this.sleptOffset !== null ? Math.max(0, offset - this.sleptOffset) : 0;
    this.sleptOffset = offset;
    // Whole milliseconds: the monotonic clock is fractional, and what is stored is epoch ms.
    const elapsed = Math.round(monoDelta + slept);
    const byMs = wallDelta - elapsed;
    const asleep = slept > CLOCK_TOLERANCE_MS;
    if (Math.abs(byMs) > CLOCK_TOLERANCE_MS) return { kind: 'jump', byMs, beforeMs: last.wall, afterMs: wall, elapsedMs: elapsed, asleep };
    if (elapsed > this.stallMs) return { kind: 'stall', startMs: wall - elapsed, endMs: wall, asleep };
    return null;
  }

  private readSleptOffset(mono: number): number | null {
    const boot = this.clock.sinceBoot?.() ?? null;
    return boot === null ? null : boot - mono;
  }
}

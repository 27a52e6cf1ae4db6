import { readFileSync } from 'node:fs';

/** Time source; the replay and the tests drive a virtual one. */
export interface Clock {
  /** Wall-clock time (epoch ms): what is stored and shown. It can jump (NTP, a manual change). */
  now(): number;
  /**
   * A clock that only moves forward at the pace of real time while this process can run, whatever the
   * wall clock does (ms, any origin). Comparing the two tells a clock change from time passing.
   */
  monotonic?(): number;
  /** Like `monotonic`, but it also counts time the computer slept (ms, any origin); null where unknown. */
  sinceBoot?(): number | null;
}

/** Linux's CLOCK_BOOTTIME as /proc/uptime shows it; read only when the other two disagree. */
function uptimeMs(): number | null {
  try {
    return Number.parseFloat(readFileSync('/proc/uptime', 'latin1')) * 1000;
  } catch {
    return null;
  }
}

export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now(), sinceBoot: uptimeMs };

/**
 * A virtual clock: `set` and `advance` move time on (every clock alike); `jump` changes only the wall
 * clock (someone set it); `sleep` is a suspend: wall and boot time pass, the monotonic clock stands still.
 */
export class ManualClock implements Clock {
  private mono = 0;
  private boot = 0;
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  monotonic(): number {
    return this.mono;
  }
  sinceBoot(): number {
    return this.boot;
  }
  set(ms: number): void {
    this.advance(ms - this.current);
  }
  advance(ms: number): void {
    this.current += ms;
    this.mono += ms;
    this.boot += ms;
  }
  jump(ms: number): void {
    this.current += ms;
  }
  sleep(ms: number): void {
    this.current += ms;
    this.boot += ms;
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();

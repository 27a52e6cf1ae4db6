import { ManualClock, systemClock, type Clock } from '../../clock';
import type { CaptureSource } from './capture-source';
import { createDesktopSource } from './create-desktop-source';
import type { IdleProbe } from './desktop-source';
import { ReplaySource } from './replay-source';

export interface ObservedSourceOptions {
  readonly source?: CaptureSource;
  /** A recorded day to observe instead of the desktop. */
  readonly replayDir?: string;
  readonly clock?: Clock;
  readonly idleProbe?: IdleProbe;
}

export interface ObservedSource {
  readonly source: CaptureSource;
  /** The observed day's time: a replay's own clock, set to the recorded day's start; else the given clock. */
  readonly clock: Clock;
  /**
   * The user's time: conversations happen in it even while a recorded day replays on its own clock (a
   * turn is stamped when it was really sent, so the window, the resume block and the transcript agree).
   */
  readonly userClock: Clock;
}

/** What the core observes (the given source, a recorded day, or the desktop) and the clocks that go with it. */
export function observedSource(options: ObservedSourceOptions): ObservedSource {
  const userClock = options.clock ?? systemClock;
  if (options.source) return { source: options.source, clock: userClock, userClock };
  if (options.replayDir) {
    const replayClock = userClock instanceof ManualClock ? userClock : new ManualClock(0);
    const replay = new ReplaySource(options.replayDir, replayClock);
    replayClock.set(replay.startMs);
    return { source: replay, clock: replayClock, userClock };
  }
  return { source: createDesktopSource(options.idleProbe), clock: userClock, userClock };
}

import type { ManualClock } from '../../src/core/clock';
import { replayPolls, type ReplaySource } from '../../src/core/observe/sources/replay-source';
import type { ShadowCore } from '../../src/core/shadow-core';

/** Plays a recorded day (or a folder of days) on the virtual clock, letting memory finish its work after every poll (deterministic). */
export async function replayWithMemory(core: ShadowCore, pollIntervalMs = 1000): Promise<void> {
  const source = core.source as ReplaySource;
  const clock = core.clock as ManualClock;
  core.observer.start();
  for (const t of replayPolls(source, pollIntervalMs)) {
    clock.set(t);
    await core.observer.tick();
    await core.memory.pipeline.idle();
  }
  core.observer.stop('the recorded day ended');
  await core.memory.pipeline.idle();
}

import type { ShadowCore } from '../shadow-core';
import { LOCAL_DEVICE } from '../store/repositories/device-repository';
import { localDateOf } from '../time';

/**
 * Which local day every surface shows when none is asked for: today, unless this profile's latest
 * observation is a replayed recording (during the replay, or after it ended with nothing observed
 * since): then the replayed day, so `shadow today`, `shadow privacy`, MCP and the window agree.
 */
export function dayInView(core: ShadowCore): { date: string; replayed: boolean } {
  const [latest] = core.activity.scoped(LOCAL_DEVICE).listWorkSessions(1);
  if (latest?.source === 'replay') return { date: localDateOf(Date.parse(latest.startedAt)), replayed: true };
  return { date: localDateOf(core.clock.now()), replayed: false };
}

import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ShadowCore } from '../shadow-core';
import type { TimeWindow } from '../store/repositories/activity-repository';
import { localDateOf } from '../time';
import { consecutiveDays, dayTimeline } from '../timeline/day-timeline';
import { viewScope } from '../sync/device-filter';
import { LOCAL_DEVICE } from '../store/repositories/device-repository';
import { threadsIn } from '../understanding/day-threads';
import { threadSources } from './thread-sources';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function timelineHandlers(core: ShadowCore) {
  const timeline: Op<'timeline'> = ({ date, days, device }) => {
    core.observer.flushOpenSpan();
    const nowMs = core.clock.now();
    const scope = viewScope(core.sync, device);
    const deps = {
      activity: core.activity.scoped(scope),
      tasks: core.memory.repositories.tasks.scoped(scope),
      summaries: core.memory.repositories.summaries.scoped(scope),
      // The coverage record is this device's: its gaps say nothing of another device's day.
      coverage: scope === null || scope === LOCAL_DEVICE ? (window: TimeWindow) => core.coverage.stretches(window) : undefined,
      localDeviceId: core.sync.devices.local().id,
      threads: (window: TimeWindow, now: number) => threadsIn(threadSources(core, scope), window, now),
    };
    return {
      now: iso(nowMs),
      days: consecutiveDays(date ?? localDateOf(nowMs), days).map((day) => dayTimeline(deps, day, nowMs)),
    };
  };
  return { timeline };
}

import type { OperationOutput, OperationParsedInput, Operations } from '../../shared/contract/index';
import { iso } from '../clock';
import type { ShadowCore } from '../shadow-core';
import type { TimeWindow } from '../store/repositories/activity-repository';
import { localDateOf } from '../time';
import { consecutiveDays, dayTimeline } from '../timeline/day-timeline';

type Op<K extends keyof Operations> = (input: OperationParsedInput<Operations[K]>) => OperationOutput<Operations[K]>;

export function timelineHandlers(core: ShadowCore) {
  const timeline: Op<'timeline'> = ({ date, days }) => {
    core.observer.flushOpenSpan();
    const nowMs = core.clock.now();
    const deps = {
      activity: core.activity,
      tasks: core.memory.repositories.tasks,
      summaries: core.memory.repositories.summaries,
      coverage: (window: TimeWindow) => core.coverage.stretches(window),
    };
    return {
      now: iso(nowMs),
      days: consecutiveDays(date ?? localDateOf(nowMs), days).map((day) => dayTimeline(deps, day, nowMs)),
    };
  };
  return { timeline };
}

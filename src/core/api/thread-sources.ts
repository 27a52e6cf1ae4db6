import type { ShadowCore } from '../shadow-core';
import type { DeviceScope } from '../store/repositories/device-repository';
import type { DayThreadSources } from '../understanding/day-threads';

/** What the work threads of a day are read from, of every device or one (the day, the timeline). */
export function threadSources(core: ShadowCore, scope: DeviceScope): DayThreadSources {
  return {
    tasks: core.memory.repositories.tasks.scoped(scope),
    items: core.understanding.items.scoped(scope),
    activity: core.activity.scoped(scope),
    interviewAnswers: () => core.memory.repositories.interview.answers(),
    refresh: () => core.understanding.refresh(),
  };
}

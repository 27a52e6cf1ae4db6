import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { Observer } from '../../observe/observer';
import type { ActivityRepository } from '../../store/repositories/activity-repository';
import type { MemoryTaskRepository } from '../../store/repositories/memory-task-repository';
import { segmentTasks } from '../task-segmentation';
import type { SessionState } from './work-session-tracker';

export interface TaskTrackerDeps {
  readonly observer: Pick<Observer, 'flushOpenSpan'>;
  readonly activity: ActivityRepository;
  readonly tasks: MemoryTaskRepository;
  readonly events: EventBus;
}

/** Cuts the followed work session into tasks, stores them, and announces each task boundary. */
export class TaskTracker {
  constructor(private readonly deps: TaskTrackerDeps) {}

  /** Re-cuts the work session into tasks; true when a task boundary was crossed. */
  recut(s: SessionState, nowMs: number, open: boolean): boolean {
    const { observer, activity, tasks: repository, events } = this.deps;
    observer.flushOpenSpan();
    s.spans = activity.sessionSpans(s.id);
    const tasks = segmentTasks(s.spans, open);
    const closedBefore = s.tasks.filter((t) => !t.open).length;
    const closedNow = tasks.filter((t) => !t.open);
    const changed = tasks.length !== s.tasks.length || tasks.some((t, i) => t.name !== s.tasks[i]?.name || t.open !== s.tasks[i]?.open);
    s.tasks = tasks;
    s.lastTasksAtMs = nowMs;
    repository.replaceSessionTasks(s.id, tasks);
    const boundary = open && closedNow.length > closedBefore;
    if (boundary) {
      s.boundarySinceSummary = true;
      for (const ended of closedNow.slice(closedBefore)) {
        const next = tasks[tasks.indexOf(ended) + 1];
        events.emit('task:boundary', { workSessionId: s.id, at: iso(ended.endMs), endedTask: ended.name, startedTask: next?.name ?? null });
      }
    }
    if (changed) events.emit('context:session-updated', { workSessionId: s.id, at: iso(nowMs), reason: 'tasks' });
    return boundary;
  }

  /** The work session ended: its tasks are cut one last time and none stays open. */
  close(s: SessionState, atMs: number): void {
    this.recut(s, atMs, false);
    this.deps.tasks.closeOpenTasks(s.id);
  }
}

import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { Observer } from '../../observe/observer';
import type { ActivityRepository } from '../../store/repositories/activity-repository';
import type { MemoryTaskRepository } from '../../store/repositories/memory-task-repository';
import { segmentTasks } from '../task-segmentation';
import type { WorkSessionState } from './work-session-tracker';

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
  recut(workSession: WorkSessionState, nowMs: number, open: boolean): boolean {
    const { observer, activity, tasks: repository, events } = this.deps;
    observer.flushOpenSpan();
    workSession.spans = activity.workSessionSpans(workSession.id);
    const tasks = segmentTasks(workSession.spans, open);
    const closedBefore = workSession.tasks.filter((t) => !t.open).length;
    const closedNow = tasks.filter((t) => !t.open);
    const changed =
      tasks.length !== workSession.tasks.length ||
      tasks.some((t, i) => t.name !== workSession.tasks[i]?.name || t.open !== workSession.tasks[i]?.open);
    workSession.tasks = tasks;
    workSession.lastTasksAtMs = nowMs;
    repository.replaceWorkSessionTasks(workSession.id, tasks);
    const boundary = open && closedNow.length > closedBefore;
    if (boundary) {
      workSession.boundarySinceSummary = true;
      for (const ended of closedNow.slice(closedBefore)) {
        const next = tasks[tasks.indexOf(ended) + 1];
        events.emit('task:boundary', {
          workSessionId: workSession.id,
          at: iso(ended.endMs),
          endedTask: ended.name,
          startedTask: next?.name ?? null,
        });
      }
    }
    if (changed) events.emit('context:session-updated', { workSessionId: workSession.id, at: iso(nowMs), reason: 'tasks' });
    return boundary;
  }

  /** The work session ended: its tasks are cut one last time and none stays open. */
  close(workSession: WorkSessionState, atMs: number): void {
    this.recut(workSession, atMs, false);
    this.deps.tasks.closeOpenTasks(workSession.id);
  }
}

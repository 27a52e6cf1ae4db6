import type { Observer } from '../../observe/observer';
import type { ActivityRepository } from '../../store/repositories/activity-repository';
import type { TaskRecord } from '../../store/repositories/memory-task-repository';
import type { MemoryRepositories } from '../memory-repositories';
import type { WorkSessionSnapshot } from '../work-session-digest';
import { segmentTasks, type SpanLike } from '../task-segmentation';

/** What memory keeps about the work session it follows, between frames. */
export interface SessionState {
  readonly id: number;
  readonly startMs: number;
  lastSummaryAtMs: number | null;
  boundarySinceSummary: boolean;
  lastTheoryAtMs: number | null;
  lastTasksAtMs: number | null;
  tasks: TaskRecord[];
  spans: SpanLike[];
}

export interface WorkSessionTrackerDeps {
  readonly activity: ActivityRepository;
  readonly observer: Pick<Observer, 'health'>;
  readonly repositories: Pick<MemoryRepositories, 'tasks' | 'summaries' | 'questions'>;
}

/** The work session memory follows: its state while the pipeline sees it, or one rebuilt from the store. */
export class WorkSessionTracker {
  private followed: SessionState | null = null;

  constructor(private readonly deps: WorkSessionTrackerDeps) {}

  /** A work session just started: follow it from a clean state. */
  begin(workSessionId: number, atMs: number): SessionState {
    this.followed = blankState(workSessionId, atMs);
    return this.followed;
  }

  /** The state of `workSessionId`, now followed (rebuilt when memory did not see it start). */
  follow(workSessionId: number, atMs: number): SessionState {
    if (this.followed?.id !== workSessionId) this.followed = this.rebuild(workSessionId, atMs);
    return this.followed;
  }

  /** The state of `workSessionId` without following it (a session that ended while another is followed). */
  stateOf(workSessionId: number, atMs: number): SessionState {
    return this.followed?.id === workSessionId ? this.followed : this.rebuild(workSessionId, atMs);
  }

  /** Stops following `workSessionId` (it ended). */
  finish(workSessionId: number): void {
    if (this.followed?.id === workSessionId) this.followed = null;
  }

  /** The work session being observed now, for a call made outside the pipeline (chat, a preview). */
  observedNow(nowMs: number): SessionState | null {
    const wsId = this.deps.observer.health().workSessionId;
    if (wsId === null || this.followed?.id === wsId) return this.followed;
    const s = this.rebuild(wsId, nowMs);
    s.spans = this.deps.activity.sessionSpans(wsId);
    s.tasks = segmentTasks(s.spans, true);
    return s;
  }

  /** What memory knows about `s` at `nowMs` (summaries, context). */
  snapshot(s: SessionState, nowMs: number): WorkSessionSnapshot {
    const { repositories, activity } = this.deps;
    return {
      workSessionId: s.id,
      startMs: s.startMs,
      nowMs,
      tasks: s.tasks,
      appTime: activity.appTime({ workSessionId: s.id }),
      questions: repositories.questions.listForSession(s.id),
      theory: repositories.tasks.latestTheory(s.id),
      latestSummary: repositories.summaries.latestForSession(s.id),
    };
  }

  /** State for a work session memory did not see start (memory started late, or a restart). */
  private rebuild(workSessionId: number, atMs: number): SessionState {
    const ws = this.deps.activity.getWorkSession(workSessionId);
    const latest = this.deps.repositories.summaries.latestForSession(workSessionId);
    return { ...blankState(workSessionId, ws ? Date.parse(ws.startedAt) : atMs), lastSummaryAtMs: latest ? Date.parse(latest.at) : null };
  }
}

function blankState(id: number, startMs: number): SessionState {
  return { id, startMs, lastSummaryAtMs: null, boundarySinceSummary: false, lastTheoryAtMs: null, lastTasksAtMs: null, tasks: [], spans: [] };
}

import type { Observer } from '../../observe/observer';
import type { ActivityRepository } from '../../store/repositories/activity-repository';
import type { TaskRecord } from '../../store/repositories/memory-task-repository';
import type { ScreenTextRepository } from '../../store/repositories/screen-text-repository';
import type { MemoryRepositories } from '../memory-repositories';
import { summarySince, type WorkSessionSnapshot } from '../work-session-digest';
import { segmentTasks, type SpanLike } from '../task-segmentation';

/** What memory keeps about the work session it follows, between frames. */
export interface WorkSessionState {
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
  readonly screenText: Pick<ScreenTextRepository, 'textBetween'>;
}

/** Screen-text rows a snapshot reads (newest first): enough to find the few windows read since the summary. */
const SCREEN_TEXT_ROWS = 40;

/** The work session memory follows: its state while the pipeline sees it, or one rebuilt from the store. */
export class WorkSessionTracker {
  private followed: WorkSessionState | null = null;

  constructor(private readonly deps: WorkSessionTrackerDeps) {}

  /** A work session just started: follow it from a clean state. */
  begin(workSessionId: number, atMs: number): WorkSessionState {
    this.followed = blankState(workSessionId, atMs);
    return this.followed;
  }

  /** The state of `workSessionId`, now followed (rebuilt when memory did not see it start). */
  follow(workSessionId: number, atMs: number): WorkSessionState {
    if (this.followed?.id !== workSessionId) this.followed = this.rebuild(workSessionId, atMs);
    return this.followed;
  }

  /** The state of `workSessionId` without following it (a work session that ended while another is followed). */
  stateOf(workSessionId: number, atMs: number): WorkSessionState {
    return this.followed?.id === workSessionId ? this.followed : this.rebuild(workSessionId, atMs);
  }

  /** Stops following `workSessionId` (it ended). */
  finish(workSessionId: number): void {
    if (this.followed?.id === workSessionId) this.followed = null;
  }

  /** The work session being observed now, for a call made outside the pipeline (chat, a preview). */
  observedNow(nowMs: number): WorkSessionState | null {
    const workSessionId = this.deps.observer.health().workSessionId;
    if (workSessionId === null || this.followed?.id === workSessionId) return this.followed;
    const workSession = this.rebuild(workSessionId, nowMs);
    workSession.spans = this.deps.activity.workSessionSpans(workSessionId);
    workSession.tasks = segmentTasks(workSession.spans, true);
    return workSession;
  }

  /** What memory knows about `workSession` at `nowMs` (for summaries and the LLM context). */
  snapshot(workSession: WorkSessionState, nowMs: number): WorkSessionSnapshot {
    const { repositories, activity, screenText } = this.deps;
    const latestSummary = repositories.summaries.latestForWorkSession(workSession.id);
    const since = summarySince({ latestSummary, startMs: workSession.startMs });
    return {
      workSessionId: workSession.id,
      startMs: workSession.startMs,
      nowMs,
      tasks: workSession.tasks,
      appTime: activity.appTime({ workSessionId: workSession.id }),
      questions: repositories.questions.listForWorkSession(workSession.id),
      theory: repositories.tasks.latestTheory(workSession.id),
      latestSummary,
      screenText: screenText.textBetween(since, nowMs + 1, SCREEN_TEXT_ROWS),
    };
  }

  /** State for a work session memory did not see start (memory started late, or a restart). */
  private rebuild(workSessionId: number, atMs: number): WorkSessionState {
    const workSession = this.deps.activity.getWorkSession(workSessionId);
    const latest = this.deps.repositories.summaries.latestForWorkSession(workSessionId);
    return {
      ...blankState(workSessionId, workSession ? Date.parse(workSession.startedAt) : atMs),
      lastSummaryAtMs: latest ? Date.parse(latest.at) : null,
    };
  }
}

function blankState(id: number, startMs: number): WorkSessionState {
  return {
    id,
    startMs,
    lastSummaryAtMs: null,
    boundarySinceSummary: false,
    lastTheoryAtMs: null,
    lastTasksAtMs: null,
    tasks: [],
    spans: [],
  };
}

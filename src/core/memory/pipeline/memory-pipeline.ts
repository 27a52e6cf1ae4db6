import { iso } from '../../clock';
import type { EventBus } from '../../events';
import type { Frame, SignificantChange } from '../../observe/frame';
import type { Observer } from '../../observe/observer';
import type { LlmContextService } from '../llm-context-service';
import type { MemoryHealth, MemoryWorkQueue } from './memory-work-queue';
import type { QuestionAsker } from './question-asker';
import { shouldUpdateSummary } from '../work-session-digest';
import type { SummaryWriter } from './summary-writer';
import type { TaskTracker } from './task-tracker';
import type { TheoryWriter } from './theory-writer';
import type { WorkSessionTracker } from './work-session-tracker';

export interface MemoryPipelineDeps {
  readonly events: EventBus;
  readonly observer: Pick<Observer, 'health'>;
  readonly queue: MemoryWorkQueue;
  readonly tracker: WorkSessionTracker;
  readonly tasks: TaskTracker;
  readonly theory: TheoryWriter;
  readonly summaries: SummaryWriter;
  readonly asker: QuestionAsker;
  readonly llmContext: Pick<LlmContextService, 'forgetHistory'>;
}

/** How often tasks are re-cut and the theory refreshed when nothing switched. */
const TASKS_EVERY_MS = 60_000;
const THEORY_EVERY_MS = 2 * 60_000;
/**
 * A switch of app inside the same task (a glance at mail while budgeting) refreshes the theory at most
 * this often: on the demo day half of such switches came within a minute of the last theory, a third of
 * the day's theory calls, each the same task's.
 */
const THEORY_AFTER_SWITCH_MS = 60_000;

/**
 * Memory driven by the core's events: follows each work session, and for kept frames re-cuts tasks,
 * refreshes the task theory, writes rolling and final summaries and asks clarifying questions.
 */
export class MemoryPipeline {
  /** The newest frame waiting to be processed: later frames replace it, so a slow LLM never builds a backlog. */
  private frameSlot: { frame: Frame; change: SignificantChange | null } | null = null;
  private readonly unsubscribe: Array<() => void> = [];
  /** Work sessions that ended and still await their final summary (id → end). */
  private readonly endingWorkSessions = new Map<number, number>();

  constructor(private readonly deps: MemoryPipelineDeps) {}

  /** Subscribes to the core's events. */
  start(): void {
    const { events, queue } = this.deps;
    this.unsubscribe.push(
      events.on('work-session:started', ({ workSessionId, at }) => {
        this.frameSlot = null;
        queue.enqueue(() => this.beginWorkSession(workSessionId, Date.parse(at)));
      }),
      events.on('frame:kept', ({ frame, change }) => {
        if (this.frameSlot) {
          // Keep the significant change of a replaced frame: it still marks a switch.
          this.frameSlot = { frame, change: change ?? this.frameSlot.change };
          return;
        }
        this.frameSlot = { frame, change };
        queue.enqueue(() => {
          const slot = this.frameSlot;
          this.frameSlot = null;
          return slot ? this.processFrame(slot.frame, slot.change) : Promise.resolve();
        });
      }),
      events.on('work-session:ended', ({ workSessionId, at }) => {
        const slot = this.frameSlot;
        this.frameSlot = null;
        if (slot) queue.enqueue(() => this.processFrame(slot.frame, slot.change));
        this.endingWorkSessions.set(workSessionId, Date.parse(at));
        queue.enqueue(() => this.endWorkSession(workSessionId, Date.parse(at)));
      }),
    );
  }

  /**
   * Stops listening. Work sessions that ended but whose final summary is still queued get an offline
   * final summary now, synchronously, because the database closes right after (app quit).
   */
  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const [id, atMs] of this.endingWorkSessions) {
      try {
        this.finishWorkSessionOffline(id, atMs);
      } catch (error) {
        this.deps.queue.report(error);
      }
    }
    this.endingWorkSessions.clear();
  }

  /** Resolves once every queued piece of memory work is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.deps.queue.idle();
  }

  health(): MemoryHealth {
    return this.deps.queue.health();
  }

  private beginWorkSession(workSessionId: number, atMs: number): void {
    this.deps.tracker.begin(workSessionId, atMs);
    this.deps.llmContext.forgetHistory();
  }

  private async endWorkSession(workSessionId: number, atMs: number): Promise<void> {
    if (!this.endingWorkSessions.delete(workSessionId)) return;
    const { tracker, tasks, events } = this.deps;
    const workSession = tracker.stateOf(workSessionId, atMs);
    tasks.close(workSession, atMs);
    const last = workSession.tasks.at(-1);
    if (last) events.emit('task:boundary', { workSessionId, at: iso(atMs), endedTask: last.name, startedTask: null });
    if (workSession.tasks.length > 0) await this.deps.summaries.write(workSession, atMs, 'final');
    tracker.finish(workSessionId);
    this.deps.llmContext.forgetHistory();
  }

  private finishWorkSessionOffline(workSessionId: number, atMs: number): void {
    const { tracker, tasks } = this.deps;
    const workSession = tracker.stateOf(workSessionId, atMs);
    tasks.close(workSession, atMs);
    if (workSession.tasks.length > 0) this.deps.summaries.writeFinalOffline(workSession, atMs);
    tracker.finish(workSessionId);
  }

  private async processFrame(frame: Frame, change: SignificantChange | null): Promise<void> {
    const workSessionId = this.deps.observer.health().workSessionId;
    if (workSessionId === null) return;
    const workSession = this.deps.tracker.follow(workSessionId, frame.at);
    const now = frame.at;
    const switched = change?.kind === 'app-switch' || change?.kind === 'title-change';
    let boundary = false;
    if (switched || workSession.lastTasksAtMs === null || now - workSession.lastTasksAtMs >= TASKS_EVERY_MS)
      boundary = this.deps.tasks.recut(workSession, now, true);
    const sinceTheory = workSession.lastTheoryAtMs === null ? Infinity : now - workSession.lastTheoryAtMs;
    if (boundary || sinceTheory >= THEORY_EVERY_MS || (change?.kind === 'app-switch' && sinceTheory >= THEORY_AFTER_SWITCH_MS)) {
      await this.deps.theory.refresh(workSession, frame, now);
    }
    if (
      shouldUpdateSummary(
        {
          lastSummaryAtMs: workSession.lastSummaryAtMs,
          workSessionStartMs: workSession.startMs,
          boundarySinceSummary: workSession.boundarySinceSummary,
        },
        now,
      )
    ) {
      await this.deps.summaries.write(workSession, now, 'rolling');
    }
    await this.deps.asker.maybeAsk(workSession, frame, now);
  }
}

import type { WorkSessionDetail } from '../../shared/contract/memory';
import type { WorkflowDeviation } from '../../shared/contract/workflows';
import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { LlmClient } from '../llm/llm-client';
import type { Observer } from '../observe/observer';
import type { Db } from '../store/database';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { WorkItemRepository } from '../store/repositories/work-item-repository';
import { threadsIn, type DayThreadSources } from '../understanding/day-threads';
import { InterviewService } from './interview-service';
import { LlmContextService } from './llm-context-service';
import { memoryLlmCall } from './pipeline/memory-llm-call';
import { MemoryPipeline } from './pipeline/memory-pipeline';
import { memoryRepositories, type MemoryRepositories } from './memory-repositories';
import { MemoryWorkQueue } from './pipeline/memory-work-queue';
import { QuestionAsker } from './pipeline/question-asker';
import { QuestionInbox } from './question-inbox';
import { SummaryWriter } from './pipeline/summary-writer';
import { TaskTracker } from './pipeline/task-tracker';
import { TheoryWriter } from './pipeline/theory-writer';
import { workflowGuide } from './workflow-guide';
import { workSessionDetail } from './work-session-detail';
import { WorkSessionTracker } from './pipeline/work-session-tracker';

export interface MemoryDeps {
  readonly db: Db;
  readonly settings: Settings;
  readonly events: EventBus;
  readonly clock: Clock;
  readonly llm: LlmClient;
  readonly activity: ActivityRepository;
  readonly screenText: ScreenTextRepository;
  readonly observer: Observer;
  /** A demo profile's `interview.json`, used when the interview has no answers yet. */
  readonly interviewSeedFile?: string | null;
  /** The user's own time where `clock` is a replay's: when the guide says it was generated (as `shadow guide` does). */
  readonly userClock?: Clock;
  /** How today's work left its usual workflows (src/core/workflows/): the clarifying questions may ask about it. */
  readonly workflowDeviations?: () => readonly WorkflowDeviation[];
  /** The workflows as procedures (Markdown), for the guide. */
  readonly procedures?: () => string | null;
  /**
   * Brings the work items up to date (src/core/understanding/): `refresh` with what is read so far,
   * `settled` once the screens still being read are in too (the final summary waits for it).
   */
  readonly workItems?: { refresh(): void; settled(): Promise<void> };
}

/** The memory layer: what the pipeline learns from the workday, and what the user and other features ask of it. */
export interface Memory {
  readonly repositories: MemoryRepositories;
  /** Tasks, task theory, summaries and clarifying questions, from the core's events (`start` it). */
  readonly pipeline: MemoryPipeline;
  /** The LLM context every call is given, and its receipts. */
  readonly llmContext: LlmContextService;
  readonly questions: QuestionInbox;
  readonly interview: InterviewService;
  workSessionDetail(id: number): WorkSessionDetail | null;
  guide(): { markdown: string; generatedAt: string };
}

export function createMemory(deps: MemoryDeps): Memory {
  const { db, settings, events, clock, llm, activity, screenText, observer } = deps;
  const repositories = memoryRepositories(db);
  const queue = new MemoryWorkQueue({ clock, events });
  const items = new WorkItemRepository(db);
  const threadSources = (tasks: DayThreadSources['tasks']): DayThreadSources => ({
    tasks,
    items,
    activity,
    interviewAnswers: () => repositories.interview.answers(),
    refresh: () => deps.workItems?.refresh(),
  });
  const tracker = new WorkSessionTracker({ activity, observer, repositories, screenText });
  const llmContext = new LlmContextService({ clock, llm, observer, repositories, tracker, dedupMinChange: settings.dedupMinChange });
  const call = memoryLlmCall(llm, llmContext);
  const forgetHistory = (): void => llmContext.forgetHistory();
  const pipeline = new MemoryPipeline({
    events,
    observer,
    queue,
    tracker,
    llmContext,
    tasks: new TaskTracker({ observer, activity, tasks: repositories.tasks, events }),
    theory: new TheoryWriter({ call, tasks: repositories.tasks, screenText, events }),
    summaries: new SummaryWriter({
      call,
      summaries: repositories.summaries,
      tracker,
      events,
      // The summaries tell the work session in work threads: its stored tasks joined by the items they share.
      threads: (startMs, nowMs) => threadsIn(threadSources(repositories.tasks), { startMs, endMs: nowMs + 1 }, nowMs),
      settled: deps.workItems ? () => deps.workItems!.settled() : undefined,
    }),
    asker: new QuestionAsker({
      call,
      settings,
      observer,
      activity,
      questions: repositories.questions,
      events,
      workflowDeviations: deps.workflowDeviations,
    }),
  });
  const interview = new InterviewService({
    interview: repositories.interview,
    llm,
    clock,
    events,
    onChanged: forgetHistory,
    receipts: (receipt, result) => llmContext.recordCall(receipt, result),
  });
  if (deps.interviewSeedFile) {
    try {
      interview.seedFrom(deps.interviewSeedFile);
    } catch (error) {
      queue.report(error);
    }
  }
  return {
    repositories,
    pipeline,
    llmContext,
    questions: new QuestionInbox({ questions: repositories.questions, clock, events, onAnswered: forgetHistory }),
    interview,
    workSessionDetail: (id) =>
      workSessionDetail(
        {
          repositories,
          activity,
          threads: (window) => threadsIn(threadSources({ listTasksIn: () => repositories.tasks.listTasks(id) }), window, clock.now()),
        },
        id,
      ),
    guide: () => {
      const userNow = (deps.userClock ?? clock).now();
      return workflowGuide(
        {
          repositories,
          activity,
          procedures: deps.procedures,
          threads: (window, nowMs) => threadsIn(threadSources(repositories.tasks), window, nowMs),
        },
        Math.max(clock.now(), userNow),
        userNow,
      );
    },
  };
}

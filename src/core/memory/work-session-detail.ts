import type { WorkSessionDetail, WorkThreadView } from '../../shared/contract/memory';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { MemoryRepositories } from './memory-repositories';

export interface WorkSessionDetailSources {
  readonly repositories: Pick<MemoryRepositories, 'tasks' | 'questions' | 'summaries'>;
  readonly activity: ActivityRepository;
  /** Its tasks joined into work threads, within its time; none when not given. */
  readonly threads?: (window: TimeWindow) => WorkThreadView[];
}

/** One work session with everything memory knows about it: tasks, work threads, app time, questions, theory, summaries. */
export function workSessionDetail({ repositories, activity, threads }: WorkSessionDetailSources, id: number): WorkSessionDetail | null {
  const workSession = activity.getWorkSession(id);
  if (!workSession) return null;
  const startMs = Date.parse(workSession.startedAt);
  const tasks = repositories.tasks.listTasks(id);
  // An open work session goes on: its open task runs until now.
  const endMs = workSession.endedAt ? Date.parse(workSession.endedAt) : Number.MAX_SAFE_INTEGER;
  return {
    ...workSession,
    tasks,
    threads: threads?.({ startMs, endMs }) ?? [],
    appTime: { date: null, workSessionId: id, ...activity.appTime({ workSessionId: id }) },
    questions: repositories.questions.listForWorkSession(id),
    theory: repositories.tasks.latestTheory(id),
    summaries: repositories.summaries.listForWorkSession(id),
  };
}

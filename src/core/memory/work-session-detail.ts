import type { WorkSessionDetail } from '../../shared/contract/memory';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { MemoryRepositories } from './memory-repositories';

/** One work session with everything memory knows about it: tasks, app time, questions, theory, summaries. */
export function workSessionDetail(
  { repositories, activity }: { repositories: Pick<MemoryRepositories, 'tasks' | 'questions' | 'summaries'>; activity: ActivityRepository },
  id: number,
): WorkSessionDetail | null {
  const workSession = activity.getWorkSession(id);
  if (!workSession) return null;
  return {
    ...workSession,
    tasks: repositories.tasks.listTasks(id),
    appTime: { date: null, workSessionId: id, ...activity.appTime({ workSessionId: id }) },
    questions: repositories.questions.listForWorkSession(id),
    theory: repositories.tasks.latestTheory(id),
    summaries: repositories.summaries.listForWorkSession(id),
  };
}

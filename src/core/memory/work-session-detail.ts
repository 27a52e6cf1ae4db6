import type { WorkSessionDetail } from '../../shared/contract/memory';
import type { ActivityRepository } from '../store/repositories/activity-repository';
import type { MemoryRepositories } from './memory-repositories';

/** One work session with everything memory knows about it: tasks, app time, questions, theory, summaries. */
export function workSessionDetail(
  { repositories, activity }: { repositories: Pick<MemoryRepositories, 'tasks' | 'questions' | 'summaries'>; activity: ActivityRepository },
  id: number,
): WorkSessionDetail | null {
  const ws = activity.getWorkSession(id);
  if (!ws) return null;
  return {
    ...ws,
    tasks: repositories.tasks.listTasks(id),
    appTime: { date: null, workSessionId: id, ...activity.appTime({ workSessionId: id }) },
    questions: repositories.questions.listForSession(id),
    theory: repositories.tasks.latestTheory(id),
    summaries: repositories.summaries.listForSession(id),
  };
}

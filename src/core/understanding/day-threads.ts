import type { Task, WorkThreadView } from '../../shared/contract/memory';
import { iso } from '../clock';
import type { ActivityRepository, TimeWindow } from '../store/repositories/activity-repository';
import type { Sighting } from '../store/repositories/work-item-repository';
import { userIdentity } from './user-identity';
import { joinThreads, type ThreadItem, type WorkThread } from './work-threads';

/** What the threads of a stretch are read from: its tasks, the work items seen in it, app time and the interview. */
export interface DayThreadSources {
  readonly tasks: { listTasksIn(window: TimeWindow): Task[] };
  readonly items: { sightingsIn(window: TimeWindow): Sighting[] };
  readonly activity: Pick<ActivityRepository, 'appTime'>;
  /** The onboarding interview's answers by question (who the user is: never what their work was about). */
  readonly interviewAnswers: () => Readonly<Record<string, string>>;
  /** Brings the work items up to date first (nothing for a reader). */
  readonly refresh?: () => void;
}

/**
 * The work threads of a stretch of time as every surface tells them (Today, the summaries, "summarise
 * my day", `shadow today`, MCP): the stretch's tasks, clipped to it, joined by the work item they share.
 * The same tasks, clipping and active time as the chat's answers, so the counts agree everywhere.
 */
export function threadsIn(sources: DayThreadSources, window: TimeWindow, nowMs: number): WorkThreadView[] {
  sources.refresh?.();
  const tasks = sources.tasks
    .listTasksIn(window)
    .map((t) => {
      const startMs = Date.parse(t.startedAt);
      // An open task runs until now, as the day chart draws it.
      const endMs = t.endedAt === null ? Math.max(startMs, nowMs) : startMs + t.durationSeconds * 1000;
      return { task: t, startMs: Math.max(startMs, window.startMs), endMs: Math.min(endMs, window.endMs) };
    })
    .filter((t) => t.endMs > t.startMs);
  const sightings = sources.items.sightingsIn(window);
  const answers = sources.interviewAnswers();
  const identity = userIdentity(answers, sightings);
  const threads = joinThreads(
    tasks.map(({ task, startMs, endMs }) => ({
      id: task.id,
      name: task.name,
      startMs,
      endMs,
      seconds: sources.activity.appTime({ window: { startMs, endMs } }).totalActiveSeconds,
      apps: task.apps,
      titles: task.titles,
      ...(task.device && { device: task.device }),
    })),
    sightings,
    identity,
  );
  return threads.map(threadView);
}

function threadView(thread: WorkThread): WorkThreadView {
  // Its work item's state as its own screens last showed it.
  const state = thread.state;
  return {
    id: thread.id,
    name: thread.anchor ? thread.name : (thread.tasks[0]?.name ?? thread.subject),
    kind: thread.anchor ? kindWord(thread.anchor) : null,
    subject: thread.subject,
    startedAt: iso(thread.startMs),
    endedAt: iso(thread.endMs),
    seconds: thread.seconds,
    apps: [...thread.apps],
    state: state ? { text: state.text, status: state.cls, at: iso(state.atMs) } : null,
    taskIds: thread.tasks.flatMap((t) => (t.id === null ? [] : [t.id])),
    records: thread.records.map((r) => r.name),
  };
}

/**
 * What kind of record a thread is about, in everyday words: a family the label named ("invoice",
 * "purchase order"), a ticket for a key with a tracker's prefix of its own ("ENG-142"), a document.
 */
export function kindWord(item: ThreadItem): string | null {
  if (item.kind === 'document') return 'document';
  if (item.kind !== 'identifier') return null;
  if (/^[A-Z][A-Z0-9]+$/.test(item.role)) return 'ticket';
  if (/^[a-z][a-z ]+$/.test(item.role) && item.role !== 'number') return item.role;
  return null;
}

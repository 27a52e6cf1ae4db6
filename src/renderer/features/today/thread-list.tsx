import type { DayTimeline, WorkThreadView } from '../../../shared/contract/index';
import { formatDuration } from '../../format';
import { isJoined, threadCount, threadName, threadSpan, threadState } from '../../../shared/thread-words';

/** How a state leaves the work, for its badge: still to do, waiting on someone, booked, finished, turned down. */
const STATE_LOOK: Readonly<Record<string, string>> = {
  open: 'state-open',
  waiting: 'state-waiting',
  scheduled: 'state-waiting',
  done: 'state-done',
  declined: 'state-declined',
};

function ThreadRow({ thread, onOpen }: { readonly thread: WorkThreadView; readonly onOpen: (taskId: number) => void }) {
  const state = threadState(thread);
  const first = thread.taskIds[0];
  const apps = thread.apps.slice(0, 3).join(', ') + (thread.apps.length > 3 ? ` and ${thread.apps.length - 3} more` : '');
  return (
    <li data-testid="thread" data-thread-id={thread.id}>
      <div className="thread-head">
        <time dateTime={thread.startedAt}>{threadSpan(thread)}</time>{' '}
        {first === undefined ? (
          <strong data-testid="thread-name">{threadName(thread)}</strong>
        ) : (
          <button type="button" className="link" onClick={() => onOpen(first)} data-testid="thread-name">
            {threadName(thread)}
          </button>
        )}
        {state && (
          <span className={`thread-state ${STATE_LOOK[thread.state?.status ?? ''] ?? ''}`} data-testid="thread-state">
            {state}
          </span>
        )}
      </div>
      <div className="muted small">
        {formatDuration(thread.seconds)} in all
        {thread.taskIds.length > 1 ? ` · ${thread.taskIds.length} tasks` : ''}
        {apps ? ` · ${apps}` : ''}
      </div>
    </li>
  );
}

/**
 * The day's work in threads: each record worked on across apps and hours (when, how long in all, which
 * apps and its state when last seen), then the tasks that were about nothing in particular, as they are.
 */
export function ThreadList({ day, onOpen }: { readonly day: DayTimeline; readonly onOpen: (taskId: number) => void }) {
  const joined = day.threads.filter(isJoined);
  const own = day.threads.filter((t) => !isJoined(t));
  if (day.threads.length === 0) return null;
  return (
    <section className="card thread-list" aria-labelledby="threads-title" data-testid="thread-list">
      <div className="card-head wrap">
        <h2 id="threads-title">Work threads</h2>
        <span className="muted" data-testid="thread-count">
          {threadCount(day.tasks.length, day.threads.length)}
        </span>
      </div>
      {joined.length > 0 && (
        <ol>
          {joined.map((thread) => (
            <ThreadRow key={thread.id} thread={thread} onOpen={onOpen} />
          ))}
        </ol>
      )}
      {own.length > 0 && (
        <>
          <p className="small muted">{joined.length > 0 ? 'Other tasks' : 'Tasks'}</p>
          <ol>
            {own.map((thread) => (
              <ThreadRow key={thread.id} thread={thread} onOpen={onOpen} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

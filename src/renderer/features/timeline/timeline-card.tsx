import type { ShadowClient } from '../../api/index';
import { formatClockTime, formatDuration } from '../../format';
import { useOperation } from '../../hooks/use-operation';

const REFRESH_MS = 30_000;

/**
 * The latest work session as a timeline: what the shadow thinks you are doing now, the tasks it
 * cut the day into (newest first), and its latest summary.
 */
export function TimelineCard({ client, workSessionId }: { readonly client: ShadowClient; readonly workSessionId: number }) {
  const detail = useOperation(
    client,
    'getWorkSession',
    { id: workSessionId },
    { refreshOn: ['task:boundary', 'context:session-updated', 'context:summary-generated'], intervalMs: REFRESH_MS },
  );
  const workSession = detail.data;
  const tasks = workSession ? [...workSession.tasks].reverse() : [];
  const summary = workSession?.summaries.at(-1) ?? null;
  return (
    <section className="card" aria-labelledby="timeline-title">
      <div className="card-head">
        <h2 id="timeline-title">Timeline</h2>
        <span className="muted">
          {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'}
        </span>
      </div>
      {detail.error && !workSession && <p className="error-line small">{detail.error}</p>}
      {workSession?.theory && (
        <p className="theory" data-testid="task-theory">
          <span className="muted small">Now, it looks like: </span>
          {workSession.theory.text}
        </p>
      )}
      {workSession && tasks.length === 0 && <p className="muted small">Tasks appear here as the work goes on.</p>}
      <ol className="timeline" data-testid="timeline">
        {tasks.map((task) => (
          <li key={task.id} data-testid="timeline-task">
            <time className="muted small" dateTime={task.startedAt}>
              {formatClockTime(task.startedAt)}
              {task.endedAt ? `–${formatClockTime(task.endedAt)}` : ' – now'}
            </time>
            <div>
              <div>
                <strong>{task.name}</strong> <span className="muted small">{formatDuration(task.durationSeconds)}</span>
              </div>
              {task.brief && <div className="muted small">{task.brief}</div>}
            </div>
          </li>
        ))}
      </ol>
      {summary && (
        <details className="latest-summary">
          <summary className="small">
            Latest summary ({summary.kind}, {formatClockTime(summary.at)})
          </summary>
          <p className="small" data-testid="latest-summary">
            {summary.text}
          </p>
        </details>
      )}
    </section>
  );
}

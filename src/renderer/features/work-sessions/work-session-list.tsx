import type { WorkSession } from '../../../shared/contract/index';
import { formatDateTime, formatDuration } from '../../format';

export function WorkSessionList({ workSessions }: { readonly workSessions: readonly WorkSession[] | null }) {
  if (!workSessions) return <p className="muted">Loading work sessions…</p>;
  return (
    <section className="card" aria-labelledby="work-sessions-title">
      <div className="card-head">
        <h2 id="work-sessions-title">Work sessions</h2>
        <span className="muted">{workSessions.length}</span>
      </div>
      {workSessions.length === 0 ? (
        <p className="muted small">No work sessions yet.</p>
      ) : (
        <ul className="work-sessions" data-testid="work-sessions">
          {workSessions.map((workSession) => (
            <li key={workSession.id}>
              <div>
                <span className={`tag status-${workSession.status}`}>{workSession.status}</span>{' '}
                <span>{formatDateTime(workSession.startedAt)}</span>
                {workSession.endedAt && <span className="muted"> → {formatDateTime(workSession.endedAt)}</span>}
              </div>
              <div className="muted small">
                {formatDuration(workSession.activeSeconds)} active · {formatDuration(workSession.idleSeconds)} idle
                {workSession.privateSeconds > 0 && ` · ${formatDuration(workSession.privateSeconds)} private`}
                {workSession.endReason && ` · ${workSession.endReason}`}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { WorkSession } from '../../../shared/contract/index';
import { formatDateTime, formatDuration } from '../../format';

export function WorkSessionList({ sessions }: { readonly sessions: readonly WorkSession[] | null }) {
  if (!sessions) return <p className="muted">Loading work sessions…</p>;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="card-head">
        <h2 id="sessions-title">Work sessions</h2>
        <span className="muted">{sessions.length}</span>
      </div>
      {sessions.length === 0 ? (
        <p className="muted small">No work sessions yet.</p>
      ) : (
        <ul className="sessions" data-testid="work-sessions">
          {sessions.map((session) => (
            <li key={session.id}>
              <div>
                <span className={`tag status-${session.status}`}>{session.status}</span>{' '}
                <span>{formatDateTime(session.startedAt)}</span>
                {session.endedAt && <span className="muted"> → {formatDateTime(session.endedAt)}</span>}
              </div>
              <div className="muted small">
                {formatDuration(session.activeSeconds)} active · {formatDuration(session.idleSeconds)} idle
                {session.privateSeconds > 0 && ` · ${formatDuration(session.privateSeconds)} private`}
                {session.endReason && ` · ${session.endReason}`}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

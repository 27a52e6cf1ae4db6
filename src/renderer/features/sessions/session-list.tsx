import type { Session } from '../../../shared/contract/sessions';
import { agoText } from '../../../shared/ago-text';
import type { ShadowClient } from '../../api/index';
import { useNow } from '../../hooks/use-now';
import { useOperation } from '../../hooks/use-operation';

interface SessionListProps {
  readonly client: ShadowClient;
  readonly selectedId: string | null;
  readonly onSelect: (session: Session) => void;
  readonly onNew: () => void;
  readonly onOpenResume: () => void;
}

/** The conversations, last active first, with "New chat" and the resume dialog. */
export function SessionList({ client, selectedId, onSelect, onNew, onOpenResume }: SessionListProps) {
  const list = useOperation(
    client,
    'listSessions',
    { limit: 30 },
    { refreshOn: ['session:turn-completed', 'session:title-changed', 'session:status-changed', 'session:deleted'], intervalMs: 60_000 },
  );
  const sessions = list.data?.sessions ?? [];
  const now = useNow();
  return (
    <aside className="session-sidebar" aria-label="Conversations">
      <div className="sidebar-actions">
        <button type="button" className="primary" onClick={onNew} data-testid="new-session">
          New chat
        </button>
        <button type="button" onClick={onOpenResume} data-testid="open-resume" title="Find and resume an earlier conversation">
          Resume…
        </button>
      </div>
      {list.error && <p className="error-line small">{list.error}</p>}
      {list.data && sessions.length === 0 && <p className="muted small">No conversations yet.</p>}
      <ul className="session-items">
        {sessions.map((session) => (
          <li key={session.id}>
            <button
              type="button"
              className={session.id === selectedId ? 'session-item selected' : 'session-item'}
              onClick={() => onSelect(session)}
              data-testid="session-item"
              data-session-id={session.id}
            >
              <span className="ellipsis session-item-title">{session.title || 'New conversation'}</span>
              <span className="muted small">
                {session.type !== 'chat' && <span className="tag">{session.type}</span>}{' '}
                {[
                  session.status !== 'active' && session.status,
                  session.elsewhere && `on ${session.device?.name ?? 'another computer'}`,
                  agoText(Date.parse(session.lastActiveAt), now),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ResumeView, Session } from '../../../shared/contract/sessions';
import { agoText } from '../../../shared/ago-text';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { useDialog } from '../../hooks/use-dialog';
import { useNow } from '../../hooks/use-now';

const SEARCH_DELAY_MS = 150;

interface ResumeDialogProps {
  readonly client: ShadowClient;
  readonly onResumed: (view: ResumeView) => void;
  readonly onClose: () => void;
}

/** Recent sessions with search and fuzzy title match; choosing one resumes it (Claude Code's /resume). */
export function ResumeDialog({ client, onResumed, onClose }: ResumeDialogProps) {
  const [query, setQuery] = useState('');
  const [sessions, setSessions] = useState<readonly Session[] | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow();
  const dialog = useDialog<HTMLDivElement>(onClose);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      const q = query.trim();
      client
        .call('listSessions', { limit: 30, ...(q && { q }) })
        .then((answer) => {
          if (cancelled) return;
          setSessions(answer.sessions);
          setActive(0);
          setError(null);
        })
        .catch((failure: unknown) => !cancelled && setError(messageOf(failure)));
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, query]);

  const resume = async (session: Session): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      onResumed(await client.call('resumeSession', { id: session.id }));
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const count = sessions?.length ?? 0;
    if (event.key === 'ArrowDown' && count) setActive((i) => (i + 1) % count);
    else if (event.key === 'ArrowUp' && count) setActive((i) => (i - 1 + count) % count);
    else if (event.key === 'Enter' && sessions?.[active]) void resume(sessions[active]);
    else return;
    event.preventDefault();
  };

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="modal resume-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="resume-title"
        onKeyDown={onKeyDown}
        ref={dialog}
        tabIndex={-1}
        data-testid="resume-dialog"
      >
        <div className="card-head">
          <h2 id="resume-title">Resume a conversation</h2>
          <button type="button" className="link icon" onClick={onClose} aria-label="Close the resume dialog">
            ×
          </button>
        </div>
        <input
          type="search"
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by title, type or summary"
          aria-label="Search conversations"
          role="combobox"
          aria-expanded={Boolean(sessions?.length)}
          aria-controls="resume-options"
          aria-autocomplete="list"
          aria-activedescendant={sessions?.[active] ? `resume-option-${active}` : undefined}
          data-testid="resume-search"
        />
        {error && <p className="error-line small">{error}</p>}
        {sessions?.length === 0 && (
          <p className="muted small">{query.trim() ? `Nothing matches “${query.trim()}”.` : 'No conversations yet.'}</p>
        )}
        {/* A combobox: the search keeps the focus, ↑↓ move the active option, Enter or a click resumes it. */}
        <ul className="resume-items" role="listbox" id="resume-options" aria-label="Conversations" aria-busy={busy}>
          {sessions?.map((session, i) => (
            <li
              key={session.id}
              id={`resume-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'resume-item active' : 'resume-item'}
              onMouseEnter={() => setActive(i)}
              onClick={() => !busy && void resume(session)}
              data-testid="resume-item"
              data-session-id={session.id}
            >
              <span className="resume-item-head">
                <span className="tag">{session.type}</span>
                <strong className="ellipsis">{session.title || 'New conversation'}</strong>
                <span className={`tag status-${session.status}`}>{session.status}</span>
              </span>
              <span className="muted small">
                {agoText(Date.parse(session.lastActiveAt), now)} · {session.turnCount} {session.turnCount === 1 ? 'turn' : 'turns'}
              </span>
              {session.contextSummary && <span className="small resume-summary">{session.contextSummary}</span>}
            </li>
          ))}
        </ul>
        <p className="muted small">↑↓ to choose · Enter to resume · Esc to close</p>
      </div>
    </div>
  );
}

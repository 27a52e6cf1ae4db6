import { useEffect, useState } from 'react';
import type { SearchHit } from '../../../shared/contract/sessions';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { SnippetText } from '../markdown/markdown-text';
import { formatMoment } from '../../format';
import { useNow } from '../../hooks/use-now';
import { useOperation } from '../../hooks/use-operation';

/** Typing pauses this long before the search goes out. */
const SEARCH_DELAY_MS = 200;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

interface TocPanelProps {
  readonly client: ShadowClient;
  readonly sessionId: string;
  /** The turn last jumped to: its entry stays marked. */
  readonly current: number | null;
  readonly onJump: (turn: number) => void;
  /** Closes the panel where it is a drawer (narrow windows). */
  readonly onClose: () => void;
}

/**
 * The session's table of contents (a line per turn), search within it as you type, and how its title
 * changed; the entry jumped to stays marked.
 */
export function TocPanel({ client, sessionId, current, onJump, onClose }: TocPanelProps) {
  const now = useNow(60_000);
  const toc = useOperation(client, 'sessionToc', { id: sessionId }, { refreshOn: ['session:toc-updated', 'session:turn-completed'] });
  const titles = useOperation(client, 'titleHistory', { id: sessionId }, { refreshOn: ['session:title-changed'] });
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<{ readonly q: string; readonly hits: readonly SearchHit[] } | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const q = query.trim();

  // Searches as the user types, once typing pauses; an answer to older words is dropped.
  useEffect(() => {
    if (!q) return;
    let stale = false;
    const timer = setTimeout(() => {
      client
        .call('searchSession', { id: sessionId, q, limit: 20 })
        .then((answer) => {
          if (stale) return;
          setHits({ q, hits: answer.hits });
          setSearchError(null);
        })
        .catch((failure: unknown) => !stale && setSearchError(messageOf(failure)));
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [client, sessionId, q]);
  const shown = q && hits ? hits : null;

  return (
    <aside className="toc-sidebar" id="toc-panel" aria-label="Table of contents" data-testid="toc-panel">
      <div className="toc-drawer-head">
        <strong>This conversation</strong>
        <button type="button" className="link icon" onClick={onClose} aria-label="Close the contents">
          ×
        </button>
      </div>
      <form className="toc-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search this conversation"
          aria-label="Search this conversation"
          aria-controls={shown ? 'session-search-hits' : undefined}
          data-testid="session-search"
        />
      </form>
      {searchError && <p className="error-line small">{searchError}</p>}
      <p className="muted small toc-search-status" role="status" data-testid="session-search-status">
        {shown &&
          (shown.hits.length === 0
            ? `No turn mentions “${shown.q}”.`
            : `${plural(shown.hits.length, 'turn')} ${shown.hits.length === 1 ? 'mentions' : 'mention'} “${shown.q}”`)}
      </p>
      {shown && (
        <ul className="toc-list" id="session-search-hits" data-testid="session-search-hits">
          {shown.hits.map((hit) => (
            <li key={hit.turn}>
              <button
                type="button"
                className={hit.turn === current ? 'toc-entry current' : 'toc-entry'}
                aria-current={hit.turn === current ? 'location' : undefined}
                onClick={() => onJump(hit.turn)}
                data-testid="search-hit"
                data-turn={hit.turn}
              >
                <span className="toc-number">{hit.turn}</span>
                <SnippetText text={hit.snippet} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Contents {toc.data && <span className="muted">({toc.data.totalTurns})</span>}</h3>
      {toc.error && <p className="error-line small">{toc.error}</p>}
      {toc.data?.entries.length === 0 && <p className="muted small">Each turn gets a one-line summary here.</p>}
      <ol className="toc-list" data-testid="toc">
        {toc.data?.entries.map((entry) => (
          <li key={entry.turn}>
            <button
              type="button"
              className={entry.turn === current ? 'toc-entry current' : 'toc-entry'}
              aria-current={entry.turn === current ? 'location' : undefined}
              onClick={() => onJump(entry.turn)}
              data-testid="toc-entry"
              data-turn={entry.turn}
            >
              <span className="toc-number">{entry.turn}</span>
              <span className={entry.summary ? '' : 'muted'}>{entry.summary ?? 'summarizing…'}</span>
            </button>
          </li>
        ))}
      </ol>
      {titles.data && titles.data.entries.length > 1 && (
        <details className="title-history">
          <summary className="small">Title history ({titles.data.entries.length})</summary>
          <ol className="toc-list" data-testid="title-history">
            {titles.data.entries.map((entry) => (
              <li key={`${entry.changedAt}-${entry.turn}`}>
                <button
                  type="button"
                  className="title-entry"
                  onClick={() => onJump(entry.turn)}
                  aria-label={`“${entry.title}”, from turn ${entry.turn}: go to that turn`}
                  data-testid="title-history-entry"
                >
                  <span>{entry.title}</span>
                  <span className="muted small">
                    from turn {entry.turn} · <time dateTime={entry.changedAt}>{formatMoment(entry.changedAt, now)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}
    </aside>
  );
}

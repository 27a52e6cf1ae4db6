import { useState } from 'react';
import type { SearchHit } from '../../../shared/contract/sessions';
import type { ShadowClient } from '../../api/index';
import { errorText } from '../../error-text';
import { SnippetText } from '../markdown/markdown-text';
import { formatMoment } from '../../format';
import { useNow } from '../../hooks/use-now';
import { useOperation } from '../../hooks/use-operation';

interface TocPanelProps {
  readonly client: ShadowClient;
  readonly sessionId: string;
  readonly onJump: (turn: number) => void;
  /** Closes the panel where it is a drawer (narrow windows). */
  readonly onClose: () => void;
}

/** The session's table of contents (a line per turn), search within it, and how its title changed. */
export function TocPanel({ client, sessionId, onJump, onClose }: TocPanelProps) {
  const now = useNow(60_000);
  const toc = useOperation(client, 'sessionToc', { id: sessionId }, { refreshOn: ['session:toc-updated', 'session:turn-completed'] });
  const titles = useOperation(client, 'titleHistory', { id: sessionId }, { refreshOn: ['session:title-changed'] });
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<readonly SearchHit[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  const search = async (): Promise<void> => {
    const q = query.trim();
    setSearchError(null);
    if (!q) return setHits(null);
    try {
      setHits((await client.call('searchSession', { id: sessionId, q, limit: 20 })).hits);
    } catch (failure) {
      setSearchError(errorText(failure));
    }
  };

  return (
    <aside className="toc-sidebar" id="toc-panel" aria-label="Table of contents" data-testid="toc-panel">
      <div className="toc-drawer-head">
        <strong>Contents</strong>
        <button type="button" className="link icon" onClick={onClose} aria-label="Close the contents">
          ×
        </button>
      </div>
      <form
        className="toc-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <input
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            if (!event.target.value) setHits(null);
          }}
          placeholder="Search this conversation"
          aria-label="Search this conversation"
          data-testid="session-search"
        />
      </form>
      {searchError && <p className="error-line small">{searchError}</p>}
      {hits && (
        <ul className="toc-list" data-testid="session-search-hits">
          {hits.length === 0 && <li className="muted small">No turn mentions “{query.trim()}”.</li>}
          {hits.map((hit) => (
            <li key={hit.turn}>
              <button type="button" className="toc-entry" onClick={() => onJump(hit.turn)} data-testid="search-hit" data-turn={hit.turn}>
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
            <button type="button" className="toc-entry" onClick={() => onJump(entry.turn)} data-testid="toc-entry" data-turn={entry.turn}>
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

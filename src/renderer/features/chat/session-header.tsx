import { useState } from 'react';
import type { Session } from '../../../shared/contract/sessions';
import { agoText } from '../../../shared/ago-text';
import type { ShadowClient } from '../../api/index';
import { downloadText } from '../../download';
import { useAction } from '../../hooks/use-action';
import { useNow } from '../../hooks/use-now';
import { DeleteDialog } from './delete-dialog';

interface SessionHeaderProps {
  readonly client: ShadowClient;
  readonly session: Session;
  readonly onResume: () => Promise<void>;
  readonly onDeleted: () => void;
  /** The table of contents as a drawer, on windows too narrow to show it beside the conversation. */
  readonly tocOpen: boolean;
  readonly onToggleToc: () => void;
}

/** Title, status and the save-and-pause / resume / transcript / delete actions of the open conversation. */
export function SessionHeader({ client, session, onResume, onDeleted, tocOpen, onToggleToc }: SessionHeaderProps) {
  const { busy, error, run: act } = useAction();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const exportTranscript = async (): Promise<void> => {
    const { files } = await client.call('exportSession', { id: session.id });
    downloadText(`${session.title.replace(/[^\w .-]+/g, '').trim() || session.id}.md`, files['transcript.md']);
  };
  const lastActive = agoText(Date.parse(session.lastActiveAt), now);

  return (
    <header className="conversation-head">
      <div className="conversation-title">
        <h2 className="ellipsis" data-testid="session-title">
          {session.title || 'New conversation'}
        </h2>
        <span className="muted small">
          {session.type} · {session.turnCount} {session.turnCount === 1 ? 'turn' : 'turns'} ·{' '}
          <span data-testid="session-last-active">last active {lastActive}</span>
        </span>
      </div>
      <div className="conversation-actions">
        <span className={`tag status-${session.status}`} data-testid="session-status" data-status={session.status}>
          {session.status}
        </span>
        {session.elsewhere ? (
          <span className="tag" data-testid="session-device" title="Another computer's conversation: read-only here">
            on {session.device?.name ?? 'another computer'}
          </span>
        ) : null}
        {session.status === 'active' && !session.elsewhere ? (
          <button
            type="button"
            disabled={busy || session.turnCount === 0}
            onClick={() => void act(() => client.call('pauseSession', { id: session.id }))}
            title="Save the conversation and pause it; resume it any time"
            data-testid="session-pause"
          >
            Save &amp; pause
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => void act(onResume)} data-testid="session-resume">
            {session.elsewhere ? 'Continue here' : 'Resume'}
          </button>
        )}
        <button
          type="button"
          disabled={busy || session.turnCount === 0}
          onClick={() => void act(exportTranscript)}
          data-testid="session-export"
        >
          Transcript
        </button>
        {!session.elsewhere && (
          <button type="button" className="danger-link" disabled={busy} onClick={() => setConfirming(true)} data-testid="session-delete">
            Delete
          </button>
        )}
        <button
          type="button"
          className="toc-toggle"
          aria-expanded={tocOpen}
          aria-controls="toc-panel"
          onClick={onToggleToc}
          data-testid="toc-toggle"
        >
          Contents
        </button>
      </div>
      {error && <p className="error-line small">{error}</p>}
      {confirming && (
        <DeleteDialog
          session={session}
          onClose={() => setConfirming(false)}
          onDelete={async () => {
            await client.call('deleteSession', { id: session.id });
            onDeleted();
          }}
        />
      )}
    </header>
  );
}

import { useRef, useState } from 'react';
import { SESSION_TITLE_MAX, type Session } from '../../../shared/contract/sessions';
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

/**
 * The title as a form field: Enter or Save renames the conversation (the title is then the user's, and
 * automatic titles leave it alone), Escape or Cancel leaves it as it was.
 */
function RenameForm({
  client,
  session,
  onDone,
}: {
  readonly client: ShadowClient;
  readonly session: Session;
  readonly onDone: () => void;
}) {
  const [draft, setDraft] = useState(session.title);
  const { busy, error, run } = useAction();
  const title = draft.trim();
  const save = (): Promise<void> =>
    run(async () => {
      await client.call('updateSession', { id: session.id, title });
      onDone();
    });
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (title) void save();
      }}
    >
      <input
        autoFocus
        value={draft}
        maxLength={SESSION_TITLE_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        aria-label="Title of the conversation"
        data-testid="rename-input"
      />
      <button type="submit" className="primary" disabled={busy || !title} data-testid="rename-save">
        Save
      </button>
      <button type="button" onClick={onDone} disabled={busy} data-testid="rename-cancel">
        Cancel
      </button>
      {error && <p className="error-line small">{error}</p>}
    </form>
  );
}

/** Title (renamed in place), status and the save-and-pause / resume / transcript / delete actions of the open conversation. */
export function SessionHeader({ client, session, onResume, onDeleted, tocOpen, onToggleToc }: SessionHeaderProps) {
  const { busy, error, run: act } = useAction();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const doneRenaming = (): void => {
    setRenaming(false);
    // The keyboard goes on from the button that opened the field.
    requestAnimationFrame(() => renameButton.current?.focus());
  };
  const now = useNow();
  const exportTranscript = async (): Promise<void> => {
    const { files } = await client.call('exportSession', { id: session.id });
    downloadText(`${session.title.replace(/[^\w .-]+/g, '').trim() || session.id}.md`, files['transcript.md']);
  };
  const lastActive = agoText(Date.parse(session.lastActiveAt), now);

  return (
    <header className="conversation-head">
      <div className="conversation-title">
        {renaming ? (
          <RenameForm client={client} session={session} onDone={doneRenaming} />
        ) : (
          <div className="title-line">
            <h2 className="ellipsis" data-testid="session-title" title={session.title || undefined}>
              {session.title || 'New conversation'}
            </h2>
            {!session.elsewhere && (
              <button
                type="button"
                className="link rename"
                ref={renameButton}
                onClick={() => setRenaming(true)}
                aria-label="Rename the conversation"
                title="Rename"
                data-testid="session-rename"
              >
                ✎
              </button>
            )}
          </div>
        )}
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

import { useRef } from 'react';
import type { Session } from '../../../shared/contract/sessions';
import { useAction } from '../../hooks/use-action';
import { useDialog } from '../../hooks/use-dialog';

interface DeleteDialogProps {
  readonly session: Session;
  readonly onDelete: () => Promise<unknown>;
  readonly onClose: () => void;
}

/** Asks before a conversation is deleted, saying what goes with it; Cancel has the focus, Esc closes. */
export function DeleteDialog({ session, onDelete, onClose }: DeleteDialogProps) {
  const { busy, error, run } = useAction();
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useDialog<HTMLDivElement>(onClose, { initialFocus: cancel, closable: !busy });
  const turns = `${session.turnCount} ${session.turnCount === 1 ? 'turn' : 'turns'}`;
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <div
        className="modal delete-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-what"
        ref={dialog}
        tabIndex={-1}
        data-testid="delete-dialog"
      >
        <h2 id="delete-title">Delete “{session.title || 'New conversation'}”?</h2>
        <p id="delete-what">
          Its {turns}, title history, context sets and stored outputs are removed from this computer. This cannot be undone; export the
          transcript first to keep a copy.
        </p>
        {error && <p className="error-line small">{error}</p>}
        <div className="modal-actions">
          <span className="spacer" />
          <button type="button" ref={cancel} onClick={onClose} disabled={busy} data-testid="delete-cancel">
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => void run(onDelete)} disabled={busy} data-testid="delete-confirm">
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </div>
    </div>
  );
}

import { useRef, useState } from 'react';
import type { Moment, MomentRef } from '../../../shared/contract/moments';
import type { ShadowClient } from '../../api/index';
import { inUserWords } from '../../../shared/user-words';
import { formatClockTime, formatDate } from '../../format';
import { useDialog } from '../../hooks/use-dialog';
import { useOperation } from '../../hooks/use-operation';
import './evidence.css';

/**
 * Where a moment opens: a time, the screen-text row when the evidence is text read on screen, and the
 * device (id) it was seen on when the profile holds several, so stepping stays on that computer.
 */
export interface MomentTarget {
  readonly at: string;
  readonly screenTextId: number | null;
  readonly device: string | null;
}

interface MomentDialogProps {
  readonly client: ShadowClient;
  readonly target: MomentTarget;
  readonly onClose: () => void;
}

const KIND_WORDS: Record<Moment['kind'], string> = {
  app: '',
  idle: 'You were away from the computer.',
  private: 'A private window had the focus: nothing of it was recorded.',
  unobserved: 'Nothing was observed at this time.',
};

const refLabel = (ref: MomentRef): string => `${formatClockTime(Date.parse(ref.at))}${ref.app ? ` · ${ref.app}` : ''}`;

/**
 * What was seen at a moment (the evidence view): the time, app and window, the text read from that
 * frame, the kept screenshot when screenshots are kept, and the moments before and after it. Stored
 * text is shown as text, never as HTML.
 */
export function MomentDialog({ client, target, onClose }: MomentDialogProps) {
  const [shown, setShown] = useState<MomentTarget>(target);
  const moment = useOperation(client, 'getMoment', {
    at: shown.at,
    ...(shown.screenTextId !== null && { screenTextId: shown.screenTextId }),
    ...(shown.device !== null && { device: shown.device }),
    image: true,
  });
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useDialog<HTMLDivElement>(onClose, { initialFocus: close });
  const go = (ref: MomentRef | null): void => {
    if (ref) setShown({ at: ref.at, screenTextId: ref.screenTextId, device: m?.device?.id ?? shown.device });
  };
  const m = moment.data;
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="modal moment-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="moment-title"
        ref={dialog}
        tabIndex={-1}
        data-testid="moment-dialog"
      >
        <div className="card-head">
          <h2 id="moment-title">
            {m ? (
              <time dateTime={m.at} data-testid="moment-time">
                {formatDate(m.at)} {formatClockTime(Date.parse(m.at))}
              </time>
            ) : (
              'What was on screen'
            )}
          </h2>
          <button type="button" ref={close} className="link icon" onClick={onClose} aria-label="Close what was on screen">
            ×
          </button>
        </div>
        {moment.error && <p className="error-line small">{moment.error}</p>}
        {!m && !moment.error && <p className="muted small">Loading…</p>}
        {m && (
          <>
            {m.kind === 'app' ? (
              <p className="small" data-testid="moment-window">
                <strong>{m.app}</strong>
                {m.windowTitle && <span> — {m.windowTitle}</span>}
                {m.device && (
                  <span className="muted" data-testid="moment-device">
                    {' '}
                    (on {m.device.name})
                  </span>
                )}
              </p>
            ) : (
              <p className="small muted" data-testid="moment-window">
                {KIND_WORDS[m.kind]}
              </p>
            )}
            {m.frame.dataUrl ? (
              <img className="moment-frame" src={m.frame.dataUrl} alt={`The screen at ${formatClockTime(Date.parse(m.at))}`} />
            ) : (
              m.frame.note && (
                <p className="muted small" data-testid="moment-frame-note">
                  {inUserWords(m.frame.note)}
                </p>
              )
            )}
            {m.screenText ? (
              <pre className="moment-text" data-testid="moment-text" tabIndex={0} aria-label="Text read on screen">
                {m.screenText.text}
              </pre>
            ) : (
              m.kind === 'app' && <p className="muted small">No text was read from the screen at this moment.</p>
            )}
          </>
        )}
        <div className="modal-actions">
          <button type="button" onClick={() => go(m?.previous ?? null)} disabled={!m?.previous} data-testid="moment-previous">
            ← {m?.previous ? refLabel(m.previous) : 'Earlier'}
          </button>
          <span className="spacer" />
          <button type="button" onClick={() => go(m?.next ?? null)} disabled={!m?.next} data-testid="moment-next">
            {m?.next ? refLabel(m.next) : 'Later'} →
          </button>
        </div>
      </div>
    </div>
  );
}

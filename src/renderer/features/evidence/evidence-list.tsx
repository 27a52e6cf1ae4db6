import { useState } from 'react';
import type { Evidence } from '../../../shared/contract/evidence';
import type { ShadowClient } from '../../api/index';
import { formatClockTime } from '../../format';
import { MarkdownText } from '../markdown/markdown-text';
import { MomentDialog, type MomentTarget } from './moment-dialog';

const SOURCE_WORDS: Record<Evidence['source'], string> = {
  screen_text: 'on screen',
  window: 'window',
  task: 'task',
  summary: 'summary',
  answer: 'your answer',
};

/** The evidence behind an answer, each piece one click from what was on screen then. */
export function EvidenceList({ client, evidence }: { readonly client: ShadowClient; readonly evidence: readonly Evidence[] }) {
  const [open, setOpen] = useState<MomentTarget | null>(null);
  if (evidence.length === 0) return null;
  return (
    <details className="evidence" data-testid="evidence">
      <summary className="small muted">
        Evidence ({evidence.length} {evidence.length === 1 ? 'piece' : 'pieces'})
      </summary>
      <ul className="evidence-list">
        {evidence.map((piece, index) => (
          <li key={`${piece.open.at}-${index}`}>
            <button
              type="button"
              className="link small"
              onClick={() => setOpen({ at: piece.open.at, screenTextId: piece.open.screenTextId, device: piece.device?.id ?? null })}
              data-testid="evidence-open"
            >
              <time dateTime={piece.at}>{formatClockTime(Date.parse(piece.at))}</time> · {piece.app ?? SOURCE_WORDS[piece.source]}
              {piece.windowTitle && <span className="muted"> — {piece.windowTitle}</span>}
              {piece.device && (
                <span className="muted" data-testid="evidence-device">
                  {' '}
                  (on {piece.device.name})
                </span>
              )}
            </button>
            {piece.snippet && (
              <div className="small muted evidence-snippet">
                <MarkdownText text={piece.snippet} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {open && <MomentDialog client={client} target={open} onClose={() => setOpen(null)} />}
    </details>
  );
}

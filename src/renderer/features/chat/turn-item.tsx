import type { Turn } from '../../../shared/contract/sessions';
import { withoutEvidenceBlock } from '../../../shared/reply-blocks';
import type { OutputMeta } from '../../../shared/contract/storage';
import type { ShadowClient } from '../../api/index';
import { formatDateTime, formatMoment } from '../../format';
import { useNow } from '../../hooks/use-now';
import { EvidenceList } from '../evidence/evidence-list';
import { MarkdownText } from '../markdown/markdown-text';
import { OUTPUT_MARKER, OutputCard } from '../outputs/output-card';
import type { LiveTurn } from './use-session-turns';

const ENGINE_NOTES: Record<Turn['engine'], string | null> = {
  llm: null,
  offline: 'answered from memory, without a model',
  command: null,
};

interface TurnItemProps {
  readonly client: ShadowClient;
  readonly turn: Turn;
  readonly highlighted: boolean;
  /** Outputs shown in this turn (stored for it, or named by a marker in its text). */
  readonly outputs: readonly OutputMeta[];
  /** Asks the prompt of an interrupted reply again (absent while a reply is being written). */
  readonly onRetry?: (prompt: string) => void;
}

/** One exchange: the prompt (with the app that was active when it was sent), the reply and its outputs. */
/** When the prompt was sent: the time today, the date too on other days; the full date on hover. */
function SentAt({ at }: { readonly at: string }) {
  const now = useNow(60_000);
  return (
    <time dateTime={at} title={formatDateTime(at, { timeZoneName: true })} data-testid="turn-time">
      {formatMoment(at, now)}
    </time>
  );
}

/** The reply as the window shows it: the evidence block of the text is the evidence section below it. */
function replyText(turn: Turn): string {
  const text = turn.reply.replace(OUTPUT_MARKER, '').trim();
  return turn.evidence.length > 0 ? withoutEvidenceBlock(text) : text;
}

export function TurnItem({ client, turn, highlighted, outputs, onRetry }: TurnItemProps) {
  const where = [turn.app, turn.windowTitle].filter(Boolean).join(' — ');
  const note = turn.status === 'interrupted' || turn.status === 'failed' ? `reply ${turn.status}` : ENGINE_NOTES[turn.engine];
  return (
    <li id={`turn-${turn.number}`} className={highlighted ? 'turn highlighted' : 'turn'} data-testid="turn" data-turn={turn.number}>
      <div className="turn-meta muted small">
        <span>#{turn.number}</span> · <SentAt at={turn.createdAt} />
        {where && <span className="ellipsis"> · {where}</span>}
      </div>
      <div className="bubble user">{turn.prompt}</div>
      <div className="bubble assistant" data-testid="turn-reply">
        <MarkdownText text={replyText(turn)} />
        {note && (
          <div className="muted small turn-note" data-testid="turn-note">
            {note}
            {turn.interruptedReason && `: ${turn.interruptedReason}`}
          </div>
        )}
        {turn.status === 'interrupted' && onRetry && (
          <button type="button" className="small" onClick={() => onRetry(turn.prompt)} data-testid="turn-retry">
            Ask again
          </button>
        )}
        <EvidenceList client={client} evidence={turn.evidence} />
      </div>
      {outputs.map((output) => (
        <OutputCard key={output.id} client={client} output={output} />
      ))}
    </li>
  );
}

/** The turn being answered right now: the reply grows as it streams. */
export function LiveTurnItem({ live }: { readonly live: LiveTurn }) {
  return (
    <li className="turn live" data-testid="live-turn" data-turn={live.number} aria-busy="true">
      <div className="turn-meta muted small">
        <span>#{live.number}</span> · <SentAt at={live.createdAt} />
      </div>
      <div className="bubble user">{live.prompt}</div>
      <div className="bubble assistant" data-testid="live-reply">
        {live.reply || <span className="typing" aria-label="The assistant is answering" />}
      </div>
    </li>
  );
}

import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { ResumeView, Session, Turn } from '../../../shared/contract/sessions';
import type { OutputMeta } from '../../../shared/contract/storage';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { useOperation } from '../../hooks/use-operation';
import { TocPanel } from '../toc/toc-panel';
import { Composer } from './composer';
import { ResumeBanner } from './resume-banner';
import { SessionHeader } from './session-header';
import { LiveTurnItem, TurnItem } from './turn-item';
import { useSessionTurns } from './use-session-turns';

/** The outputs a turn shows: stored for it, or named by an `[output:<id>]` marker in its text. */
function outputsOfTurn(outputs: readonly OutputMeta[], turn: Turn): OutputMeta[] {
  const text = `${turn.prompt}\n${turn.reply}`;
  return outputs.filter((output) => output.turn === turn.number || text.includes(output.marker));
}

/** Within this many pixels of the bottom, new text keeps the view scrolled to the end. */
const STICKY_PX = 80;
/** Room left above a turn jumped to. */
const JUMP_MARGIN_PX = 8;

interface ConversationProps {
  readonly client: ShadowClient;
  readonly sessionId: string;
  /** Sent once when the conversation opens (the first message of a new chat). */
  readonly firstMessage: string | null;
  readonly resumeView: ResumeView | null;
  readonly onResumed: (view: ResumeView | null) => void;
  /** The conversation was deleted (here or elsewhere), or the link names one that does not exist. */
  readonly onGone: () => void;
}

/** Shown instead of the conversation when it does not exist: one message, and a way on. */
function MissingConversation({ sessionId, onGone }: { readonly sessionId: string; readonly onGone: () => void }) {
  return (
    <section className="conversation missing" aria-label="Conversation not found" data-testid="conversation-missing">
      <div className="new-chat-intro">
        <h2>This conversation is not here</h2>
        <p className="muted">
          There is no conversation <code>{sessionId}</code> in this profile: it was deleted, or the link comes from another profile or
          computer.
        </p>
        <button type="button" className="primary" onClick={onGone} data-testid="missing-new-chat">
          Start a new chat
        </button>
      </div>
    </section>
  );
}

/**
 * One conversation: loaded first, so a link to one that does not exist says so once (and nothing
 * else asks for its turns, contents or outputs); then its turns, composer and table of contents.
 */
export function Conversation(props: ConversationProps) {
  const { client, sessionId, onGone } = props;
  const session = useOperation(
    client,
    'getSession',
    { id: sessionId },
    { refreshOn: ['session:status-changed', 'session:title-changed', 'session:turn-completed'] },
  );
  // Deleted from another window, the CLI or an agent: this one lets go of it too.
  const goneElsewhere = useEffectEvent(() => onGone());
  useEffect(
    () =>
      client.subscribe('session:deleted', (event) => {
        if (event.sessionId === sessionId) goneElsewhere();
      }),
    [client, sessionId],
  );
  if (session.errorCode === 'not_found') return <MissingConversation sessionId={sessionId} onGone={onGone} />;
  if (!session.data)
    return (
      <section className="conversation" aria-label="Conversation">
        <p className={session.error ? 'error-line' : 'muted'}>{session.error ?? 'Loading…'}</p>
      </section>
    );
  return <OpenConversation {...props} session={session.data} reloadSession={session.reload} />;
}

interface OpenConversationProps extends ConversationProps {
  readonly session: Session;
  readonly reloadSession: () => void;
}

/** The conversation's turns (streaming included), the composer and the table of contents. */
function OpenConversation({
  client,
  sessionId,
  session,
  reloadSession,
  firstMessage,
  resumeView,
  onResumed,
  onGone,
}: OpenConversationProps) {
  const turns = useSessionTurns(client, sessionId);
  const outputs = useOperation(client, 'listSessionOutputs', { id: sessionId }, { refreshOn: ['session:turn-completed'] });
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [tocOpen, setTocOpen] = useState(false);
  const scroller = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);

  const send = async (content: string): Promise<boolean> => {
    setSending(true);
    setSendError(null);
    stickToBottom.current = true;
    try {
      await client.call('sendMessage', { id: sessionId, content });
      return true;
    } catch (failure) {
      setSendError(messageOf(failure));
      return false;
    } finally {
      setSending(false);
    }
  };

  // The first message goes once, when the conversation opens.
  const firstSent = useRef(false);
  const sendFirst = useEffectEvent((content: string) => void send(content));
  useEffect(() => {
    if (firstMessage && !firstSent.current) {
      firstSent.current = true;
      sendFirst(firstMessage);
    }
  }, [firstMessage]);

  // Resuming clears a pending "shall I pause?" without a status change to announce it.
  useEffect(() => {
    if (resumeView) reloadSession();
  }, [resumeView, reloadSession]);

  useLayoutEffect(() => {
    const list = scroller.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [turns.turns, turns.live]);

  // Scrolls the turns pane, never the page (scrollIntoView would move every scrolling ancestor).
  const jumpTo = async (n: number): Promise<void> => {
    stickToBottom.current = false;
    await turns.ensureLoaded(n);
    setHighlight(n);
    requestAnimationFrame(() => {
      const list = scroller.current;
      const turn = document.getElementById(`turn-${n}`);
      if (!list || !turn) return;
      const top = list.scrollTop + turn.getBoundingClientRect().top - list.getBoundingClientRect().top - JUMP_MARGIN_PX;
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      list.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
    });
  };

  const resume = async (): Promise<void> => onResumed(await client.call('resumeSession', { id: sessionId }));

  return (
    <div className={tocOpen ? 'conversation-layout toc-open' : 'conversation-layout'}>
      <section className="conversation" aria-label="Conversation">
        <SessionHeader
          client={client}
          session={session}
          onResume={resume}
          onDeleted={onGone}
          tocOpen={tocOpen}
          onToggleToc={() => setTocOpen((open) => !open)}
        />
        {resumeView && <ResumeBanner view={resumeView} title={session.title} onClose={() => onResumed(null)} />}
        <ol
          className="turns"
          ref={scroller}
          onScroll={(event) => {
            const el = event.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
          }}
          data-testid="turns"
          // A scrolling region: keyboard users reach it with Tab and scroll it with the arrow keys.
          tabIndex={0}
          aria-label="Turns"
        >
          {turns.hasEarlier && (
            <li className="load-earlier">
              <button type="button" className="link" onClick={() => void turns.loadEarlier()} data-testid="load-earlier">
                Show earlier turns ({turns.turns[0]!.number - 1} more)
              </button>
            </li>
          )}
          {turns.loading && turns.turns.length === 0 && <li className="muted small">Loading…</li>}
          {turns.turns.map((turn) => (
            <TurnItem
              key={turn.number}
              client={client}
              turn={turn}
              highlighted={turn.number === highlight}
              outputs={outputsOfTurn(outputs.data?.outputs ?? [], turn)}
              onRetry={sending || turns.live ? undefined : (prompt) => void send(prompt)}
            />
          ))}
          {turns.live && !turns.turns.some((t) => t.number === turns.live!.number) && <LiveTurnItem live={turns.live} />}
        </ol>
        {session.pauseRequested && (
          <div className="pause-confirm" data-testid="pause-confirm">
            <span>Pause this conversation here?</span>
            <button type="button" onClick={() => void send('yes')} disabled={sending}>
              Yes, pause
            </button>
          </div>
        )}
        {(sendError ?? turns.error) && <p className="error-line small">{sendError ?? turns.error}</p>}
        {session.elsewhere ? (
          <p className="muted small" data-testid="session-elsewhere">
            This conversation is {session.device?.name ?? 'another computer'}’s and read-only here: <em>Continue here</em> goes on with it
            on this computer.
          </p>
        ) : (
          <Composer busy={sending || Boolean(turns.live)} onSend={send} />
        )}
      </section>
      <TocPanel
        client={client}
        sessionId={sessionId}
        current={highlight}
        onJump={(n) => {
          setTocOpen(false);
          void jumpTo(n);
        }}
        onClose={() => setTocOpen(false)}
      />
    </div>
  );
}

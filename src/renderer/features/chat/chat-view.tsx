import { useState } from 'react';
import type { ResumeView } from '../../../shared/contract/sessions';
import type { ShadowClient } from '../../api/index';
import { messageOf } from '../../../shared/message-of';
import { ResumeDialog } from '../resume/resume-dialog';
import { SessionList } from '../sessions/session-list';
import { Composer } from './composer';
import { Conversation } from './conversation';

const OPEN_SESSION_KEY = 'workflow-shadow.open-session';
const EXAMPLES = ['How long was I in my email today?', 'What did I do before lunch?', 'What is still open?'];

function rememberedSession(): string | null {
  try {
    return window.localStorage.getItem(OPEN_SESSION_KEY);
  } catch {
    return null;
  }
}

function remember(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(OPEN_SESSION_KEY, id);
    else window.localStorage.removeItem(OPEN_SESSION_KEY);
  } catch {
    // Storage may be off (private browsing); the open conversation is just not remembered.
  }
}

/** Chat: the conversations on the left, the open one in the middle, its table of contents on the right. */
export function ChatView({ client, initialSessionId }: { readonly client: ShadowClient; readonly initialSessionId: string | null }) {
  const [openId, setOpenId] = useState<string | null>(() => initialSessionId ?? rememberedSession());
  const [firstMessage, setFirstMessage] = useState<string | null>(null);
  const [resumeView, setResumeView] = useState<ResumeView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const open = (id: string | null, view: ResumeView | null = null, message: string | null = null): void => {
    remember(id);
    setOpenId(id);
    setResumeView(view);
    setFirstMessage(message);
  };

  // A new chat exists once its first message is sent, so empty conversations never pile up.
  const startChat = async (content: string): Promise<boolean> => {
    setStartError(null);
    try {
      const session = await client.call('createSession', { type: 'chat' });
      open(session.id, null, content);
      return true;
    } catch (failure) {
      setStartError(messageOf(failure));
      return false;
    }
  };

  return (
    <div className="chat-layout">
      <SessionList
        client={client}
        selectedId={openId}
        onSelect={(s) => open(s.id)}
        onNew={() => open(null)}
        onOpenResume={() => setDialogOpen(true)}
      />
      {openId ? (
        <Conversation
          key={openId}
          client={client}
          sessionId={openId}
          firstMessage={firstMessage}
          resumeView={resumeView}
          // Another device's conversation continues in a conversation of this one: that one opens.
          onResumed={(view) => (view && view.session.id !== openId ? open(view.session.id, view) : setResumeView(view))}
          onGone={() => open(null)}
        />
      ) : (
        <section className="conversation new-chat" aria-label="New conversation">
          <div className="new-chat-intro">
            <h2>Ask about your workday</h2>
            <p className="muted">
              The assistant answers from what Workflow Shadow has observed: time in each app, what you did, where you saw something. With a
              model configured it can do more; without one it says plainly what it cannot answer.
            </p>
            <div className="examples">
              {EXAMPLES.map((example) => (
                <button type="button" key={example} onClick={() => void startChat(example)} data-testid="example-prompt">
                  {example}
                </button>
              ))}
            </div>
          </div>
          {startError && <p className="error-line small">{startError}</p>}
          <Composer busy={false} onSend={startChat} />
        </section>
      )}
      {dialogOpen && (
        <ResumeDialog
          client={client}
          onClose={() => setDialogOpen(false)}
          onResumed={(view) => {
            setDialogOpen(false);
            open(view.session.id, view);
          }}
        />
      )}
    </div>
  );
}

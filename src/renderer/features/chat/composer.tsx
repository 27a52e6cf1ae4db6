import { useState, type KeyboardEvent } from 'react';

interface ComposerProps {
  readonly busy: boolean;
  readonly onSend: (text: string) => Promise<boolean>;
}

/** The message box: Enter sends, Shift+Enter starts a new line; the text stays if sending fails. */
export function Composer({ busy, onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const send = async (): Promise<void> => {
    const content = text.trim();
    if (!content || busy) return;
    setText('');
    if (!(await onSend(content))) setText(content);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder='Ask about your day ("how long was I in the ledger today?"), or /stop to pause'
        aria-label="Message"
        data-testid="composer"
      />
      <button type="submit" className="primary" disabled={busy || !text.trim()} data-testid="send">
        {busy ? 'Answering…' : 'Send'}
      </button>
    </form>
  );
}

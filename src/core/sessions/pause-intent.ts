/** How a message bears on saving and pausing the session. */
export type PauseIntent = 'stop-command' | 'stop-phrase' | 'confirm' | 'none';

const STOP_COMMAND = /^\s*\/stop\s*$/i;
const STOP_PHRASE =
  /\b(let'?s (stop|pause|wrap (it )?up|call it a day|leave it)( (here|there|for (now|today)))?|that'?s (enough|it) for (now|today)|that'?s enough|i (need|have|got) to go|gotta go|stop here for (now|today)|done for (now|today))\b/i;
const CONFIRM = /^\s*(yes|yep|yeah|yup|sure|ok(ay)?|please do|do it|go ahead|confirm(ed)?)\b[\s.!,]*(please)?[\s.!]*$/i;

/**
 * `/stop` pauses at once; a phrase like "let's stop here" asks for confirmation; a short "yes"
 * counts as the confirmation only when the assistant has just asked for it.
 */
export function pauseIntent(message: string, confirmationPending: boolean): PauseIntent {
  if (STOP_COMMAND.test(message)) return 'stop-command';
  if (confirmationPending && CONFIRM.test(message)) return 'confirm';
  if (message.length <= 300 && STOP_PHRASE.test(message)) return 'stop-phrase';
  return 'none';
}

export const PAUSE_QUESTION =
  'It sounds like you want to stop here. Shall I save and pause this session? Answer "yes" to pause, or just carry on.';

export const pausedReply = (sessionId: string): string =>
  `Saved and paused. Pick it up again any time with \`shadow resume ${sessionId}\` or from the session list.`;

/** The TOC line of a turn that was a pause command rather than a question. */
export function commandSummary(prompt: string): string | null {
  switch (pauseIntent(prompt, true)) {
    case 'stop-command':
      return 'Paused the session (/stop)';
    case 'confirm':
      return 'Confirmed: paused the session';
    case 'stop-phrase':
      return 'Asked to stop; the assistant offered to pause';
    default:
      return null;
  }
}

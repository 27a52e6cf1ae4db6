import type { CaptureState } from '../../shared/contract/index';

/** What the tray shows, derived from the capture state only: a plain model the tray turns into a Menu. */
export interface TrayModelInput {
  readonly state: CaptureState;
  readonly pausedReason: string | null;
  /** Paused by the app (screen locked, asleep, low power): it resumes by itself. */
  readonly autoPaused: boolean;
  readonly launchAtLogin: boolean;
  /** The newest clarifying question waiting for an answer, if any. */
  readonly pendingQuestion: { readonly id: number; readonly text: string } | null;
}

export type TrayAction = 'pause' | 'resume' | 'open-window' | 'snooze-question' | 'toggle-launch-at-login' | 'quit';

/** Menu labels are one line; a question longer than this is cut at a word. */
const QUESTION_LABEL_MAX = 70;

function questionLabel(text: string): string {
  if (text.length <= QUESTION_LABEL_MAX) return text;
  const cut = text.slice(0, QUESTION_LABEL_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 30 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export type TrayMenuItem =
  | { readonly kind: 'status'; readonly label: string }
  | { readonly kind: 'separator' }
  | {
      readonly kind: 'action';
      readonly action: TrayAction;
      readonly label: string;
      readonly enabled: boolean;
      readonly checked?: boolean;
    };

/** The word the tray uses for each state (the product names four: observing, paused, private, idle). */
export function trayStatusLabel(state: CaptureState): string {
  switch (state) {
    case 'observing':
      return 'Observing';
    case 'paused':
    case 'locked':
      return 'Paused';
    case 'private':
      return 'Private window — not recorded';
    case 'idle':
      return 'Idle';
    case 'stopped':
      return 'Stopped';
  }
}

function isPaused(state: CaptureState): boolean {
  return state === 'paused' || state === 'locked';
}

/** Grey icon whenever nothing is being recorded, so the tray tells the state at a glance. */
export function trayIconVariant(state: CaptureState): 'active' | 'paused' {
  return state === 'observing' || state === 'idle' ? 'active' : 'paused';
}

export function trayTooltip(input: TrayModelInput): string {
  const status = trayStatusLabel(input.state);
  if (!isPaused(input.state)) return `Workflow Shadow — ${status.toLowerCase()}`;
  const why = input.pausedReason ? ` (${input.pausedReason})` : '';
  const how = input.autoPaused ? '; resumes by itself when you are back' : '; choose Resume to observe again';
  return `Workflow Shadow — paused${why}${how}`;
}

/** The question waiting for the user: answered in the window, or put off ("ask me later"). */
function questionItems(question: TrayModelInput['pendingQuestion']): TrayMenuItem[] {
  if (!question) return [];
  return [
    { kind: 'status', label: `Question: ${questionLabel(question.text)}` },
    { kind: 'action', action: 'open-window', label: 'Answer in the window…', enabled: true },
    { kind: 'action', action: 'snooze-question', label: 'Ask me later', enabled: true },
    { kind: 'separator' },
  ];
}

export function trayMenuModel(input: TrayModelInput): TrayMenuItem[] {
  const paused = isPaused(input.state);
  const running = input.state !== 'stopped';
  const status = paused && input.pausedReason ? `${trayStatusLabel(input.state)}: ${input.pausedReason}` : trayStatusLabel(input.state);
  return [
    { kind: 'status', label: status },
    { kind: 'separator' },
    ...questionItems(input.pendingQuestion),
    paused
      ? { kind: 'action', action: 'resume', label: input.autoPaused ? 'Resume now' : 'Resume observing', enabled: running }
      : { kind: 'action', action: 'pause', label: 'Pause observing', enabled: running },
    { kind: 'action', action: 'open-window', label: 'Open Workflow Shadow', enabled: true },
    { kind: 'separator' },
    {
      kind: 'action',
      action: 'toggle-launch-at-login',
      label: 'Launch at login',
      enabled: true,
      checked: input.launchAtLogin,
    },
    { kind: 'separator' },
    { kind: 'action', action: 'quit', label: 'Quit Workflow Shadow', enabled: true },
  ];
}

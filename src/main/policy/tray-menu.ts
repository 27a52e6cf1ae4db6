import type { CaptureState } from '../../shared/contract/index';
import { captureStateLabel } from '../../shared/health-text';

/** What the tray shows, derived from the capture state only: a plain model the tray turns into a Menu. */
export interface TrayModelInput {
  readonly state: CaptureState;
  readonly pausedReason: string | null;
  /** Paused by the app (screen locked, asleep, low power): it resumes by itself. */
  readonly autoPaused: boolean;
  readonly launchAtLogin: boolean;
  /** The newest clarifying question waiting for an answer, if any. */
  readonly pendingQuestion: { readonly id: number; readonly text: string } | null;
  /** The worst problem health reports (what is wrong and what to do), when it is not ok. */
  readonly problem?: { readonly message: string; readonly action: string } | null;
}

export type TrayAction = 'pause' | 'resume' | 'open-window' | 'snooze-question' | 'toggle-launch-at-login' | 'quit';

/** Menu labels are one line; a question longer than this is cut at a word. */
const QUESTION_LABEL_MAX = 70;

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

/** The word the tray uses for each state: the same as the window's pill and the start banner (src/shared/health-text.ts). */
export function trayStatusLabel(state: CaptureState): string {
  return state === 'locked' ? 'Paused' : captureStateLabel(state);
}

/** A menu label is one line: longer text is cut at a word. */
function oneLine(text: string, max = QUESTION_LABEL_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 30 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function isPaused(state: CaptureState): boolean {
  return state === 'paused' || state === 'locked';
}

/** Grey icon whenever nothing is being recorded (also while it cannot observe), so the tray tells the state at a glance. */
export function trayIconVariant(state: CaptureState): 'active' | 'paused' {
  return state === 'observing' || state === 'idle' ? 'active' : 'paused';
}

export function trayTooltip(input: TrayModelInput): string {
  const status = trayStatusLabel(input.state);
  if (input.state === 'unavailable') return `Workflow Shadow — not observing: ${input.pausedReason ?? 'it cannot observe'}`;
  if (!isPaused(input.state)) return `Workflow Shadow — ${status.toLowerCase()}${input.problem ? `; ${input.problem.message}` : ''}`;
  const why = input.pausedReason ? ` (${input.pausedReason})` : '';
  const how = input.autoPaused ? '; resumes by itself when you are back' : '; choose Resume to observe again';
  return `Workflow Shadow — paused${why}${how}`;
}

/** The question waiting for the user: answered in the window, or put off ("ask me later"). */
function questionItems(question: TrayModelInput['pendingQuestion']): TrayMenuItem[] {
  if (!question) return [];
  return [
    { kind: 'status', label: `Question: ${oneLine(question.text)}` },
    { kind: 'action', action: 'open-window', label: 'Answer in the window…', enabled: true },
    { kind: 'action', action: 'snooze-question', label: 'Ask me later', enabled: true },
    { kind: 'separator' },
  ];
}

/** The worst problem and what to do, unless the status line already says it (an unavailable state). */
function problemItems(input: TrayModelInput): TrayMenuItem[] {
  if (!input.problem || input.state === 'unavailable') return [];
  return [
    { kind: 'status', label: oneLine(`Problem: ${input.problem.message}`) },
    { kind: 'status', label: oneLine(`What to do: ${input.problem.action}`) },
  ];
}

export function trayMenuModel(input: TrayModelInput): TrayMenuItem[] {
  const paused = isPaused(input.state);
  const running = input.state !== 'stopped';
  const withReason = (paused || input.state === 'unavailable') && input.pausedReason;
  const status = withReason ? `${trayStatusLabel(input.state)}: ${input.pausedReason}` : trayStatusLabel(input.state);
  return [
    { kind: 'status', label: oneLine(status) },
    ...problemItems(input),
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

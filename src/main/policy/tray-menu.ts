import type { CaptureState } from '../../shared/contract/index';

/** What the tray shows, derived from the capture state only: a plain model the tray turns into a Menu. */
export interface TrayModelInput {
  readonly state: CaptureState;
  readonly pausedReason: string | null;
  /** Paused by the app (screen locked, asleep, low power): it resumes by itself. */
  readonly autoPaused: boolean;
  readonly launchAtLogin: boolean;
}

export type TrayAction = 'pause' | 'resume' | 'open-window' | 'toggle-launch-at-login' | 'quit';

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

export function trayMenuModel(input: TrayModelInput): TrayMenuItem[] {
  const paused = isPaused(input.state);
  const running = input.state !== 'stopped';
  const status =
    paused && input.pausedReason ? `${trayStatusLabel(input.state)}: ${input.pausedReason}` : trayStatusLabel(input.state);
  return [
    { kind: 'status', label: status },
    { kind: 'separator' },
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

import type { CaptureState, Health } from './contract/observation';

/**
 * What the app is doing, in words: the start banner, the window's status pill and the tray all say
 * this, from the same health, so they never disagree.
 */

/** The short word for a capture state (the pill, the tray's first line). */
export function captureStateLabel(state: CaptureState): string {
  switch (state) {
    case 'observing':
      return 'Observing';
    case 'idle':
      return 'Idle';
    case 'private':
      return 'Private window — not recorded';
    case 'paused':
      return 'Paused';
    case 'locked':
      return 'Paused automatically';
    case 'unavailable':
      return 'Not observing';
    case 'stopped':
      return 'Stopped';
  }
}

/** One line: the state, why when it is not observing, and the worst problem when there is one. */
export function healthSummary(
  health: Pick<Health, 'reasons'> & {
    readonly capture: Pick<Health['capture'], 'state' | 'pausedReason'>;
    /** What is observed: a replayed recording is never "your screen". */
    readonly source?: Health['source'];
  },
): string {
  const { state, pausedReason } = health.capture;
  const worst = health.reasons[0];
  const head =
    state === 'observing'
      ? health.source === 'replay'
        ? 'Replaying a recorded day'
        : 'Observing your screen'
      : state === 'idle'
        ? 'Observing: you seem to be away (idle)'
        : `${captureStateLabel(state)}${pausedReason ? `: ${pausedReason}` : ''}`;
  // An unavailable state already says what is wrong; another problem is added after the state.
  if (!worst || state === 'unavailable') return head;
  return `${head}. ${worst.message}`;
}

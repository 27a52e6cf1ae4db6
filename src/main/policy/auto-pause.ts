import type { CaptureState } from '../../shared/contract/index';

/** Moments when observing makes no sense or costs too much: the app pauses by itself. */
export type AutoPauseCondition = 'screen-locked' | 'suspended' | 'low-power';

const REASONS: Record<AutoPauseCondition, string> = {
  'screen-locked': 'the screen is locked',
  suspended: 'the computer is asleep',
  'low-power': 'on battery with low power',
};

/** The observer's side of it (structural, so the policy is tested without Electron). */
export interface PausableCapture {
  health(): { readonly state: CaptureState; readonly pausedReason: string | null };
  pause(reason: string, state: 'locked'): void;
  resume(): void;
}

/**
 * Pauses on lock/sleep/low power and resumes when every such condition is over, but only if
 * the pause is still ours: a user who paused by hand stays paused.
 */
export class AutoPause {
  private readonly active = new Set<AutoPauseCondition>();
  private ourReason: string | null = null;

  constructor(private readonly capture: PausableCapture) {}

  begin(condition: AutoPauseCondition): void {
    this.active.add(condition);
    if (this.ourReason !== null) return;
    const { state } = this.capture.health();
    if (state === 'paused' || state === 'locked' || state === 'stopped') return;
    const reason = `paused automatically: ${REASONS[condition]}`;
    this.capture.pause(reason, 'locked');
    this.ourReason = reason;
  }

  end(condition: AutoPauseCondition): void {
    this.active.delete(condition);
    if (this.active.size > 0 || this.ourReason === null) return;
    const stillOurs = this.isAutoPaused;
    this.ourReason = null;
    if (stillOurs) this.capture.resume();
  }

  /** True while the current pause is the one this controller made. */
  get isAutoPaused(): boolean {
    if (this.ourReason === null) return false;
    const { state, pausedReason } = this.capture.health();
    return state === 'locked' && pausedReason === this.ourReason;
  }
}

export interface PowerReadings {
  readonly onBattery: boolean;
  /** CPU speed limit in percent (macOS/Windows report it; 100 when unknown). */
  readonly speedLimit: number;
  readonly thermalState: 'unknown' | 'nominal' | 'fair' | 'serious' | 'critical';
}

/** Electron reports no battery level, so "low power" is battery plus a throttled or hot CPU. */
export function isLowPower(readings: PowerReadings): boolean {
  if (!readings.onBattery) return false;
  return readings.speedLimit < 50 || readings.thermalState === 'serious' || readings.thermalState === 'critical';
}

import type { CaptureState, Health } from '../../shared/contract/index';
import type { CoverageReason } from '../store/repositories/coverage-repository';
import type { CaptureSource } from './sources/capture-source';

/** Why the observer wants to observe but cannot: a probe fails (no display) or nothing can be saved. */
export interface Unavailable {
  readonly cause: 'probe' | 'storage' | 'clock';
  readonly reason: CoverageReason;
  readonly message: string;
  /** What the coverage stretch says (stable while the cause lasts; the message may carry changing details). */
  readonly detail?: string;
  /** When the cause began (the display went away), where known. */
  readonly sinceMs?: number;
}

/** The coverage reason the observer's state records (nothing while stopped: that is time not running). */
export function coverageReasonOf(
  state: CaptureState,
  pausedReason: string | null,
  unavailable: Unavailable | null,
): { reason: CoverageReason; detail: string | null } | null {
  switch (state) {
    case 'observing':
    case 'idle':
    case 'private':
      return { reason: state, detail: null };
    case 'paused':
    case 'locked':
      return { reason: state, detail: pausedReason };
    case 'unavailable':
      return unavailable && { reason: unavailable.reason, detail: unavailable.detail ?? unavailable.message };
    case 'stopped':
      return null;
  }
}

/** What the source says of how it observes: the grabber in use and the desktop (with its missing pieces). */
export function grabberHealth(source: CaptureSource): Pick<Health['capture'], 'screenshots' | 'desktop'> {
  const grabber = source.grabberInUse?.();
  const desktop = source.desktop?.();
  return {
    ...(grabber && { screenshots: { grabber: grabber.kind, fallbackReason: grabber.fallbackReason } }),
    ...(desktop && { desktop: { session: desktop.session, compositor: desktop.compositor, missing: desktop.missing.map((m) => m.piece) } }),
  };
}

/** The store refused a span over time already recorded (see migration 006). */
export function isOverlap(error: unknown): boolean {
  return error instanceof Error && /activity spans may not overlap/.test(error.message);
}

import type { HealthReason, DiskMeter } from '../../shared/contract/index';
import type { CaptureSource } from '../observe/sources/capture-source';

/**
 * Health reasons of lighter capture: the profile over its size cap (the budget is pruning, or only
 * today is left and it alone is over), and screenshots taken by the slower fallback.
 */
export function captureCostReasons(meter: DiskMeter, source: CaptureSource): HealthReason[] {
  const reasons: HealthReason[] = [];
  if (meter.overBudget) {
    const onlyToday = !meter.pruning && meter.lastPrune !== null;
    reasons.push({
      code: 'storage_over_budget',
      severity: 'degraded',
      message: onlyToday
        ? 'The profile is over its size cap with only today left to remove.'
        : 'The profile is over its size cap: the oldest screen text and kept screenshots are being removed.',
      action: onlyToday
        ? 'Raise storageCapMb in settings.json, or turn off keepScreenshots.'
        : 'Nothing to do: it fits again once the oldest days are removed.',
      since: meter.lastPrune?.at ?? null,
    });
  }
  const grabber = source.grabberInUse?.();
  if (grabber?.kind === 'import') {
    reasons.push({
      code: 'screenshots_fallback',
      severity: 'degraded',
      message: `Screenshots are taken with ImageMagick's import, which costs several times the CPU: ${grabber.fallbackReason ?? 'node-screenshots is not available'}.`,
      action: 'Reinstall the app (node-screenshots ships with it) or install libxcb-shm for its binary.',
      since: null,
    });
  }
  return reasons;
}

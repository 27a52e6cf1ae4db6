import type { HealthReason } from '../../shared/contract/index';
import type { SyncProblem } from '../../shared/contract/sync';

/**
 * Health reasons of sync: the folder cannot be used, writing to it failed, or another device's segments
 * are damaged (skipped, tried again at each exchange). Segments waiting for an earlier one are shown in
 * the Sync section, not here: the sync tool usually brings the earlier one soon.
 */
export function syncHealthReasons(problems: readonly SyncProblem[]): HealthReason[] {
  const reasons: HealthReason[] = [];
  for (const problem of problems.filter((p) => p.kind === 'folder' || p.kind === 'export')) {
    reasons.push({
      code: problem.kind === 'folder' ? 'sync_folder_unavailable' : 'sync_export_failed',
      severity: 'degraded',
      message: `${problem.message} Nothing is shared with or imported from the other devices meanwhile.`,
      action: 'Check that the sync folder exists and can be written (shadow sync status), or set another: shadow sync folder PATH.',
      since: problem.at,
    });
  }
  const damaged = problems.filter((p) => p.kind === 'corrupt');
  if (damaged.length > 0) {
    const first = damaged[0]!;
    const which = first.seq === null ? 'its manifest' : `segment ${first.seq}`;
    reasons.push({
      code: 'sync_segment_damaged',
      severity: 'degraded',
      message: `${damaged.length} ${damaged.length === 1 ? 'piece' : 'pieces'} of another device's data could not be imported: ${which} of ${first.device?.name ?? 'a device'}: ${first.message}. It was skipped; the rest was imported.`,
      action:
        'Usually the sync tool is still copying it: it is tried again at every exchange. If it stays, let Syncthing rescan the folder on that device, or check its disk.',
      since: first.at,
    });
  }
  return reasons;
}

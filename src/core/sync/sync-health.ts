import type { HealthReason } from '../../shared/contract/index';
import type { SyncProblem, SyncStatus } from '../../shared/contract/sync';

const pieces = (n: number): string => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/** Where a problem is: `segment 4 of laptop`, `the manifest of laptop`. */
function where(problem: SyncProblem): string {
  const device = problem.device?.name ?? 'a device';
  return problem.seq === null ? `the folder of ${device}` : `segment ${problem.seq} of ${device}`;
}

/**
 * Health reasons of sync: devices wait for the person to trust or refuse them, the folder cannot be
 * used, writing to it failed, another device's segments
 * are damaged (skipped, tried again once their file changes), files of the folder were refused as hostile
 * input (a link, not a plain file, over a limit), segments wait for an earlier one (naming the device and
 * what they wait for), a device's conversation claims an id held here (kept apart), or a device used its
 * budget of an exchange. `counts`: how many there are of each in all (`problems` lists the newest).
 */
export function syncHealthReasons(
  status: Pick<SyncStatus, 'problems' | 'devices'>,
  counts: Partial<Record<'corrupt' | 'refused' | 'waiting', number>> = {},
): HealthReason[] {
  const { problems } = status;
  const reasons: HealthReason[] = [];
  const waitingDevices = status.devices.filter((d) => d.trust === 'pending');
  if (waitingDevices.length > 0) {
    const named = waitingDevices.map((d) => `${d.name} (${d.id}, key ${d.fingerprint ?? 'not seen yet'})`).join(', ');
    reasons.push({
      code: 'sync_device_unconfirmed',
      severity: 'degraded',
      message: `${waitingDevices.length === 1 ? 'A device waits' : `${waitingDevices.length} devices wait`} for you to trust or refuse ${waitingDevices.length === 1 ? 'it' : 'them'} before anything of ${waitingDevices.length === 1 ? 'it' : 'theirs'} is imported: ${named}.`,
      action:
        "Compare each key fingerprint with the one that computer's own Devices card (or shadow sync status) shows; trust it only if they are the same (shadow sync trust ID --fingerprint FP), otherwise refuse it (shadow sync refuse ID): someone else may write in the sync folder.",
      since: null,
    });
  }
  for (const problem of problems.filter((p) => p.kind === 'folder' || p.kind === 'export')) {
    reasons.push({
      code: problem.kind === 'folder' ? 'sync_folder_unavailable' : 'sync_export_failed',
      severity: 'degraded',
      message: `${problem.message} Nothing is shared with or imported from the other devices meanwhile.`,
      action: 'Check that the sync folder exists and can be written (shadow sync status), or set another: shadow sync folder PATH.',
      since: problem.at,
    });
  }
  const refused = problems.filter((p) => p.kind === 'refused');
  if (refused.length > 0) {
    const first = refused[0]!;
    reasons.push({
      code: 'sync_input_refused',
      severity: 'degraded',
      message: `${pieces(counts.refused ?? refused.length)} of the sync folder were refused as unsafe to read: ${where(first)}: ${first.message}. Nothing of them was read or imported; the rest was.`,
      action:
        'No sync tool writes such files: someone with access to the sync folder (or a compromised device) may have placed them. Remove them from that device folder; they are read again only once they change.',
      since: first.at,
    });
  }
  const damaged = problems.filter((p) => p.kind === 'corrupt');
  if (damaged.length > 0) {
    const first = damaged[0]!;
    reasons.push({
      code: 'sync_segment_damaged',
      severity: 'degraded',
      message: `${pieces(counts.corrupt ?? damaged.length)} of another device's data could not be imported: ${where(first)}: ${first.message}. It was skipped; the rest was imported.`,
      action:
        'Usually the sync tool is still copying it: it is read again once the file changes. If it stays, let Syncthing rescan the folder on that device, or check its disk.',
      since: first.at,
    });
  }
  const waiting = problems.filter((p) => p.kind === 'waiting');
  if (waiting.length > 0) {
    const first = waiting[0]!;
    reasons.push({
      code: 'sync_segment_waiting',
      severity: 'degraded',
      message: `${pieces(counts.waiting ?? waiting.length)} of another device's data wait for an earlier one: ${where(first)}: ${first.message}. The rest of that device was imported.`,
      action:
        'Usually the sync tool has not brought the earlier segment yet: it is applied once that one arrives. If it stays, check that device folder is complete on this computer.',
      since: first.at,
    });
  }
  const conflicts = problems.filter((p) => p.kind === 'conflict');
  if (conflicts.length > 0) {
    const first = conflicts[0]!;
    reasons.push({
      code: 'sync_id_conflict',
      severity: 'degraded',
      message: `${conflicts.length === 1 ? 'A conversation' : `${conflicts.length} conversations`} of another device claim${conflicts.length === 1 ? 's' : ''} an id already held here: ${first.device?.name ?? 'a device'}: ${first.message}. Nothing was written over.`,
      action:
        'Ids are drawn at random, so two devices should never share one: a device that claims another’s may be compromised. Check it, or stop trusting it (shadow sync refuse ID).',
      since: first.at,
    });
  }
  for (const problem of problems.filter((p) => p.kind === 'paused')) {
    reasons.push({
      code: 'sync_device_paused',
      severity: 'degraded',
      message: `Reading ${problem.device?.name ?? 'a device'} stopped for this exchange: ${problem.message}.`,
      action:
        'A long backlog (a first import) goes on at every exchange by itself. If it never ends, that device writes far more than anyone works: check it, or stop trusting it.',
      since: problem.at,
    });
  }
  return reasons;
}

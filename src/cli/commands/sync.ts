import type { Command } from 'commander';
import { z } from 'zod';
import { syncSettingsInputSchema, SYNC_SHARE_KINDS, type SyncStatus } from '../../shared/contract/index';
import { formatClockTime } from '../../shared/format-clock-time';
import { localDateOf } from '../../core/time';
import { parseFlags } from '../cli-error';
import { print, printJson, table } from '../format';
import { withOperations } from '../profile-operations';

const json = z.object({ json: z.boolean().default(false) });

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

function when(iso: string | null): string {
  return iso ? `${localDateOf(Date.parse(iso))} ${formatClockTime(iso)}` : 'never';
}

function printStatus(status: SyncStatus): void {
  print(
    status.folder
      ? `Sync folder: ${status.folder}\nThis device: ${status.device.name} (${status.device.id}), shares ${status.share.join(', ') || 'nothing'}`
      : `Sync is off. Point it at a folder Syncthing (or another sync tool) replicates: shadow sync folder PATH (docs/sync.md).\nThis device: ${status.device.name} (${status.device.id})`,
  );
  print(
    `Written: ${plural(status.outbox.segments, 'segment')}, last ${when(status.outbox.lastExportAt)}; ${plural(status.outbox.pendingChanges, 'change')} to write`,
  );
  const rows: string[][] = [['DEVICE', 'ID', 'WORK SESSIONS', 'SEGMENTS', 'LAST IMPORT']];
  for (const d of status.devices) {
    rows.push([
      `${d.name}${d.local ? ' (this one)' : ''}`,
      d.id,
      String(d.workSessions),
      d.local ? String(d.latestSeq) : `${d.appliedSegments}/${d.latestSeq}`,
      d.local ? '' : when(d.lastImportAt),
    ]);
  }
  print(`\n${table(rows)}`);
  if (status.problems.length > 0) {
    print('\nProblems:');
    for (const p of status.problems) {
      const where = [p.device?.name, p.seq === null ? null : `segment ${p.seq}`].filter(Boolean).join(', ');
      print(`  ${p.kind}${where ? ` (${where})` : ''}: ${p.message}`);
    }
  }
}

export function registerSyncCommand(program: Command): void {
  const sync = program
    .command('sync')
    .description('One memory across your computers: the sync folder, this device, the other devices and any problem (docs/sync.md)');
  sync
    .command('status', { isDefault: true })
    .description('The sync folder, what this device shares, the devices known, the last import and any problem')
    .option('--json', 'print JSON')
    .action(async (raw) => {
      const flags = parseFlags(json, raw);
      const status = await withOperations((call) => call('syncStatus', {}));
      if (flags.json) printJson(status);
      else printStatus(status);
    });
  sync
    .command('folder')
    .description('Set the folder Syncthing (or any sync tool, or a network folder) replicates; --off turns sync off')
    .argument('[path]', 'an absolute path to an existing folder')
    .option('--off', 'stop syncing (what is in the folder stays)')
    .option('--name <name>', "this device's name as the others show it (default the host name)")
    .option('--share <kinds>', `what this device writes to the folder, comma-separated: ${SYNC_SHARE_KINDS.join(', ')}`)
    .option('--json', 'print JSON')
    .action(async (path: string | undefined, raw: Record<string, unknown>) => {
      const flags = parseFlags(
        json.extend({
          off: z.boolean().default(false),
          path: z.string().optional(),
          name: z.string().optional(),
          share: z.string().optional(),
        }),
        { ...raw, path },
      );
      const input = parseFlags(syncSettingsInputSchema, {
        ...(flags.off ? { folder: null } : flags.path !== undefined && { folder: flags.path }),
        ...(flags.name !== undefined && { deviceName: flags.name }),
        ...(flags.share !== undefined && {
          share: flags.share
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }),
      });
      const status = await withOperations((call) => call('setSync', input));
      if (flags.json) printJson(status);
      else printStatus(status);
    });
  sync
    .command('now')
    .description("Write this device's changes to the folder and import the other devices' now")
    .option('--json', 'print JSON')
    .action(async (raw) => {
      const flags = parseFlags(json, raw);
      const run = await withOperations((call) => call('runSync', {}));
      if (flags.json) return printJson(run);
      print(
        run.skipped ??
          `Wrote ${plural(run.exported.segments, 'segment')} (${plural(run.exported.records, 'record')}, ${run.exported.bytes} bytes); imported ${plural(run.imported.segments, 'segment')} (${plural(run.imported.records, 'record')}).`,
      );
      printStatus(run.status);
    });
}

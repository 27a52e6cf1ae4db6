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

const TRUST_WORDS: Record<SyncStatus['devices'][number]['trust'], string> = {
  trusted: 'trusted',
  pending: 'waiting for you',
  refused: 'refused',
};

function printStatus(status: SyncStatus): void {
  print(
    status.folder
      ? `Sync folder: ${status.folder}\nThis device: ${status.device.name} (${status.device.id}), shares ${status.share.join(', ') || 'nothing'}`
      : `Sync is off. Point it at a folder Syncthing (or another sync tool) replicates: shadow sync folder PATH (docs/sync.md).\nThis device: ${status.device.name} (${status.device.id})`,
  );
  if (status.fingerprint) print(`This device's key fingerprint: ${status.fingerprint} (the other devices show it to compare)`);
  print(
    `Written: ${plural(status.outbox.segments, 'segment')}, last ${when(status.outbox.lastExportAt)}; ${plural(status.outbox.pendingChanges, 'change')} to write`,
  );
  const rows: string[][] = [['DEVICE', 'ID', 'KEY FINGERPRINT', 'TRUST', 'WORK SESSIONS', 'SEGMENTS', 'LAST IMPORT']];
  for (const d of status.devices) {
    rows.push([
      `${d.name}${d.local ? ' (this one)' : ''}`,
      d.id,
      d.fingerprint ?? '-',
      d.local ? '' : TRUST_WORDS[d.trust],
      String(d.workSessions),
      d.local ? String(d.latestSeq) : `${d.appliedSegments}/${d.latestSeq}`,
      d.local ? '' : when(d.lastImportAt),
    ]);
  }
  print(`\n${table(rows)}`);
  const waiting = status.devices.filter((d) => d.trust === 'pending');
  if (waiting.length > 0) {
    print(
      `\nWaiting for you: nothing of ${waiting.length === 1 ? 'this device' : 'these devices'} is imported until you trust it. Compare the fingerprint above with the one its own screen shows (shadow sync status there), then:`,
    );
    for (const d of waiting)
      print(`  shadow sync trust ${d.id} --fingerprint <the fingerprint ${d.name} shows>   (or: shadow sync refuse ${d.id})`);
  }
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
    .command('trust')
    .description('Trust another device once its key fingerprint matches the one its own screen shows: its work is imported from then on')
    .argument('<device>', 'its id (or its name, when no other device has it)')
    .requiredOption('--fingerprint <fingerprint>', 'the key fingerprint the other device shows (shadow sync status there)')
    .option('--json', 'print JSON')
    .action(async (device: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(json.extend({ device: z.string(), fingerprint: z.string() }), { ...raw, device });
      const status = await withOperations((call) => call('trustSyncDevice', { device: flags.device, fingerprint: flags.fingerprint }));
      if (flags.json) return printJson(status);
      print(`Trusted ${flags.device}: its work is imported at the next exchange (shadow sync now).\n`);
      printStatus(status);
    });
  sync
    .command('refuse')
    .alias('forget')
    .description('Refuse another device, or stop trusting it: its folder is not read any more and what it brought is deleted here')
    .argument('<device>', 'its id (or its name, when no other device has it)')
    .option('--json', 'print JSON')
    .action(async (device: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(json.extend({ device: z.string() }), { ...raw, device });
      const status = await withOperations((call) => call('refuseSyncDevice', { device: flags.device }));
      if (flags.json) return printJson(status);
      print(`Refused ${flags.device}: nothing of it is imported, and what it had brought is deleted.\n`);
      printStatus(status);
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
          `Wrote ${plural(run.exported.segments, 'segment')} (${plural(run.exported.records, 'record')}, ${run.exported.bytes} bytes); imported ${plural(run.imported.segments, 'segment')} (${plural(run.imported.records, 'record')}, ${run.imported.bytes} bytes read).`,
      );
      printStatus(run.status);
    });
}

import { existsSync, statSync } from 'node:fs';
import { join, parse, resolve } from 'node:path';
import type { HealthReason } from '../../shared/contract/index';
import type { SyncProblem, SyncRun, SyncSettingsInput, SyncStatus } from '../../shared/contract/sync';
import { iso } from '../clock';
import type { Clock } from '../clock';
import { loadSettings, saveSettings, type Settings } from '../config/settings';
import { DomainError } from '../errors';
import type { EventBus } from '../events';
import type { Redactor } from '../privacy/redactor';
import type { Db } from '../store/database';
import { DeviceRepository, LOCAL_DEVICE, type DeviceRecord } from '../store/repositories/device-repository';
import { SyncImportRepository } from '../store/repositories/sync-import-repository';
import { SyncOutboxRepository } from '../store/repositories/sync-outbox-repository';
import { localDeviceName } from './device-identity';
import { fingerprintOf, normalizeFingerprint, type DeviceKey } from './device-key';
import { readManifest } from './manifest';
import type { Manifest } from './sync-records';
import { tryExchangeLock } from './exchange-lock';
import { importChanges, MANIFEST_SEQ } from './inbox';
import { exportChanges } from './outbox';
import { syncHealthReasons } from './sync-health';
import { sharedKinds, SYNC_KINDS } from './sync-kinds';
import { messageOf } from '../util/message-of';

export interface SyncServiceDeps {
  readonly db: Db;
  readonly settings: Settings;
  readonly settingsFile: string;
  readonly profileDir: string;
  readonly clock: Clock;
  readonly events: EventBus;
  readonly redactor: () => Redactor;
  /** Reads (or creates, the first time) this device's signing key (device-key.ts); throws `DeviceKeyError`. */
  readonly deviceKey: () => DeviceKey;
}

type SyncSettings = Settings['sync'];

const DEVICE_ID = /^[0-9a-f]{16}$/;

/** What went wrong in this process's last exchange with the folder (segment problems live in the store). */
interface RunProblem {
  readonly kind: 'folder' | 'export';
  readonly message: string;
  readonly atMs: number;
}

/**
 * One memory across the user's devices (docs/sync.md): this device's changes go to its own folder
 * inside the sync folder, the other devices' come in read-only. `run` is one exchange (the observing
 * app runs it every `sync.intervalSec`, `shadow sync now` on demand), `configure` the settings, and
 * `status` what the window's Sync section and `shadow sync status` show.
 */
export class SyncService {
  readonly devices: DeviceRepository;
  private readonly outbox: SyncOutboxRepository;
  private readonly inbox: SyncImportRepository;
  private sync: SyncSettings;
  private settingsMtimeMs = -1;
  private problem: RunProblem | null = null;
  private inFlight: Promise<SyncRun> | null = null;
  private key: DeviceKey | null = null;

  constructor(private readonly deps: SyncServiceDeps) {
    this.devices = new DeviceRepository(deps.db);
    this.outbox = new SyncOutboxRepository(deps.db);
    this.inbox = new SyncImportRepository(deps.db);
    this.sync = deps.settings.sync;
    this.settingsMtimeMs = mtimeOf(deps.settingsFile);
  }

  /** This device's name: the setting, else the host name. */
  deviceName(): string {
    return localDeviceName(this.sync.deviceName);
  }

  /** This device's signing key, read once. */
  signingKey(): DeviceKey {
    this.key ??= this.deps.deviceKey();
    return this.key;
  }

  status(): SyncStatus {
    this.refresh();
    const state = this.outbox.state();
    const counts = this.devices.workSessionCounts();
    const all = this.devices.everyone();
    const fingerprint = this.localFingerprint();
    const ref = (key: number): { id: string; name: string } | null => {
      const device = all.find((d) => d.key === key);
      return device ? { id: device.id, name: device.key === LOCAL_DEVICE ? this.deviceName() : device.name || device.id } : null;
    };
    const local = this.devices.local();
    const imports = all.filter((d) => d.lastImportAt !== null).map((d) => d.lastImportAt!);
    const problems: SyncProblem[] = all
      .filter((d) => d.paused !== null)
      .map((d) => ({ kind: 'paused' as const, device: ref(d.key), seq: null, message: d.paused!, at: iso(d.pausedAt ?? 0) }));
    for (const p of this.inbox.problems(20)) {
      problems.push({
        kind: p.state === 'waiting' ? 'waiting' : p.refused ? 'refused' : 'corrupt',
        device: ref(p.device),
        seq: p.seq === MANIFEST_SEQ ? null : p.seq,
        message: p.detail ?? 'not applied',
        at: iso(p.atMs),
      });
    }
    const sessions = SYNC_KINDS.find((k) => k.kind === 'session')!;
    for (const kept of this.inbox.keptApart(sessions, 20)) {
      const holder =
        kept.holder === null
          ? 'another device'
          : kept.holder === LOCAL_DEVICE
            ? 'this computer'
            : (ref(kept.holder)?.name ?? 'another device');
      problems.push({
        kind: 'conflict',
        device: ref(kept.device),
        seq: null,
        message: `its conversation ${kept.originId} has the id of a conversation of ${holder}; both are kept, its own as ${kept.localId}`,
        at: iso(all.find((d) => d.key === kept.device)?.lastImportAt ?? this.deps.clock.now()),
      });
    }
    if (this.problem)
      problems.unshift({ kind: this.problem.kind, device: null, seq: null, message: this.problem.message, at: iso(this.problem.atMs) });
    return {
      folder: this.sync.folder ?? null,
      device: { id: local.id, name: this.deviceName() },
      fingerprint,
      share: [...this.sync.share],
      intervalSec: this.sync.intervalSec,
      outbox: {
        pendingChanges: this.outbox.pendingCount(),
        segments: state.nextSeq - 1,
        lastExportAt: state.lastExportAt === null ? null : iso(state.lastExportAt),
      },
      devices: all.map((d) => ({
        ...ref(d.key)!,
        local: d.key === LOCAL_DEVICE,
        trust: d.trust,
        fingerprint: d.key === LOCAL_DEVICE ? fingerprint : d.publicKey && fingerprintOf(d.publicKey),
        latestSeq: d.key === LOCAL_DEVICE ? state.nextSeq - 1 : d.latestSeq,
        appliedSegments: d.key === LOCAL_DEVICE ? 0 : this.inbox.appliedCount(d.key),
        lastImportAt: d.lastImportAt === null ? null : iso(d.lastImportAt),
        workSessions: counts.get(d.key) ?? 0,
      })),
      lastImportAt: imports.length > 0 ? iso(Math.max(...imports)) : null,
      problems,
    };
  }

  /**
   * Trusts another device once the person compared its key's fingerprint with the one its own screen
   * shows: the key its folder presents now (read again here) must have this fingerprint, and it is
   * pinned. Its work is imported from the next exchange on; a key that changes later is refused.
   */
  trust(device: string, fingerprint: string): SyncStatus {
    this.refresh();
    const typed = normalizeFingerprint(fingerprint);
    if (!typed) {
      throw new DomainError(
        'invalid',
        'fingerprint_invalid',
        `"${fingerprint}" is not a fingerprint: it is 32 hexadecimal digits, e.g. 3F9C-0A7E-52B1-4D68-A1B2-C3D4-E5F6-0718.`,
      );
    }
    const record = this.otherDevice(device, { discover: true });
    const presented = this.presented(record.id)?.device.publicKey ?? record.publicKey;
    const label = `${record.name || record.id} (${record.id})`;
    if (!presented) {
      throw new DomainError(
        'conflict',
        'device_key_unknown',
        `${label} has no signed manifest in the sync folder yet: let it exchange once (shadow sync now there), then trust it.`,
      );
    }
    if (fingerprintOf(presented) !== typed) {
      throw new DomainError(
        'conflict',
        'fingerprint_mismatch',
        `${label} presents the key ${fingerprintOf(presented)} in the sync folder, not ${typed}. Compare again with the fingerprint its own screen shows (shadow sync status there); if they differ, someone else writes as this device: refuse it.`,
      );
    }
    this.devices.setTrust(record.key, 'trusted', presented);
    return this.status();
  }

  /**
   * Refuses another device, or stops trusting it: its folder is not read any more and everything imported
   * from it is deleted here. Trusting it again (with its fingerprint) imports it anew.
   */
  refuse(device: string): SyncStatus {
    this.refresh();
    const record = this.otherDevice(device);
    this.deps.db.transaction(() => {
      this.inbox.forget(record.key, SYNC_KINDS);
      this.devices.forgetImports(record.key);
      this.devices.setTrust(record.key, 'refused', record.publicKey);
    })();
    return this.status();
  }

  /**
   * Another device given by id or name (among every device seen, waiting and refused ones too); with
   * `discover`, a device folder no exchange has read yet is read now (its signed manifest), so a device
   * can be trusted as soon as it has written there.
   */
  private otherDevice(device: string, options: { discover?: boolean } = {}): DeviceRecord {
    const wanted = device.trim().toLowerCase();
    const local = this.devices.local();
    if (wanted === local.id || wanted === this.deviceName().toLowerCase()) {
      throw new DomainError('invalid', 'device_is_this_one', `"${device}" is this computer: trust and refusal are for the other devices.`);
    }
    const others = (): DeviceRecord[] => this.devices.everyone().filter((d) => d.key !== LOCAL_DEVICE);
    let matches = this.devices.matching(others(), device);
    const unseen = matches.length === 0 && options.discover ? this.presented(wanted) : null;
    if (unseen) {
      this.devices.present(unseen.device.id, unseen.device.name, unseen.device.publicKey);
      matches = this.devices.matching(others(), device);
    }
    if (matches.length === 0) {
      throw new DomainError(
        'not_found',
        'device_not_found',
        `No other device "${device}" was seen in the sync folder; shadow sync status lists them.`,
      );
    }
    if (matches.length > 1) {
      const which = matches.map((d) => `${d.id}${d.publicKey ? ` (${fingerprintOf(d.publicKey)})` : ''}`).join(', ');
      throw new DomainError(
        'invalid',
        'device_ambiguous',
        `${matches.length} devices are called "${device}"; give the id of the one you mean: ${which}.`,
      );
    }
    return matches[0]!;
  }

  /** The manifest a device's folder presents now (signed by the key it names), or null when there is none to read. */
  private presented(id: string): Manifest | null {
    const folder = this.sync.folder;
    if (!folder || !DEVICE_ID.test(id) || id === this.devices.local().id) return null;
    try {
      const manifest = readManifest(join(folder, id))?.manifest;
      return manifest?.device.id === id ? manifest : null;
    } catch {
      return null;
    }
  }

  /** This device's fingerprint while sync is on (the key is made the first time); null while off or unreadable. */
  private localFingerprint(): string | null {
    if (!this.sync.folder) return null;
    try {
      return this.signingKey().fingerprint;
    } catch (error) {
      this.problem ??= { kind: 'export', message: messageOf(error), atMs: this.deps.clock.now() };
      return null;
    }
  }

  /** Changes the sync settings, saves them in settings.json and starts (or stops) logging this device's changes at once. */
  configure(input: SyncSettingsInput): SyncStatus {
    if (input.folder) checkFolder(input.folder);
    const onDisk = loadSettings(this.deps.settingsFile);
    // The settings in force (the file's, or a caller's over them) with the change, saved whole.
    const next: SyncSettings = { ...this.sync };
    if (input.folder !== undefined) next.folder = input.folder ?? undefined;
    if (input.deviceName !== undefined) next.deviceName = input.deviceName;
    if (input.share !== undefined) next.share = [...new Set(input.share)];
    saveSettings(this.deps.settingsFile, { ...onDisk, sync: next });
    this.settingsMtimeMs = mtimeOf(this.deps.settingsFile);
    this.adopt(next);
    // Changes are logged from now on (and the history queued), or no longer.
    if (next.folder) this.outbox.share(sharedKinds(next.share));
    else if (this.outbox.state().on) this.outbox.stop();
    this.devices.nameLocal(this.deviceName());
    return this.status();
  }

  /** One exchange: this device's changes out, the others' in. Concurrent calls share one run. */
  run(): Promise<SyncRun> {
    this.inFlight ??= this.exchange().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async exchange(): Promise<SyncRun> {
    this.refresh();
    const none = { exported: { segments: 0, records: 0, bytes: 0 }, imported: { segments: 0, records: 0, bytes: 0 } };
    const folder = this.sync.folder;
    if (!folder) {
      // Turned off in settings.json while the app ran: stop logging this device's changes.
      if (this.outbox.state().on) this.outbox.stop();
      return { ...none, skipped: 'sync is off: no sync folder is set (shadow sync folder PATH)', status: this.status() };
    }
    const release = tryExchangeLock(this.deps.profileDir);
    if (!release) return { ...none, skipped: 'another process of this profile is exchanging with the folder now', status: this.status() };
    try {
      if (!existsSync(folder)) {
        this.problem = {
          kind: 'folder',
          message: `The sync folder ${folder} does not exist (not synced yet, or moved).`,
          atMs: this.deps.clock.now(),
        };
        return { ...none, skipped: this.problem.message, status: this.status() };
      }
      const now = (): number => this.deps.clock.now();
      this.devices.nameLocal(this.deviceName());
      const local = { id: this.devices.local().id, name: this.deviceName() };
      let exported = none.exported;
      try {
        const shared = sharedKinds(this.sync.share);
        this.outbox.share(shared);
        exported = await exportChanges(
          { repo: this.outbox, redactor: this.deps.redactor, now, key: this.signingKey() },
          folder,
          local,
          shared,
        );
        this.problem = null;
      } catch (error) {
        this.problem = { kind: 'export', message: `Writing to the sync folder failed: ${messageOf(error)}`, atMs: now() };
      }
      const imported = await importChanges({ repo: this.inbox, devices: this.devices, now }, folder, local.id);
      if (imported.segments > 0)
        this.deps.events.emit('sync:imported', { segments: imported.segments, records: imported.records, at: iso(now()) });
      return {
        exported,
        imported: { segments: imported.segments, records: imported.records, bytes: imported.bytes },
        skipped: null,
        status: this.status(),
      };
    } finally {
      release();
    }
  }

  /** Health reasons (sync-health.ts), counting every segment not applied, not only those `status` lists. */
  healthReasons(): HealthReason[] {
    const counts = this.inbox.problemCounts();
    return syncHealthReasons(this.status(), { corrupt: counts.failed, refused: counts.refused, waiting: counts.waiting });
  }

  /**
   * The settings file changed (`shadow sync folder` while the app runs): its sync section applies from now,
   * in memory only; the next exchange turns the outbox on or off (a status read never writes).
   */
  private refresh(): void {
    const mtime = mtimeOf(this.deps.settingsFile);
    if (mtime === this.settingsMtimeMs) return;
    this.settingsMtimeMs = mtime;
    try {
      this.adopt(loadSettings(this.deps.settingsFile).sync);
    } catch {
      // A settings file being edited by hand and invalid for a moment: keep what was in force.
    }
  }

  private adopt(next: SyncSettings): void {
    this.sync = next;
    this.deps.settings.sync = next;
  }
}

/** A sync folder is an existing folder of its own: never the root of a disk, where every device's folder would land. */
function checkFolder(folder: string): void {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new DomainError(
      'invalid',
      'sync_folder_missing',
      `${folder} is not a folder. Create it, or let Syncthing create it (docs/sync.md), then set it again.`,
    );
  }
  if (resolve(folder) === parse(resolve(folder)).root) {
    throw new DomainError(
      'invalid',
      'sync_folder_root',
      `${folder} is the root of a disk; choose a folder of its own, e.g. ~/Sync/workflow-shadow.`,
    );
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

import { existsSync, statSync } from 'node:fs';
import { parse, resolve } from 'node:path';
import type { SyncProblem, SyncRun, SyncSettingsInput, SyncStatus } from '../../shared/contract/sync';
import { iso } from '../clock';
import type { Clock } from '../clock';
import { loadSettings, saveSettings, type Settings } from '../config/settings';
import { DomainError } from '../errors';
import type { EventBus } from '../events';
import type { Redactor } from '../privacy/redactor';
import type { Db } from '../store/database';
import { DeviceRepository, LOCAL_DEVICE } from '../store/repositories/device-repository';
import { SyncImportRepository } from '../store/repositories/sync-import-repository';
import { SyncOutboxRepository } from '../store/repositories/sync-outbox-repository';
import { localDeviceName } from './device-identity';
import { tryExchangeLock } from './exchange-lock';
import { importChanges, MANIFEST_SEQ } from './inbox';
import { exportChanges } from './outbox';
import { sharedKinds } from './sync-kinds';
import { messageOf } from '../util/message-of';

export interface SyncServiceDeps {
  readonly db: Db;
  readonly settings: Settings;
  readonly settingsFile: string;
  readonly profileDir: string;
  readonly clock: Clock;
  readonly events: EventBus;
  readonly redactor: () => Redactor;
}

type SyncSettings = Settings['sync'];

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

  status(): SyncStatus {
    this.refresh();
    const state = this.outbox.state();
    const counts = this.devices.workSessionCounts();
    const all = this.devices.all();
    const ref = (key: number): { id: string; name: string } | null => {
      const device = all.find((d) => d.key === key);
      return device ? { id: device.id, name: device.key === LOCAL_DEVICE ? this.deviceName() : device.name || device.id } : null;
    };
    const local = this.devices.local();
    const imports = all.filter((d) => d.lastImportAt !== null).map((d) => d.lastImportAt!);
    const problems: SyncProblem[] = this.inbox.problems(20).map((p) => ({
      kind: p.state === 'waiting' ? 'waiting' : 'corrupt',
      device: ref(p.device),
      seq: p.seq === MANIFEST_SEQ ? null : p.seq,
      message: p.detail ?? 'not applied',
      at: iso(p.atMs),
    }));
    if (this.problem)
      problems.unshift({ kind: this.problem.kind, device: null, seq: null, message: this.problem.message, at: iso(this.problem.atMs) });
    return {
      folder: this.sync.folder ?? null,
      device: { id: local.id, name: this.deviceName() },
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
        latestSeq: d.key === LOCAL_DEVICE ? state.nextSeq - 1 : d.latestSeq,
        appliedSegments: d.key === LOCAL_DEVICE ? 0 : this.inbox.appliedCount(d.key),
        lastImportAt: d.lastImportAt === null ? null : iso(d.lastImportAt),
        workSessions: counts.get(d.key) ?? 0,
      })),
      lastImportAt: imports.length > 0 ? iso(Math.max(...imports)) : null,
      problems,
    };
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
    const none = { exported: { segments: 0, records: 0, bytes: 0 }, imported: { segments: 0, records: 0 } };
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
        exported = await exportChanges({ repo: this.outbox, redactor: this.deps.redactor, now }, folder, local, shared);
        this.problem = null;
      } catch (error) {
        this.problem = { kind: 'export', message: `Writing to the sync folder failed: ${messageOf(error)}`, atMs: now() };
      }
      const imported = await importChanges({ repo: this.inbox, devices: this.devices, now }, folder, local.id);
      if (imported.segments > 0)
        this.deps.events.emit('sync:imported', { segments: imported.segments, records: imported.records, at: iso(now()) });
      return { exported, imported: { segments: imported.segments, records: imported.records }, skipped: null, status: this.status() };
    } finally {
      release();
    }
  }

  /** Health reasons: the folder cannot be used, or segments of other devices are damaged. */
  problems(): SyncProblem[] {
    return this.status().problems;
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

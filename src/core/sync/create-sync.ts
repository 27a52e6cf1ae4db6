import { join } from 'node:path';
import { systemClock } from '../clock';
import type { ProfilePaths } from '../config/paths';
import type { Settings } from '../config/settings';
import type { EventBus } from '../events';
import type { Privacy } from '../privacy/create-privacy';
import type { OpenedStore } from '../privacy/open-store';
import { DEVICE_KEY_FILE, loadDeviceKey } from './device-key';
import { SyncService } from './sync-service';

export interface SyncDeps {
  readonly store: OpenedStore;
  readonly settings: Settings;
  readonly paths: ProfilePaths;
  readonly events: EventBus;
  readonly privacy: Pick<Privacy, 'redactor'>;
}

/** Sync through a shared folder with this device's signing key (docs/sync.md); the observing app schedules it. */
export function createSync({ store, settings, paths, events, privacy }: SyncDeps): SyncService {
  return new SyncService({
    db: store.db,
    settings,
    settingsFile: paths.settings,
    profileDir: paths.dir,
    clock: systemClock,
    events,
    redactor: () => privacy.redactor,
    // Encrypted with the store key whenever the store is (docs/sync.md, "Devices prove who they are").
    deviceKey: () => loadDeviceKey(join(paths.dir, DEVICE_KEY_FILE), store.key?.key ?? null),
  });
}

import type { DiskUsage } from '../shared/contract/settings';
import type { ShadowCore } from './shadow-core';

/**
 * What the profile occupies on disk, with the retention settings beside it, for the settings view. The
 * sizes are the storage meter's (the database's pages in use and its WAL, the data folder), the one
 * measure of the store's size that the window, `shadow today`, health and the cap all use (issue 26).
 */
export function profileDiskUsage(core: ShadowCore): DiskUsage {
  const meter = core.storageBudget.meter();
  return {
    databaseBytes: meter.databaseBytes,
    dataBytes: meter.framesBytes + meter.otherDataBytes,
    screenTextRows: core.screenText.count(),
    retentionDays: core.settings.retentionDays,
    outputRetentionDays: core.settings.outputRetentionDays,
  };
}

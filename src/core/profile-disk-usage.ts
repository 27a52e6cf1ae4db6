import { statSync } from 'node:fs';
import type { DiskUsage } from '../shared/contract/settings';
import type { ShadowCore } from './shadow-core';
import { folderSize } from './storage-budget/folder-size';

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** What the profile occupies on disk, with the retention settings beside it, for the settings view. */
export function profileDiskUsage(core: ShadowCore): DiskUsage {
  const db = core.paths.database;
  return {
    databaseBytes: fileSize(db) + fileSize(`${db}-wal`),
    dataBytes: folderSize(core.paths.data),
    screenTextRows: core.screenText.count(),
    retentionDays: core.settings.retentionDays,
    outputRetentionDays: core.settings.outputRetentionDays,
  };
}

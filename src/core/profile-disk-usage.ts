import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DiskUsage } from '../shared/contract/settings';
import type { ShadowCore } from './shadow-core';

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function folderSize(dir: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderSize(path);
    else if (entry.isFile()) total += fileSize(path);
  }
  return total;
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

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of the files under `dir` (0 when it does not exist). */
export function folderSize(dir: string): number {
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
    else if (entry.isFile()) {
      try {
        total += statSync(path).size;
      } catch {
        // Deleted while we looked.
      }
    }
  }
  return total;
}

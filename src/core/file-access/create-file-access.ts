import type { ProfilePaths } from '../config/paths';
import type { Settings } from '../config/settings';
import { FileAccess } from './file-access';

/** The file API of a profile: reads inside its data folder and the allowed roots, writes under the data folder. */
export function createFileAccess(paths: ProfilePaths, settings: Settings): FileAccess {
  // The applets' and the kept screenshots' folders have stores of their own.
  return new FileAccess({ dataDir: paths.data, allowedRoots: settings.allowedRoots, reservedDirs: ['applets', 'frames'] });
}

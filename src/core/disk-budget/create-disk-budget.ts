import { join } from 'node:path';
import type { Clock } from '../clock';
import type { ProfilePaths } from '../config/paths';
import type { Settings } from '../config/settings';
import type { Db } from '../store/database';
import type { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { DiskBudget } from './disk-budget';

export interface ProfileDiskBudgetDeps {
  readonly db: Db;
  readonly paths: ProfilePaths;
  readonly screenText: ScreenTextRepository;
  readonly settings: Settings;
  readonly clock: Clock;
}

/** The size cap over the profile's files: the database, kept screenshots and the rest of the data folder. */
export function createDiskBudget({ db, paths, screenText, settings, clock }: ProfileDiskBudgetDeps): DiskBudget {
  return new DiskBudget({
    db,
    databaseFile: paths.database,
    dataDir: paths.data,
    framesDir: join(paths.data, 'frames'),
    screenText,
    settings,
    clock,
  });
}

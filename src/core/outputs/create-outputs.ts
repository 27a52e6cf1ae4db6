import type { Clock } from '../clock';
import type { Settings } from '../config/settings';
import type { Db } from '../store/database';
import { OutputRepository } from '../store/repositories/output-repository';
import { OutputStore } from './output-store';

export interface OutputsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly settings: Settings;
  /** An output belongs to a session that exists (context sets know them). */
  readonly sessionExists: (sessionId: string) => boolean;
}

/** Outputs shown in sessions, kept in the store for the days the settings say. */
export function createOutputs({ db, clock, settings, sessionExists }: OutputsDeps): OutputStore {
  return new OutputStore({ repository: new OutputRepository(db), clock, retentionDays: settings.outputRetentionDays, sessionExists });
}

import { systemClock } from '../clock';
import { createOfflineLlmClient } from '../llm/offline-llm-client';
import { openDatabase } from '../store/database';
import { ActivityRepository } from '../store/repositories/activity-repository';
import { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { SessionRepository } from '../store/repositories/session-repository';
import { SessionService } from './session-service';

/**
 * The sessions of a profile database for the CLI: reading, searching, exporting and importing,
 * without an observer or a model. It never runs crash recovery: the app may be running.
 */
export function openSessionStore(databaseFile: string): { sessions: SessionService; close(): void } {
  const db = openDatabase(databaseFile);
  const sessions = new SessionService({
    db,
    repo: new SessionRepository(db),
    activity: new ActivityRepository(db),
    screenText: new ScreenTextRepository(db),
    ocrEnabled: true,
    llm: createOfflineLlmClient(),
    clock: systemClock,
    context: () => '',
    currentWindow: () => ({ app: null, title: null }),
  });
  return {
    sessions,
    close() {
      sessions.close();
      db.close();
    },
  };
}

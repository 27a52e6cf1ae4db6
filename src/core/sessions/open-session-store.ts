import { systemClock } from '../clock';
import { ContextService, contextForSessions } from '../context/context-service';
import { EventBus } from '../events';
import { createOfflineLlmClient } from '../llm/offline-llm-client';
import { openDatabase } from '../store/database';
import { ActivityRepository } from '../store/repositories/activity-repository';
import { ContextSetRepository } from '../store/repositories/context-set-repository';
import { ScreenTextRepository } from '../store/repositories/screen-text-repository';
import { SessionRepository } from '../store/repositories/session-repository';
import { SessionService } from './session-service';

/**
 * The sessions of a profile database for the CLI: reading, searching, exporting and importing,
 * without an observer or a model. It never runs crash recovery: the app may be running.
 */
export function openSessionStore(databaseFile: string): { sessions: SessionService; context: ContextService; close(): void } {
  const db = openDatabase(databaseFile);
  const context = new ContextService({ repository: new ContextSetRepository(db), events: new EventBus(), clock: systemClock });
  const sessions = new SessionService({
    repo: new SessionRepository(db),
    activity: new ActivityRepository(db),
    screenText: new ScreenTextRepository(db),
    ocrEnabled: true,
    llm: createOfflineLlmClient(),
    clock: systemClock,
    context: () => '',
    currentWindow: () => ({ app: null, title: null }),
    // The resume block and exports carry the context sets, as in the app.
    ...contextForSessions(context, { announceResume: false }),
  });
  return {
    sessions,
    context,
    close() {
      sessions.close();
      db.close();
    },
  };
}

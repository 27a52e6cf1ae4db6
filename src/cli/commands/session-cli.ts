import { resolveProfilePaths } from '../../core/config/paths';
import { ApiError } from '../../core/api/api-error';
import { openSessionStore } from '../../core/sessions/open-session-store';
import type { SessionService } from '../../core/sessions/session-service';
import { CliError } from '../cli-error';

/** Runs `fn` with the profile's sessions, turning API errors (not found, bad export) into CLI errors. */
export async function withSessions<T>(fn: (sessions: SessionService) => T | Promise<T>): Promise<T> {
  const store = openSessionStore(resolveProfilePaths().database);
  try {
    return await fn(store.sessions);
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(error.message, error.status === 400 ? 2 : 1);
    throw error;
  } finally {
    store.close();
  }
}

/** An id, or the best fuzzy match of a title. */
export function findSession(sessions: SessionService, idOrTitle: string): string {
  const [best] = sessions.list({ q: idOrTitle, limit: 1 });
  if (!best) throw new CliError(`No session matches "${idOrTitle}". List them with \`shadow sessions\`.`);
  return best.id;
}

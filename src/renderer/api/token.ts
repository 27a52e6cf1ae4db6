import { sessionIdSchema } from '../../shared/contract/sessions';

const STORAGE_KEY = 'workflow-shadow.api-token';

/**
 * The API token arrives once in the URL (`#token=…`, printed by `shadow start --headless`), is kept
 * in sessionStorage for reloads, and is removed from the address bar so it is not shared by accident.
 */
export function takeApiToken(location: Location, storage: Storage, history: History): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    storage.setItem(STORAGE_KEY, fromHash);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    return fromHash;
  }
  return storage.getItem(STORAGE_KEY);
}

/** `#…&session=ses_…` (the link `shadow resume` prints) opens the chat at that conversation. */
export function sessionToOpen(location: Location): string | null {
  const id = new URLSearchParams(location.hash.replace(/^#/, '')).get('session');
  return id && sessionIdSchema.safeParse(id).success ? id : null;
}

export function forgetApiToken(storage: Storage): void {
  storage.removeItem(STORAGE_KEY);
}

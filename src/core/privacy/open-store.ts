import { isPlainDatabaseFile, openDatabase, type Db } from '../store/database';
import { resolveStoreKey, type StoreKey } from './store-key';

export interface StoreOpening {
  /** The key when the caller holds it (Electron's keychain); undefined: from the environment or settings. */
  readonly key: StoreKey | null | undefined;
  readonly env: NodeJS.ProcessEnv;
  /** The key file settings.json names (`storeKeyFile`, saved by `shadow encrypt`). */
  readonly keyFile: string | undefined;
}

/** The profile's store, opened once, and whether its file is encrypted (asked once, for privacy and sync alike). */
export interface OpenedStore {
  readonly db: Db;
  readonly encrypted: boolean;
  /**
   * The key the file is encrypted with; null when it is plain: no key, or a key given for a plain store
   * (a plain store is encrypted only on request, `shadow encrypt`).
   */
  readonly key: StoreKey | null;
}

export function openStore(databaseFile: string, opening: StoreOpening): OpenedStore {
  const key = opening.key !== undefined ? opening.key : resolveStoreKey(opening.env, opening.keyFile);
  const db = openDatabase(databaseFile, { key: key?.key ?? null });
  const encrypted = key !== null && !isPlainDatabaseFile(databaseFile);
  return { db, encrypted, key: encrypted ? key : null };
}

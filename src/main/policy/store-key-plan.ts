/** What the desktop app finds before opening the store (structural, so the decision is tested without Electron). */
export interface StoreKeyFacts {
  /** SHADOW_DB_KEY, SHADOW_DB_KEY_FILE or a key file in settings.json: the user manages the key, as headless. */
  readonly userKey: boolean;
  /** The system keeps secrets for apps (Keychain, DPAPI, libsecret/kwallet); not Chromium's fixed-password fallback. */
  readonly keychainAvailable: boolean;
  /** A key sealed by the keychain is kept in the profile. */
  readonly sealedKeyExists: boolean;
  readonly databaseExists: boolean;
  /** The database file is written in the clear (SQLite's header). */
  readonly databasePlain: boolean;
  /** The user answered "Not now" to encrypting a plain store before. */
  readonly declinedBefore: boolean;
}

export type StoreKeyPlan =
  /** Leave it to the environment and settings, as headless does (a plain store then says so). */
  | 'as-headless'
  /** Open the store with the key the keychain keeps. */
  | 'unseal'
  /** A new profile: create a key, have the keychain keep it, create the store encrypted. */
  | 'create'
  /** A plain store and no key yet: ask whether to encrypt it now (never silently). */
  | 'ask'
  /** A plain store the user chose to keep plain: open it as it is (the window keeps saying so). */
  | 'stay-plain';

/**
 * How the desktop app gets the store key: created once and kept by the keychain (safeStorage); a plain
 * store is only encrypted when the user says so.
 */
export function planStoreKey(facts: StoreKeyFacts): StoreKeyPlan {
  if (facts.userKey || !facts.keychainAvailable) return 'as-headless';
  if (facts.sealedKeyExists) return 'unseal';
  if (!facts.databaseExists) return 'create';
  if (facts.databasePlain) return facts.declinedBefore ? 'stay-plain' : 'ask';
  // Encrypted, but with a key this app does not hold: opening it says which key is missing.
  return 'as-headless';
}

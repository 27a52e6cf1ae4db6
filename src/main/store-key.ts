import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfilePaths } from '../core/config/paths';
import { readRuntimeInfo } from '../core/config/runtime-info';
import { loadSettings } from '../core/config/settings';
import { encryptProfileStore } from '../core/privacy/encrypt-store';
import { StoreKeyError } from '../core/errors';
import { newStoreKey, parseKeyText, type StoreKey } from '../core/privacy/store-key';
import { isPlainDatabaseFile } from '../core/store/database';
import type { MainElectron } from './electron-api';
import { planStoreKey } from './policy/store-key-plan';
import { messageOf } from '../core/util/message-of';

/** What the key flow needs of Electron: the keychain, the dialog that asks, and the platform it runs on. */
export interface KeychainDeps {
  readonly safeStorage: MainElectron['safeStorage'];
  readonly dialog: MainElectron['dialog'];
  readonly platform?: NodeJS.Platform;
  readonly env?: NodeJS.ProcessEnv;
}

const sealedFile = (paths: ProfilePaths): string => join(paths.dir, 'store-key.sealed');
const declinedFile = (paths: ProfilePaths): string => join(paths.dir, 'store-encryption-declined');

function keychainAvailable({ safeStorage, platform = process.platform }: KeychainDeps): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  // On Linux without a secret service Chromium falls back to a fixed password: that protects nothing.
  return platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

function sealNewKey({ safeStorage }: KeychainDeps, paths: ProfilePaths): StoreKey {
  const key = newStoreKey();
  writeFileSync(sealedFile(paths), safeStorage.encryptString(key.toString('hex')), { mode: 0o600 });
  return { key, source: 'keychain' };
}

function unseal({ safeStorage }: KeychainDeps, paths: ProfilePaths): StoreKey {
  try {
    const hex = safeStorage.decryptString(readFileSync(sealedFile(paths)));
    return { key: parseKeyText(hex, 'The key kept by the keychain'), source: 'keychain' };
  } catch (error) {
    throw new StoreKeyError(
      `The system keychain could not give back the store key (${messageOf(error)}). ` +
        `If the keychain was reset, the store can only be opened with a copy of its key (SHADOW_DB_KEY).`,
    );
  }
}

async function askToEncrypt(deps: KeychainDeps, paths: ProfilePaths): Promise<StoreKey | null> {
  // Another copy (headless) has the store open: it cannot be rewritten now, and starting will say why.
  if (readRuntimeInfo(paths)) return null;
  const { response } = await deps.dialog.showMessageBox({
    type: 'question',
    buttons: ['Encrypt now', 'Not now'],
    defaultId: 0,
    cancelId: 1,
    title: 'Encrypt your Workflow Shadow data?',
    message: 'Your Workflow Shadow data is stored unencrypted.',
    detail:
      'Encrypting it means only you, signed in to this computer, can read what Workflow Shadow remembered. ' +
      "The key is created now and kept by your system's keychain. It takes a moment for a large history.",
  });
  if (response !== 0) {
    writeFileSync(declinedFile(paths), new Date().toISOString(), { mode: 0o600 });
    return null;
  }
  const storeKey = sealNewKey(deps, paths);
  await encryptProfileStore(paths, storeKey.key);
  return storeKey;
}

/**
 * The store key of the desktop app, or undefined to resolve it as headless does (environment,
 * settings). Created once and kept by safeStorage; a plain store is encrypted only when the user agrees.
 */
export async function desktopStoreKey(deps: KeychainDeps, paths: ProfilePaths): Promise<StoreKey | null | undefined> {
  const settings = loadSettings(paths.settings);
  const env = deps.env ?? process.env;
  const plan = planStoreKey({
    userKey: Boolean(env.SHADOW_DB_KEY?.trim() || env.SHADOW_DB_KEY_FILE?.trim() || settings.storeKeyFile),
    keychainAvailable: keychainAvailable(deps),
    sealedKeyExists: existsSync(sealedFile(paths)),
    databaseExists: existsSync(paths.database),
    databasePlain: isPlainDatabaseFile(paths.database),
    declinedBefore: existsSync(declinedFile(paths)),
  });
  switch (plan) {
    case 'as-headless':
      return undefined;
    case 'unseal':
      return unseal(deps, paths);
    case 'create':
      return sealNewKey(deps, paths);
    case 'ask':
      return askToEncrypt(deps, paths);
    case 'stay-plain':
      return null;
  }
}

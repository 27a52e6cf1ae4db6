import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import type { StoreKeySource } from '../../shared/contract/privacy';
import { StoreKeyError } from '../errors';
import { messageOf } from '../util/message-of';

/** The key the store and kept frames are encrypted with: 32 random bytes, and where it came from. */
export interface StoreKey {
  readonly key: Buffer;
  readonly source: StoreKeySource;
  /** The key file, when the key came from one. */
  readonly file?: string;
}

const KEY_BYTES = 32;
const HOW_TO_MAKE_ONE = 'e.g. `openssl rand -hex 32`';

/** A key written as 64 hexadecimal characters (surrounding blanks ignored). */
export function parseKeyText(text: string, where: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new StoreKeyError(`${where} must hold 64 hexadecimal characters (a 32-byte key, ${HOW_TO_MAKE_ONE}).`);
  }
  return Buffer.from(hex, 'hex');
}

/** Reads a key file, refusing one that others may read (like ssh does with private keys). */
export function readKeyFile(file: string): Buffer {
  if (!isAbsolute(file)) throw new StoreKeyError(`The key file must be given as an absolute path (got "${file}").`);
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    throw new StoreKeyError(`The key file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}.`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new StoreKeyError(
      `The key file ${file} may be read by others (mode ${(mode & 0o777).toString(8)}); make it yours alone: chmod 600 ${file}`,
    );
  }
  return parseKeyText(readFileSync(file, 'utf8'), `The key file ${file}`);
}

/** Creates a key file with a new random key, readable by the user only; never overwrites one. */
export function createKeyFile(file: string): Buffer {
  if (!isAbsolute(file)) throw new StoreKeyError(`The key file must be given as an absolute path (got "${file}").`);
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function newStoreKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/**
 * The key of a headless process: `SHADOW_DB_KEY` (the key itself), else `SHADOW_DB_KEY_FILE`, else
 * the key file settings.json names (`storeKeyFile`, saved by `shadow encrypt`). Null: no key, the
 * store stays plain and says so.
 */
export function resolveStoreKey(env: NodeJS.ProcessEnv, storeKeyFile: string | undefined): StoreKey | null {
  const fromEnv = env.SHADOW_DB_KEY?.trim();
  if (fromEnv) return { key: parseKeyText(fromEnv, 'SHADOW_DB_KEY'), source: 'environment' };
  const file = env.SHADOW_DB_KEY_FILE?.trim() || storeKeyFile;
  if (file) return { key: readKeyFile(file), source: 'key-file', file };
  return null;
}

/** The kept frames' AES-256-GCM key, derived from the store key so one key opens everything. */
export function deriveFramesKey(storeKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', storeKey, Buffer.alloc(0), 'workflow-shadow kept frames v1', KEY_BYTES));
}

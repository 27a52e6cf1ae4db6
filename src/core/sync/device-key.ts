import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TEMP_PREFIX, writeFileAtomic } from './folder-files';

/**
 * This device's signing key (Ed25519): every manifest and segment it writes to the sync folder is signed
 * with it, and the other devices import them only once the person has trusted its public key there
 * (docs/sync.md, "Devices prove who they are"). The private key never leaves the profile folder: a
 * PKCS#8 file of mode 0600 (refused when others may read it, like the store's key file), encrypted under
 * a key derived from the store key whenever the store is encrypted (and encrypted then if it was written
 * before).
 */
export interface DeviceKey {
  readonly privateKey: KeyObject;
  /** The public key as it travels in manifests: base64 of its 32 bytes. */
  readonly publicKey: string;
  readonly fingerprint: string;
}

/** A device key that cannot be read or created: a plain sentence saying what to do. */
export class DeviceKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceKeyError';
  }
}

export const DEVICE_KEY_FILE = 'sync-device-key.pem';
const ENCRYPTED = '-----BEGIN ENCRYPTED PRIVATE KEY-----';

/** The passphrase of the key file under the store key: derived, so the store key itself is never used twice. */
function passphraseOf(storeKey: Buffer): string {
  return Buffer.from(hkdfSync('sha256', storeKey, Buffer.alloc(0), 'workflow-shadow sync device key v1', 32)).toString('hex');
}

function pemOf(privateKey: KeyObject, storeKey: Buffer | null): string {
  return privateKey.export(
    storeKey
      ? { format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: passphraseOf(storeKey) }
      : { format: 'pem', type: 'pkcs8' },
  ) as string;
}

/**
 * The profile's device key: read from `file`, or created there the first time. `storeKey`: the store's
 * key when the store is encrypted (then the file is too), else null.
 */
export function loadDeviceKey(file: string, storeKey: Buffer | null): DeviceKey {
  if (!existsSync(file)) {
    const key = createDeviceKey();
    if (createExclusive(file, pemOf(key.privateKey, storeKey))) return key;
    // Another process of this profile made it at the same moment: theirs is the one.
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
    throw new DeviceKeyError(
      `The sync device key ${file} may be read by others (mode ${(statSync(file).mode & 0o777).toString(8)}); make it yours alone: chmod 600 ${file}`,
    );
  }
  const pem = readFileSync(file, 'utf8');
  const encrypted = pem.startsWith(ENCRYPTED);
  if (encrypted && !storeKey) {
    throw new DeviceKeyError(
      `The sync device key ${file} is encrypted with the store key; open the profile with its key (SHADOW_DB_KEY or the key file).`,
    );
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(encrypted ? { key: pem, passphrase: passphraseOf(storeKey!) } : { key: pem });
  } catch {
    throw new DeviceKeyError(
      `The sync device key ${file} cannot be read${encrypted ? ' with this store key' : ''}. Remove it to make a new one; the other devices then ask to trust this device again.`,
    );
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new DeviceKeyError(`The sync device key ${file} is not an Ed25519 key.`);
  // Written before the store was encrypted: encrypted now, like the store.
  if (storeKey && !encrypted) writeFileAtomic(dirname(file), basename(file), pemOf(privateKey, storeKey));
  return describe(privateKey);
}

/**
 * Writes a new key file whole and only if there is none yet (written aside, flushed, then linked into
 * place, which fails when the name exists): two processes starting at once never sign with two keys.
 */
function createExclusive(file: string, pem: string): boolean {
  const temp = join(dirname(file), `${TEMP_PREFIX}${process.pid}-${basename(file)}`);
  writeFileAtomic(dirname(file), basename(temp), pem);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** A new signing key, in memory. */
export function createDeviceKey(): DeviceKey {
  return describe(generateKeyPairSync('ed25519').privateKey);
}

function describe(privateKey: KeyObject): DeviceKey {
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  return { privateKey, publicKey, fingerprint: fingerprintOf(publicKey) };
}

function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

/** A public key as manifests carry it (base64 of 32 bytes), ready to verify with; null when it is not one. */
export function publicKeyOf(base64: string): KeyObject | null {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== base64) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}

/**
 * What a person compares between two screens: the first 128 bits of the SHA-256 of the public key, as
 * eight groups of four hexadecimal digits (`3F9C-0A7E-…`).
 */
export function fingerprintOf(publicKey: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 32).toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

/** A fingerprint as a person may type it (any case, with or without dashes or spaces), in the form `fingerprintOf` gives. */
export function normalizeFingerprint(typed: string): string | null {
  const hex = typed.replace(/[\s:-]/g, '').toUpperCase();
  return /^[0-9A-F]{32}$/.test(hex) ? hex.match(/.{4}/g)!.join('-') : null;
}

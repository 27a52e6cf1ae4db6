import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprintOf, loadDeviceKey, normalizeFingerprint, publicKeyOf } from '../../src/core/sync/device-key';
import { manifestSignedBy, signManifest } from '../../src/core/sync/signing';

/** This device's signing key is kept like the store key (issue 25): a 0600 file, encrypted with the store key when the store is. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const keyFile = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'shadow-device-key-'));
  dirs.push(dir);
  return join(dir, 'sync-device-key.pem');
};

describe('the device signing key', () => {
  it('is made once, mode 0600, and read back the same', () => {
    const file = keyFile();
    const made = loadDeviceKey(file, null);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = loadDeviceKey(file, null);
    expect(again.publicKey).toBe(made.publicKey);
    expect(again.fingerprint).toBe(made.fingerprint);
    expect(made.fingerprint).toBe(fingerprintOf(made.publicKey));
    const payload = '{"device":"x"}';
    expect(manifestSignedBy(payload, signManifest(payload, again.privateKey), publicKeyOf(made.publicKey)!)).toBe(true);
  });

  it('is encrypted with the store key when the store is, also when it was written before, and refused with another key', () => {
    const file = keyFile();
    const storeKey = randomBytes(32);
    const plain = loadDeviceKey(file, null);
    const upgraded = loadDeviceKey(file, storeKey);
    expect(upgraded.publicKey).toBe(plain.publicKey);
    const pem = readFileSync(file, 'utf8');
    expect(pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadDeviceKey(file, storeKey).publicKey).toBe(plain.publicKey);
    expect(() => loadDeviceKey(file, randomBytes(32))).toThrow(/cannot be read with this store key/);
    expect(() => loadDeviceKey(file, null)).toThrow(/is encrypted with the store key; open the profile with its key/);
    const fresh = keyFile();
    loadDeviceKey(fresh, storeKey);
    expect(readFileSync(fresh, 'utf8')).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
  });

  it('is refused when others may read it', () => {
    const file = keyFile();
    loadDeviceKey(file, null);
    chmodSync(file, 0o644);
    expect(() => loadDeviceKey(file, null)).toThrow(/may be read by others \(mode 644\); make it yours alone: chmod 600/);
  });
});

describe('fingerprints', () => {
  it('are eight groups of four hex digits, read back however a person types them', () => {
    const fingerprint = fingerprintOf(Buffer.alloc(32, 7).toString('base64'));
    expect(fingerprint).toMatch(/^([0-9A-F]{4}-){7}[0-9A-F]{4}$/);
    expect(normalizeFingerprint(fingerprint.toLowerCase().replaceAll('-', ' '))).toBe(fingerprint);
    expect(normalizeFingerprint(fingerprint.replaceAll('-', ''))).toBe(fingerprint);
    expect(normalizeFingerprint(fingerprint.slice(0, -1))).toBeNull();
    expect(normalizeFingerprint('zz')).toBeNull();
  });

  it('come only from a real public key', () => {
    expect(publicKeyOf(Buffer.alloc(31).toString('base64'))).toBeNull();
    expect(publicKeyOf('not base64!')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { planStoreKey, type StoreKeyFacts } from '../../src/main/policy/store-key-plan';

const facts = (overrides: Partial<StoreKeyFacts>): StoreKeyFacts => ({
  userKey: false,
  keychainAvailable: true,
  sealedKeyExists: false,
  databaseExists: false,
  databasePlain: false,
  declinedBefore: false,
  ...overrides,
});

describe('how the desktop app gets the store key', () => {
  it('creates a key for a new profile, kept by the keychain, so the store starts encrypted', () => {
    expect(planStoreKey(facts({}))).toBe('create');
  });

  it('unseals the key the keychain keeps', () => {
    expect(planStoreKey(facts({ sealedKeyExists: true, databaseExists: true }))).toBe('unseal');
  });

  it('asks before encrypting an existing plain store, and respects "Not now"', () => {
    expect(planStoreKey(facts({ databaseExists: true, databasePlain: true }))).toBe('ask');
    expect(planStoreKey(facts({ databaseExists: true, databasePlain: true, declinedBefore: true }))).toBe('stay-plain');
  });

  it('leaves the key to the environment when the user manages one, or when no keychain protects it', () => {
    expect(planStoreKey(facts({ userKey: true, sealedKeyExists: true }))).toBe('as-headless');
    expect(planStoreKey(facts({ keychainAvailable: false }))).toBe('as-headless');
    // Encrypted with a key this app does not keep: opening it names the missing key.
    expect(planStoreKey(facts({ databaseExists: true, databasePlain: false }))).toBe('as-headless');
  });
});

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeRuntimeInfo } from '../../src/core/config/runtime-info';
import { StoreKeyError } from '../../src/core/errors';
import { createShadowCore } from '../../src/core/shadow-core';
import { isPlainDatabaseFile } from '../../src/core/store/database';
import { desktopStoreKey } from '../../src/main/store-key';
import { fakeElectron, type FakeElectronOptions } from '../helpers/fake-electron';
import { quietSource } from '../helpers/quiet-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * The desktop app's store key (src/main/store-key.ts) with a fake keychain and dialog (issue 29, point 8):
 * created once and sealed by the keychain, given back on the next start, and a plain store encrypted only
 * when the user says so.
 */

const MARKER = 'ledger reconciliation notes';
let home: TempShadowHome;
beforeEach(() => {
  home = createTempShadowHome('shadow-keychain-');
  // The app creates the profile folder before it asks for the key.
  mkdirSync(home.paths.dir, { recursive: true, mode: 0o700 });
});
afterEach(() => home.remove());

const sealed = (): string => join(home.paths.dir, 'store-key.sealed');
const declined = (): string => join(home.paths.dir, 'store-encryption-declined');

function keyFlow(options: FakeElectronOptions = {}, env: NodeJS.ProcessEnv = {}, platform: NodeJS.Platform = 'linux') {
  const { electron, record } = fakeElectron(options);
  const run = () => desktopStoreKey({ safeStorage: electron.safeStorage, dialog: electron.dialog, platform, env }, home.paths);
  return { run, record };
}

/** A profile whose store was written in the clear (as before encryption existed), holding one marker row. */
function plainStore(): void {
  const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, storeKey: null, settings: { ocrEnabled: false } });
  core.screenText.insert({ atMs: Date.now(), app: 'Excel', title: 'Ledger', text: MARKER });
  core.close();
  expect(isPlainDatabaseFile(home.paths.database)).toBe(true);
}

describe('the desktop store key', () => {
  it('is created for a new profile and sealed by the keychain, then given back unchanged', async () => {
    const first = await keyFlow().run();
    expect(first).toMatchObject({ source: 'keychain' });
    const onDisk = readFileSync(sealed(), 'utf8');
    expect(onDisk).toMatch(/^sealed:/);
    expect(onDisk).not.toContain(first!.key.toString('hex'));

    const again = await keyFlow().run();
    expect(again).toEqual(first);
  });

  it('says what to do when the keychain cannot give the key back', async () => {
    writeFileSync(sealed(), 'not what the keychain sealed');
    const failing = keyFlow().run();
    await expect(failing).rejects.toThrow(StoreKeyError);
    await expect(failing).rejects.toThrow(/keychain could not give back the store key .*SHADOW_DB_KEY/);
  });

  it('encrypts a plain store when the user agrees, keeping what it held', async () => {
    plainStore();
    const { run, record } = keyFlow({ answers: [0] });
    const key = await run();
    expect(record.messageBoxes).toMatchObject([{ buttons: ['Encrypt now', 'Not now'], title: 'Encrypt your Workflow Shadow data?' }]);
    expect(key).toMatchObject({ source: 'keychain' });
    expect(isPlainDatabaseFile(home.paths.database)).toBe(false);
    expect(readFileSync(home.paths.database).toString('latin1')).not.toContain(MARKER);

    const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, storeKey: key, settings: { ocrEnabled: false } });
    try {
      expect(core.screenText.textBetween(0, Number.MAX_SAFE_INTEGER, 10).map((row) => row.text)).toEqual([MARKER]);
    } finally {
      core.close();
    }
    expect(await keyFlow().run()).toEqual(key);
  });

  it('keeps a plain store plain when the user declines, and does not ask again', async () => {
    plainStore();
    const first = keyFlow({ answers: [1] });
    expect(await first.run()).toBeNull();
    expect(existsSync(declined())).toBe(true);
    expect(existsSync(sealed())).toBe(false);
    expect(isPlainDatabaseFile(home.paths.database)).toBe(true);

    const second = keyFlow();
    expect(await second.run()).toBeNull();
    expect(second.record.messageBoxes).toEqual([]);
  });

  it('does not ask while another copy has the store open', async () => {
    plainStore();
    writeRuntimeInfo(home.paths, { pid: process.pid, port: 7345, startedAt: new Date().toISOString() });
    const { run, record } = keyFlow();
    expect(await run()).toBeNull();
    expect(record.messageBoxes).toEqual([]);
    expect(existsSync(declined())).toBe(false);
  });

  it('leaves the key to the environment without a real keychain or when the user gives one', async () => {
    // Chromium's Linux fallback seals with a fixed password: no protection, so no sealed key.
    expect(await keyFlow({ keychain: { available: true, backend: 'basic_text' } }).run()).toBeUndefined();
    expect(await keyFlow({ keychain: { available: false } }).run()).toBeUndefined();
    expect(await keyFlow({}, { SHADOW_DB_KEY: 'a3'.repeat(32) }).run()).toBeUndefined();
    expect(existsSync(sealed())).toBe(false);
    // Elsewhere the backend name means nothing: the system keychain keeps the key.
    expect(await keyFlow({ keychain: { available: true, backend: 'basic_text' } }, {}, 'darwin').run()).toMatchObject({
      source: 'keychain',
    });
  });
});

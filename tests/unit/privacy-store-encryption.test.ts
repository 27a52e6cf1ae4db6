import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import { encryptProfileStore } from '../../src/core/privacy/encrypt-store';
import { FrameVault, openFrame, sealFrame } from '../../src/core/privacy/frame-vault';
import { StoreKeyError } from '../../src/core/errors';
import { createKeyFile, readKeyFile, resolveStoreKey } from '../../src/core/privacy/store-key';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { isPlainDatabaseFile } from '../../src/core/store/database';
import { DEVICE_KEY_FILE } from '../../src/core/sync/device-key';
import { quietSource } from '../helpers/quiet-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

const KEY = 'a3'.repeat(32);
const OTHER_KEY = '5c'.repeat(32);
const MARKER = 'Zanzibar quarterly reconciliation';

let home: TempShadowHome | undefined;
let core: ShadowCore | undefined;
afterEach(() => {
  core?.close();
  core = undefined;
  home?.remove();
  home = undefined;
});

function open(env: NodeJS.ProcessEnv = {}, settings: Record<string, unknown> = {}): ShadowCore {
  home ??= createTempShadowHome();
  core = createShadowCore({ paths: home.paths, source: quietSource, env, settings: { ocrEnabled: false, ...settings } });
  return core;
}

function storeMarker(c: ShadowCore): void {
  for (let i = 0; i < 50; i++)
    c.screenText.insert({ atMs: Date.now() + i, app: 'Excel', title: `Budget ${i}`, text: `${MARKER} row ${i}` });
}

const fileBytes = (file: string): string => (existsSync(file) ? readFileSync(file).toString('latin1') : '');

describe('the encrypted store', () => {
  it('is created encrypted with a key: no SQLite header and no plain text in the file or its WAL', () => {
    const c = open({ SHADOW_DB_KEY: KEY });
    storeMarker(c);
    const { database } = c.paths;
    // While open, the newest pages are in the WAL.
    expect(fileBytes(`${database}-wal`).length).toBeGreaterThan(0);
    expect(fileBytes(`${database}-wal`)).not.toContain('Zanzibar');
    c.close();
    core = undefined;
    expect(fileBytes(database).startsWith('SQLite format 3')).toBe(false);
    expect(isPlainDatabaseFile(database)).toBe(false);
    expect(fileBytes(database)).not.toContain('Zanzibar');
    expect(fileBytes(database)).not.toContain('screen_text');

    const again = open({ SHADOW_DB_KEY: KEY });
    expect(again.screenText.textBetween(0, Number.MAX_SAFE_INTEGER, 100)).toHaveLength(50);
    expect(again.privacy.status().store).toMatchObject({ encrypted: true, keySource: 'environment', warning: null });
  });

  it('answers a wrong or missing key with a clear error, not a crash', () => {
    open({ SHADOW_DB_KEY: KEY }).close();
    core = undefined;
    expect(() => open({ SHADOW_DB_KEY: OTHER_KEY })).toThrow(StoreKeyError);
    expect(() => open({ SHADOW_DB_KEY: OTHER_KEY })).toThrow(/The key given does not open the encrypted database .*shadow\.db/);
    expect(() => open({})).toThrow(/is encrypted\. Give its key: SHADOW_DB_KEY/);
    expect(() => open({ SHADOW_DB_KEY: 'not-hex' })).toThrow(/SHADOW_DB_KEY must hold 64 hexadecimal characters/);
  });

  it('keeps a plain store plain (never migrated silently) and says so in status and health', async () => {
    storeMarker(open());
    core!.close();
    core = undefined;
    const c = open({ SHADOW_DB_KEY: KEY });
    expect(isPlainDatabaseFile(c.paths.database)).toBe(true);
    const status = c.privacy.status();
    expect(status.store).toMatchObject({ encrypted: false, keySource: null });
    expect(status.store.warning).toMatch(
      /^The store is not encrypted: anyone who can read .*shadow\.db can read your history\. Encrypt it with `shadow encrypt/,
    );
    const health = await callOperation(createHandlers(c), 'health', {});
    expect(health.privacy).toMatchObject({ storeEncrypted: false, localOnly: true, dataMayGoTo: 'Nothing leaves this machine.' });
    expect(health.privacy.warning).toBe(status.store.warning);
  });

  it('encrypts a plain store and its kept frames on request, keeping every row', async () => {
    const c = open({}, { keepScreenshots: true });
    storeMarker(c);
    const session = c.sessions.create({ type: 'chat', tools: [] });
    const plainVault = new FrameVault(join(c.paths.data, 'frames'), null);
    const frameFile = await plainVault.keep({ at: Date.parse('2026-03-14T10:00:00Z'), id: 7, image: Buffer.from(`PNG ${MARKER}`) });
    c.close();
    core = undefined;

    const key = Buffer.from(KEY, 'hex');
    const result = await encryptProfileStore(home!.paths, key);
    expect(result).toMatchObject({ database: 'encrypted', frames: 1 });
    const { database } = home!.paths;
    expect(isPlainDatabaseFile(database)).toBe(false);
    expect(fileBytes(database)).not.toContain('Zanzibar');
    expect(existsSync(`${database}-wal`)).toBe(false);
    expect(existsSync(frameFile)).toBe(false);
    const dayDir = join(home!.paths.data, 'frames', '2026-03-14');
    const [sealed] = readdirSync(dayDir);
    expect(sealed).toMatch(/\.enc$/);
    expect(fileBytes(join(dayDir, sealed!))).not.toContain('Zanzibar');
    expect((await new FrameVault(join(home!.paths.data, 'frames'), key).read(join(dayDir, sealed!))).toString()).toBe(`PNG ${MARKER}`);

    const reopened = open({ SHADOW_DB_KEY: KEY });
    expect(reopened.screenText.count()).toBe(50);
    expect(reopened.sessions.get(session.id)?.id).toBe(session.id);
    expect(reopened.privacy.status().store).toMatchObject({ encrypted: true, framesEncrypted: true });
    reopened.close();
    core = undefined;

    expect(await encryptProfileStore(home!.paths, key)).toMatchObject({ database: 'already', frames: 0 });
    await expect(encryptProfileStore(home!.paths, Buffer.from(OTHER_KEY, 'hex'))).rejects.toThrow(StoreKeyError);
  });

  it('writes kept frames encrypted when the store is, bound to their names', async () => {
    const c = open({ SHADOW_DB_KEY: KEY }, { keepScreenshots: true });
    const file = await c.privacy.frames.keep({ at: Date.parse('2026-03-14T10:00:00Z'), id: 3, image: Buffer.from(MARKER) });
    expect(file.endsWith('.enc')).toBe(true);
    expect(fileBytes(file)).not.toContain('Zanzibar');
    expect((await c.privacy.frames.read(file)).toString()).toBe(MARKER);
    const key = Buffer.alloc(32, 1);
    const sealed = sealFrame(Buffer.from('image'), key, 'a-1');
    expect(openFrame(sealed, key, 'a-1').toString()).toBe('image');
    expect(() => openFrame(sealed, key, 'b-2')).toThrow(/does not open the kept frame b-2/);
    expect(() => openFrame(sealed, Buffer.alloc(32, 2), 'a-1')).toThrow(StoreKeyError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => openFrame(tampered, key, 'a-1')).toThrow(StoreKeyError);
  });

  it('seals the sync device key with the store key exactly when the store is encrypted', () => {
    const keyFile = (c: ShadowCore): string => fileBytes(join(c.paths.dir, DEVICE_KEY_FILE));
    const encrypted = open({ SHADOW_DB_KEY: KEY });
    encrypted.sync.signingKey();
    expect(keyFile(encrypted)).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    encrypted.close();
    core = undefined;
    home!.remove();
    home = undefined;

    // A key given for a plain store leaves it plain: the device key is as readable as the store is.
    open().close();
    const plain = open({ SHADOW_DB_KEY: KEY });
    expect(isPlainDatabaseFile(plain.paths.database)).toBe(true);
    plain.sync.signingKey();
    expect(keyFile(plain)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('opens an encrypted kept frame in the moment view (GET /moments), decrypted, never the sealed bytes', async () => {
    const c = open({ SHADOW_DB_KEY: KEY }, { keepScreenshots: true });
    const at = Date.parse('2026-03-14T10:00:00Z');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(MARKER)]);
    c.activity
      .spanSink(() => c.activity.startWorkSession(at - 60_000, 'replay'))
      .open({
        kind: 'app',
        app: 'Excel',
        title: 'Budget.xlsx',
        privateReason: null,
        startMs: at - 60_000,
        endMs: at + 60_000,
      });
    await c.privacy.frames.keep({ at, id: 9, image: png });
    const moment = (await callOperation(createHandlers(c), 'getMoment', { at: new Date(at + 1000).toISOString(), image: true })) as {
      frame: { kept: boolean; path: string; dataUrl: string };
    };
    expect(moment.frame.kept).toBe(true);
    expect(moment.frame.path.endsWith('.enc')).toBe(true);
    expect(moment.frame.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(moment.frame.dataUrl.split(',')[1]!, 'base64').equals(png)).toBe(true);
  });
});

describe('key files', () => {
  it('are created 0600 with a random key, and refused when others may read them', () => {
    const { home: dir } = (home = createTempShadowHome());
    const file = join(dir, 'keys', 'shadow.key');
    const key = createKeyFile(file);
    expect(readKeyFile(file).equals(key)).toBe(true);
    expect(resolveStoreKey({}, file)).toMatchObject({ source: 'key-file', file });
    expect(() => createKeyFile(file)).toThrow();
    chmodSync(file, 0o644);
    expect(() => readKeyFile(file)).toThrow(/may be read by others \(mode 644\); make it yours alone: chmod 600/);
    const bad = join(dir, 'bad.key');
    mkdirSync(dir, { recursive: true });
    writeFileSync(bad, 'secret words', { mode: 0o600 });
    expect(() => readKeyFile(bad)).toThrow(/must hold 64 hexadecimal characters/);
    expect(() => readKeyFile('relative.key')).toThrow(/absolute path/);
    expect(() => readKeyFile(join(dir, 'missing.key'))).toThrow(/cannot be read: ENOENT/);
  });

  it('SHADOW_DB_KEY wins over SHADOW_DB_KEY_FILE, which wins over settings', () => {
    home = createTempShadowHome();
    const file = join(home.home, 'k.key');
    createKeyFile(file);
    expect(resolveStoreKey({ SHADOW_DB_KEY: KEY, SHADOW_DB_KEY_FILE: file }, '/nowhere')?.source).toBe('environment');
    expect(resolveStoreKey({ SHADOW_DB_KEY_FILE: file }, '/nowhere')).toMatchObject({ source: 'key-file', file });
    expect(resolveStoreKey({}, undefined)).toBeNull();
  });
});

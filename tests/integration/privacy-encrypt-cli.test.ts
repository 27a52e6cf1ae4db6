import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShadowCore } from '../../src/core/shadow-core';
import { isPlainDatabaseFile } from '../../src/core/store/database';
import type { PrivacyReport } from '../../src/shared/contract/index';
import { quietSource } from '../helpers/quiet-core';
import { runShadow, startHeadlessShadow } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

const MARKER = 'Zanzibar';

/** `shadow encrypt` on a profile used without encryption, then the commands and the engine on the encrypted store. */
let home: TempShadowHome;
let keyFile: string;

const shadow = (args: string[], env: NodeJS.ProcessEnv = {}) => runShadow(args, { ...home.env, ...env });

beforeAll(() => {
  home = createTempShadowHome();
  keyFile = join(home.home, 'keys', 'shadow.key');
  const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, settings: { ocrEnabled: false } });
  for (let i = 0; i < 200; i++) {
    core.screenText.insert({
      atMs: Date.parse('2026-03-14T10:00:00Z') + i * 1000,
      app: 'Excel',
      title: 'Ledger',
      text: `${MARKER} ledger line ${i}`,
    });
  }
  core.close();
});

afterAll(() => home?.remove());

describe('shadow encrypt', () => {
  it('asks for a key when none is given, and changes nothing', async () => {
    const result = await shadow(['encrypt']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Give the key to encrypt with: --key-file PATH .* or SHADOW_DB_KEY/);
    expect(isPlainDatabaseFile(home.paths.database)).toBe(true);
  });

  it('encrypts the store with a new key file (0600) and remembers the file in settings.json', async () => {
    const result = await shadow(['encrypt', '--key-file', keyFile]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Wrote a new key to ${keyFile} (mode 0600)`);
    expect(result.stdout).toMatch(/Encrypted .*shadow\.db/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(home.paths.settings, 'utf8'))).toMatchObject({ storeKeyFile: keyFile });
    const bytes = readFileSync(home.paths.database);
    expect(bytes.subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\0');
    expect(bytes.toString('latin1')).not.toContain(MARKER);
    expect(existsSync(`${home.paths.database}-wal`)).toBe(false);
  });

  it('lets every command read the encrypted store through the remembered key file', async () => {
    const search = await shadow(['search', MARKER, '--screen', '--json']);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toContain(`**${MARKER}** ledger line`);
    const privacy = JSON.parse((await shadow(['privacy', '--json'])).stdout) as PrivacyReport;
    expect(privacy.status.store).toMatchObject({ encrypted: true, keySource: 'key-file', warning: null });
    expect((await shadow(['encrypt'])).stdout).toContain('was already encrypted, and this key opens it');
  });

  it('answers a wrong or missing key with a clear message and exit code 1', async () => {
    const wrong = await shadow(['today'], { SHADOW_DB_KEY: 'ab'.repeat(32) });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^shadow: The key given does not open the encrypted database .*shadow\.db/);
    expect(wrong.stderr).not.toMatch(/at .*\.ts:\d+/);
    renameSync(keyFile, `${keyFile}.moved`);
    try {
      const missing = await shadow(['today']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/^shadow: The key file .*shadow\.key cannot be read: ENOENT/);
    } finally {
      renameSync(`${keyFile}.moved`, keyFile);
    }
  });

  it('starts the engine on the encrypted store, says so in the banner, and refuses to encrypt while it runs', async () => {
    const engine = await startHeadlessShadow([], home.env);
    try {
      const banner = await waitFor(() => Promise.resolve(engine.output()), {
        what: 'the whole banner',
        until: (out) => out.includes('Press Ctrl+C'),
      });
      expect(banner).toMatch(/Store:\s+encrypted at rest/);
      expect(banner).toMatch(/Data goes:\s+Nothing leaves this machine\./);
      expect(banner).toMatch(/LLM:\s+none configured: the offline engine answers/);
      const health = await engine.get<{ privacy: { storeEncrypted: boolean; warning: string | null } }>('/health');
      expect(health.privacy).toMatchObject({ storeEncrypted: true, warning: null });
      const busy = await shadow(['encrypt']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/already running for this profile/);
    } finally {
      await engine.stop();
    }
  });
});

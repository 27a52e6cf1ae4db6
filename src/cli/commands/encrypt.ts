import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { acquireInstanceLock } from '../../core/config/instance-lock';
import { resolveProfilePaths } from '../../core/config/paths';
import { loadSettings, saveSettings } from '../../core/config/settings';
import { encryptProfileStore, ENCRYPTION_STEPS, type EncryptionStep } from '../../core/privacy/encrypt-store';
import { createKeyFile, readKeyFile, resolveStoreKey, type StoreKey } from '../../core/privacy/store-key';
import { CliError, parseFlags } from '../cli-error';
import { print } from '../format';

const flagsSchema = z.object({ keyFile: z.string().trim().min(1).optional() });

/** The key to encrypt with: SHADOW_DB_KEY, the --key-file (created when missing), or the one settings.json names. */
function chooseKey(keyFile: string | undefined, settingsKeyFile: string | undefined): { key: StoreKey; created: boolean } {
  if (keyFile) {
    const file = resolve(keyFile);
    if (existsSync(file)) return { key: { key: readKeyFile(file), source: 'key-file', file }, created: false };
    return { key: { key: createKeyFile(file), source: 'key-file', file }, created: true };
  }
  const key = resolveStoreKey(process.env, settingsKeyFile);
  if (!key) {
    throw new CliError(
      'Give the key to encrypt with: --key-file PATH (a new key is written there when the file does not exist) ' +
        'or SHADOW_DB_KEY (64 hexadecimal characters, e.g. from `openssl rand -hex 32`).',
      2,
    );
  }
  return { key, created: false };
}

/**
 * For the crash tests only: `SHADOW_ENCRYPT_KILL_AT=<step>` kills this process (SIGKILL, as a power cut
 * or the OOM killer would) when the encryption reaches that step (`ENCRYPTION_STEPS`).
 */
function stopAtStep(step: string | undefined): ((reached: EncryptionStep) => void) | undefined {
  if (!step) return undefined;
  if (!(ENCRYPTION_STEPS as readonly string[]).includes(step)) {
    throw new CliError(`SHADOW_ENCRYPT_KILL_AT names no step of the encryption; the steps are ${ENCRYPTION_STEPS.join(', ')}.`, 2);
  }
  return (reached) => {
    if (reached === step) process.kill(process.pid, 'SIGKILL');
  };
}

export function registerEncryptCommand(program: Command): void {
  program
    .command('encrypt')
    .description(
      "Encrypt this profile's store and kept screenshots at rest (only on request: a plain store is never migrated silently). Quit the app first",
    )
    .option(
      '--key-file <path>',
      'the key file (mode 0600; created with a new random key when it does not exist); remembered in settings.json',
    )
    .action(async (raw) => {
      const flags = parseFlags(flagsSchema, raw);
      const paths = resolveProfilePaths();
      mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
      const release = acquireInstanceLock(paths.dir);
      try {
        const settings = loadSettings(paths.settings);
        const { key, created } = chooseKey(flags.keyFile, settings.storeKeyFile);
        if (created) print(`Wrote a new key to ${key.file} (mode 0600). Keep it safe: without it the data cannot be read.`);
        // Named before the store changes: whenever this stops, the next start finds the key (a plain store opens without it).
        if (flags.keyFile && key.file !== settings.storeKeyFile) {
          saveSettings(paths.settings, { ...settings, storeKeyFile: key.file });
          print(`settings.json now names the key file, so \`shadow start\` and the other commands find it.`);
        }
        const result = await encryptProfileStore(paths, key.key, { onStep: stopAtStep(process.env.SHADOW_ENCRYPT_KILL_AT) });
        const mb = (result.databaseBytes / 1_048_576).toFixed(1);
        if (result.database === 'encrypted') {
          print(`Encrypted ${paths.database} (${mb} MB). The plain file's old blocks may stay on the disk until overwritten.`);
        } else if (result.database === 'already') {
          print(`${paths.database} was already encrypted, and this key opens it.`);
        } else {
          print(`No store yet: it will be created encrypted at the next start.`);
        }
        if (result.frames > 0) print(`Encrypted ${result.frames} kept screenshot(s).`);
        if (key.source === 'environment') print('Start the app with the same SHADOW_DB_KEY from now on.');
      } finally {
        release();
      }
    });
}

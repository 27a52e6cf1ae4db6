import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ENCRYPTION_STEPS, type EncryptionStep } from '../../src/core/privacy/encrypt-store';
import { encryptingCopyOf } from '../../src/core/store/encryption-leftovers';
import { databaseOf, createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { isPlainDatabaseFile } from '../../src/core/store/database';
import { quietSource } from '../helpers/quiet-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Encryption that cannot be half done (issue 25, point 7): `shadow encrypt` is killed (SIGKILL) at
 * each of its steps in a child process, then the profile is opened as the next start opens it. The
 * data is whole, the store is plain and as it was or encrypted, nothing is left beside it, and the
 * plaintext is found nowhere on disk but in a store that is still plain.
 */
const run = promisify(execFile);
const MARKER = 'Quetzalcoatl';
const SCREEN_ROWS = 3000;
const TURNS = 12;
const FRAMES = 4;
const T0 = Date.parse('2026-03-14T09:00:00Z');

let homes: TempShadowHome[] = [];
let cores: ShadowCore[] = [];
afterEach(() => {
  for (const core of cores) core.close();
  for (const home of homes) home.remove();
  cores = [];
  homes = [];
});

/** A plain profile: screen text, a conversation and kept screenshots, each holding the marker. */
async function plainProfile(): Promise<TempShadowHome> {
  const home = createTempShadowHome();
  homes.push(home);
  const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, settings: { ocrEnabled: false } });
  for (let i = 0; i < SCREEN_ROWS; i++) {
    core.screenText.insert({
      atMs: T0 + i * 1000,
      app: 'Excel',
      title: 'Ledger',
      text: `${MARKER} ledger line ${i} reconciled against the bank`,
    });
  }
  const session = core.sessions.create({ type: 'chat', tools: [] });
  for (let i = 0; i < TURNS; i++) await core.sessions.send(session.id, `What did ${MARKER} say about line ${i}?`);
  await core.sessions.idle();
  for (let i = 0; i < FRAMES; i++)
    await core.privacy.frames.keep({ at: T0 + i * 60_000, id: i + 1, image: Buffer.from(`JPEG ${MARKER} frame ${i}`) });
  core.close();
  return home;
}

const keyFileOf = (home: TempShadowHome): string => join(home.home, 'keys', 'store.key');

/** `shadow encrypt` in a child process, killed at `step` (or left to finish). */
async function encrypt(
  home: TempShadowHome,
  step?: EncryptionStep,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const env = { ...home.env, ...(step && { SHADOW_ENCRYPT_KILL_AT: step }) };
  try {
    const { stderr } = await run(process.execPath, ['bin/shadow.js', 'encrypt', '--key-file', keyFileOf(home)], { env });
    return { code: 0, signal: null, stderr };
  } catch (error) {
    const e = error as { code: number | null; signal: string | null; stderr: string };
    return { code: e.code, signal: e.signal, stderr: e.stderr };
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file under the profile that holds the marker in the clear. */
const filesWithPlaintext = (home: TempShadowHome): string[] =>
  filesUnder(home.paths.dir)
    .filter((file) => readFileSync(file).includes(MARKER))
    .map((file) => relative(home.paths.dir, file));

/** The next start: the profile opened with the key settings.json names; what it holds, and how. */
async function openAgain(home: TempShadowHome): Promise<{ core: ShadowCore; encrypted: boolean }> {
  const core = createShadowCore({ paths: home.paths, source: quietSource, env: {}, settings: { ocrEnabled: false } });
  cores.push(core);
  const count = (sql: string): number => (databaseOf(core).prepare(sql).get() as { n: number }).n;
  expect(count('SELECT COUNT(*) AS n FROM screen_text_entries')).toBe(SCREEN_ROWS);
  expect(count(`SELECT COUNT(*) AS n FROM screen_text WHERE screen_text MATCH '${MARKER}'`)).toBe(SCREEN_ROWS);
  expect(count('SELECT COUNT(*) AS n FROM turns')).toBe(TURNS);
  expect(count(`SELECT COUNT(*) AS n FROM turns_fts WHERE turns_fts MATCH '${MARKER}'`)).toBe(TURNS);
  expect(databaseOf(core).pragma('integrity_check', { simple: true })).toBe('ok');
  // The schema's triggers came along: a row written now reaches the search index, and leaves it.
  const id = core.screenText.insert({ atMs: T0, app: 'Excel', title: 'Ledger', text: 'Zyzzyva written after' });
  expect(count(`SELECT COUNT(*) AS n FROM screen_text WHERE screen_text MATCH 'Zyzzyva'`)).toBe(1);
  databaseOf(core).prepare('DELETE FROM screen_text_entries WHERE id = ?').run(id);
  expect(count(`SELECT COUNT(*) AS n FROM screen_text WHERE screen_text MATCH 'Zyzzyva'`)).toBe(0);
  const frames = filesUnder(join(home.paths.data, 'frames'));
  expect(frames).toHaveLength(FRAMES);
  for (const frame of frames) expect((await core.privacy.frames.read(frame)).toString()).toMatch(new RegExp(`^JPEG ${MARKER} frame \\d$`));
  return { core, encrypted: !isPlainDatabaseFile(home.paths.database) };
}

describe('an interrupted `shadow encrypt`', { timeout: 240_000 }, () => {
  it.each(ENCRYPTION_STEPS)('killed at "%s": the next open finds the data whole, no copy beside it, no plaintext left', async (step) => {
    const home = await plainProfile();
    const killed = await encrypt(home, step);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    // While it ran, the copy was never in the clear: what a kill leaves of it holds no plaintext.
    const copy = encryptingCopyOf(home.paths.database);
    if (existsSync(copy)) expect(readFileSync(copy).includes(MARKER)).toBe(false);

    const { core, encrypted } = await openAgain(home);
    // Rolled back until the copy replaced the store in one rename; encrypted from then on.
    const swapped = ENCRYPTION_STEPS.indexOf(step) >= ENCRYPTION_STEPS.indexOf('swapped');
    expect(encrypted).toBe(swapped);
    expect(filesUnder(home.paths.dir).filter((f) => f.includes('.encrypting'))).toEqual([]);
    expect(filesUnder(join(home.paths.data, 'frames')).every((f) => f.endsWith(swapped ? '.enc' : '.img'))).toBe(true);
    core.close();
    cores = [];
    const leftInTheClear = filesWithPlaintext(home);
    if (swapped) expect(leftInTheClear).toEqual([]);
    else for (const file of leftInTheClear) expect(file).toMatch(/^(shadow\.db(-wal)?|data\/frames\/[\d-]+\/[\w-]+\.img)$/);

    if (!swapped) {
      // Rolled back, it can simply be run again.
      const again = await encrypt(home);
      expect(again.code, again.stderr).toBe(0);
      expect((await openAgain(home)).encrypted).toBe(true);
      cores.splice(0).forEach((c) => c.close());
      expect(filesWithPlaintext(home)).toEqual([]);
    }
  });

  it('removes what an older build left in the clear (its plain copy and journal) at the next open', async () => {
    const home = await plainProfile();
    const copy = encryptingCopyOf(home.paths.database);
    copyFileSync(home.paths.database, copy);
    copyFileSync(home.paths.database, `${copy}-journal`);
    writeFileSync(`${copy}-wal`, readFileSync(home.paths.database).subarray(0, 8192));
    expect(statSync(`${copy}-journal`).size).toBeGreaterThan(0);
    const { core, encrypted } = await openAgain(home);
    core.close();
    cores = [];
    expect(encrypted).toBe(false);
    expect(filesUnder(home.paths.dir).filter((f) => f.includes('.encrypting'))).toEqual([]);
    for (const file of filesWithPlaintext(home)) expect(file).toMatch(/^(shadow\.db(-wal)?|data\/frames\/[\d-]+\/[\w-]+\.img)$/);
  });
});

import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it } from 'vitest';
import { callOperation } from '../../src/core/api/invoke-operation';
import { openDatabase } from '../../src/core/store/database';
import { startEngine } from '../../src/server/start-engine';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/** Every file in a profile is the user's only (0600) and every folder too (0700): issue 13, point 7. */

let home: TempShadowHome | undefined;
afterEach(() => {
  home?.remove();
  home = undefined;
});

/** Each path under `dir` (itself included) with its permission bits. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { [dir]: (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    out[path] = (statSync(path).mode & 0o777).toString(8);
  }
  return out;
}

const notPrivate = (all: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(all).filter(([path, mode]) => mode !== (statSync(path).isDirectory() ? '700' : '600')));

describe('profile files and folders', { timeout: 60_000 }, () => {
  it('are 0600 and 0700 while the app runs and after, database, WAL and SHM included', async () => {
    home = createTempShadowHome('shadow-modes-');
    process.env.SHADOW_HOME = home.home;
    const day = await writeTinyDay([
      { app: 'Excel', title: 'Ledger.xlsx', seconds: 120 },
      { app: 'Firefox', title: 'Bank portal', seconds: 60 },
    ]);
    const engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false, keepScreenshots: true }, env: {} });
    try {
      await engine.replayDone;
      const { id } = await engine.handlers.createSession({ type: 'chat', tools: [] });
      await engine.handlers.sendMessage({ id, content: 'How long was I in the ledger?' });
      await callOperation(engine.handlers, 'storageWriteFile', { path: 'notes/deep/today.md', content: '# today' });
      await callOperation(engine.handlers, 'saveApplet', { slug: 'ledger-view', name: 'Ledger view', html: '<p>ledger</p>' });
      await engine.handlers.putInterviewAnswers({ answers: { 'never-observe': 'my banking app' } });
      await engine.core.sessions.idle();
      const running = modes(home.paths.dir);
      expect(Object.keys(running)).toEqual(
        expect.arrayContaining([home.paths.database, `${home.paths.database}-wal`, `${home.paths.database}-shm`, home.paths.settings]),
      );
      expect(Object.keys(running).some((p) => p.includes(`${join('data', 'frames')}`))).toBe(true);
      expect(notPrivate(running)).toEqual({});
    } finally {
      await engine.stop();
    }
    expect(notPrivate(modes(home.paths.dir))).toEqual({});
  });

  it('tightens a database an older build left readable to others', () => {
    home = createTempShadowHome('shadow-modes-old-');
    const file = home.paths.database;
    openDatabase(file).close();
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.close();
    chmodSync(file, 0o644);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    const db = openDatabase(file);
    db.prepare('SELECT 1').get();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    db.close();
  });
});

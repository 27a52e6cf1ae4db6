import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_EXIT_CODE, OperationFailed } from '../../src/core/api/operation-errors';
import { runningApp } from '../../src/cli/running-app';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { runShadow } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * The CLI's one client for the running app (src/cli/running-app.ts, issue 29 point 6): `shadow resume` and
 * `shadow sessions delete` act in the running app, and its refusals reach the user as the same message and
 * exit code a local call gives (src/cli/main.ts maps both), never as raw JSON.
 */

let home: TempShadowHome;
let engine: RunningEngine;
const saved = { ...process.env };

beforeAll(async () => {
  home = createTempShadowHome('shadow-running-cli-');
  process.env.SHADOW_HOME = home.home;
  process.env.SHADOW_PROFILE = 'default';
  const day = await writeTinyDay([{ app: 'Excel', title: 'Ledger.xlsx', seconds: 120 }]);
  engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false }, env: {} });
  await engine.replayDone;
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  process.env = { ...saved };
  home?.remove();
});

async function pausedSession(title: string): Promise<string> {
  const { id } = await engine.handlers.createSession({ type: 'ticket', title, tools: [] });
  await engine.handlers.sendMessage({ id, content: 'How long was I in the ledger?' });
  await engine.core.sessions.idle();
  await engine.handlers.pauseSession({ id });
  return id;
}

describe('the running app, from the CLI', { timeout: 120_000 }, () => {
  it('is found from the profile and runs operations there, refusals thrown as a local call throws them', async () => {
    const app = runningApp(home.paths);
    expect(app).toMatchObject({ port: engine.http.port, token: engine.token });
    const id = await pausedSession('Ledger close');
    await expect(app!.call('getSession', { id })).resolves.toMatchObject({ id, status: 'paused' });

    const tooSmall = app!.call('resumeSession', { id, maxHistoryTokens: 5 });
    await expect(tooSmall).rejects.toBeInstanceOf(OperationFailed);
    const invalid = await tooSmall.then(
      () => null,
      (error: OperationFailed) => error.error,
    );
    expect(invalid).toMatchObject({
      kind: 'invalid',
      code: 'invalid_input',
      message: expect.stringMatching(/^Invalid input for resumeSession: /),
    });
    expect(CLI_EXIT_CODE[invalid!.kind]).toBe(2);

    const missing = await app!.call('deleteSession', { id: 'ses_doesnotexist' }).catch((error: OperationFailed) => error.error);
    expect(missing).toMatchObject({ kind: 'not_found', code: 'not_found', message: expect.stringContaining('ses_doesnotexist') });
  });

  it('is null when the app does not run', () => {
    const other = createTempShadowHome('shadow-not-running-');
    try {
      expect(runningApp(other.paths)).toBeNull();
    } finally {
      other.remove();
    }
  });

  it('shadow resume makes the session active in the running app', async () => {
    const id = await pausedSession('Bank statement');
    const res = await runShadow(['resume', id], home.env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\[RESUMED CONVERSATION\]/);
    expect(res.stdout).toContain(`The session ${id} is active again in the running app`);
    expect((await engine.handlers.getSession({ id })).status).toBe('active');
  });

  it('shadow sessions delete deletes in the running app, and a refusal is one line with its exit code', async () => {
    const id = await pausedSession('Vendor bill');
    const gone = await runShadow(['sessions', 'delete', id], home.env);
    expect(gone.code).toBe(0);
    expect(gone.stdout).toContain(`Deleted ${id} "Vendor bill"`);
    await expect(Promise.resolve().then(() => engine.handlers.getSession({ id }))).rejects.toThrow(/not found/);

    const again = await runShadow(['sessions', 'delete', id], home.env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(new RegExp(`^shadow: Session ${id} was not found`));
    expect(again.stderr).not.toContain('{');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTime, Health } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

/**
 * `shadow start --headless` on a machine without a display (a server, SSH, CI): the engine keeps
 * serving, reports why it cannot observe, and counts no time for a desktop it cannot see.
 */
let home: TempShadowHome;
let shadow: ShadowProcess;

beforeAll(async () => {
  home = createTempShadowHome();
  const env: NodeJS.ProcessEnv = { ...home.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  shadow = await startHeadlessShadow(['--interval', '1', '--poll-ms', '200'], env);
  // Many polls and capture attempts: ten started, so at least nine have ended.
  await waitFor(() => shadow.get<Health>('/health'), { what: 'ten polls of the missing display', until: (h) => h.capture.polls >= 10 });
}, 60_000);

afterAll(async () => {
  await shadow?.stop();
  home?.remove();
});

describe('headless without a display', () => {
  it('keeps running and says in health why it cannot observe', async () => {
    const health = await shadow.get<Health>('/health');
    expect(shadow.child.exitCode).toBeNull();
    expect(health.capture.polls).toBeGreaterThan(5);
    expect(health.capture.failures).toBeGreaterThan(5);
    expect(health.capture.framesCaptured).toBe(0);
    expect(health.capture.lastError?.message).toMatch(/No X display .*DISPLAY is not set/);
  });

  it('counts no app time for a screen it cannot see', async () => {
    const appTime = await shadow.get<AppTime>('/observation/app-time');
    expect(appTime.apps).toEqual([]);
  });
});

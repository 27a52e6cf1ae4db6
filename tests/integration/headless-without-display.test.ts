import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTime, Coverage, Health } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';

/**
 * `shadow start --headless` on a machine without a display (a server, SSH, CI): the engine keeps
 * serving, says everywhere that it is not observing and why, counts no time for a desktop it cannot
 * see, and records the stretch as a gap.
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
  it('keeps running and says in health that it is failing, why, and what to do', async () => {
    const health = await shadow.get<Health>('/health');
    expect(shadow.child.exitCode).toBeNull();
    expect(health.status).toBe('failing');
    expect(health.capture.state).toBe('unavailable');
    expect(health.capture.pausedReason).toMatch(/No X display .*DISPLAY is not set/);
    expect(health.reasons[0]).toMatchObject({
      code: 'no_display',
      severity: 'failing',
      message: expect.stringMatching(/cannot see your screen.*Nothing is being recorded/),
      action: expect.stringMatching(/DISPLAY/),
    });
    expect(health.summary).toMatch(/^Not observing: No X display/);
    expect(health.capture.polls).toBeGreaterThan(5);
    expect(health.capture.failures).toBeGreaterThan(5);
    expect(health.capture.framesCaptured).toBe(0);
    expect(health.capture.probes.window).toMatchObject({ lastOkAt: null, consecutiveFailures: expect.any(Number) });
    expect(health.capture.lastError?.message).toMatch(/No X display .*DISPLAY is not set/);
  });

  it('says the same in the start banner: not observing, why and what to do', () => {
    const banner = shadow.output();
    expect(banner).not.toMatch(/is observing the desktop/);
    expect(banner).toMatch(/Status:\s+Not observing: No X display to observe \(DISPLAY is not set\)/);
    expect(banner).toMatch(/Problem:\s+Workflow Shadow cannot see your screen/);
    expect(banner).toMatch(/What to do:\s+Start it from inside your desktop session/);
  });

  it('counts no app time for a screen it cannot see', async () => {
    const appTime = await shadow.get<AppTime>('/observation/app-time');
    expect(appTime.apps).toEqual([]);
    expect(appTime.totalActiveSeconds + appTime.idleSeconds + appTime.privateSeconds).toBe(0);
  });

  it('records the time as a gap with its reason, not as observed', async () => {
    const coverage = await shadow.get<Coverage>('/observation/coverage');
    const last = coverage.stretches.at(-1)!;
    expect(last).toMatchObject({ observed: false, reason: 'no_display', label: expect.stringMatching(/no display/) });
    expect(last.detail).toMatch(/DISPLAY is not set/);
    expect(coverage.observedSeconds).toBe(0);
    expect(coverage.stretches.some((s) => s.observed)).toBe(false);
  });
});

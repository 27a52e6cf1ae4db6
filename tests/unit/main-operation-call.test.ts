import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { ManualClock } from '../../src/core/clock';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { callFromWindow } from '../../src/main/operation-call';
import { operations } from '../../src/shared/contract/index';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

let home: TempShadowHome;
let core: ShadowCore;
let handlers: Handlers;

beforeEach(async () => {
  home = createTempShadowHome();
  const day = await writeTinyDay([{ app: 'Excel', title: 'Budget.xlsx', seconds: 120 }]);
  core = createShadowCore({ paths: home.paths, replayDir: day, clock: new ManualClock(0), settings: { ocrEnabled: false } });
  handlers = createHandlers(core);
  core.observer.start();
});

afterEach(() => {
  core.close();
  home.remove();
});

const call = (key: keyof typeof operations, input: unknown, trusted = true) =>
  callFromWindow(key, handlers[key] as (input: unknown) => unknown, input, trusted);

describe('IPC operation calls (what main answers on shadow:<operation>)', () => {
  it('answers a validated call with the handler output', async () => {
    const result = await call('health', {});
    expect(result).toMatchObject({ ok: true, data: { status: 'ok', source: 'replay', capture: { state: 'observing' } } });
  });

  it('refuses an untrusted sender before running anything', async () => {
    const result = await call('pauseCapture', { reason: 'from an iframe' }, false);
    expect(result).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'pauseCapture may only be called from the Workflow Shadow window.' },
    });
    expect(core.observer.health().state).toBe('observing');
  });

  it('answers invalid input with the contract’s message, and unknown fields are refused', async () => {
    expect(await call('appTime', { date: '2026-13-45' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^Invalid input for appTime: date: /) },
    });
    expect(await call('pauseCapture', { reason: 'x', extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('health', 'not an object')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(core.observer.health().state).toBe('observing');
  });

  it('turns a domain error into its code and message', async () => {
    expect(await call('appTime', { workSessionId: 9999 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Work session 9999 was not found' },
    });
  });

  it('runs the real pause and resume', async () => {
    expect(await call('pauseCapture', { reason: 'lunch' })).toMatchObject({ ok: true, data: { state: 'paused', pausedReason: 'lunch' } });
    expect(await call('resumeCapture', undefined)).toMatchObject({ ok: true, data: { state: 'observing' } });
  });

  it('reports a failing handler as internal_error naming the operation', async () => {
    const result = await callFromWindow(
      'health',
      () => {
        throw new Error('database is locked');
      },
      {},
      true,
    );
    expect(result).toEqual({ ok: false, error: { code: 'internal_error', message: 'health failed: database is locked' } });
  });
});

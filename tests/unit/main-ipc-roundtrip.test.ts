import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { ManualClock } from '../../src/core/clock';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { registerOperationHandlers } from '../../src/main/ipc';
import { isTrustedSender } from '../../src/main/policy/ipc-sender';
import type { ShadowBridge } from '../../src/preload/bridge-contract';
import { bridgeClient } from '../../src/renderer/api/bridge-transport';
import { ApiCallError } from '../../src/renderer/api/client';
import { eventNames, operations } from '../../src/shared/contract/index';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * The Electron binary is not installed here, so its IPC transport is replaced by an in-memory
 * one; everything else is the real code: the preload's bridge, main's handler registration and
 * sender check, and the core's handlers.
 */
type MainHandler = (event: { senderFrame: { url: string; parent: unknown } | null }, input: unknown) => unknown;
const electron = vi.hoisted(() => ({
  handlers: new Map<string, MainHandler>(),
  rendererListeners: new Map<string, (event: unknown, message: unknown) => void>(),
  exposed: new Map<string, unknown>(),
  senderFrame: null as { url: string; parent: unknown } | null,
}));

/** Main's side of the transport, handed to ipc.ts as the real ipcMain is by the desktop app. */
const ipcMain = {
  handle: (channel: string, handler: MainHandler) => {
    if (electron.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    electron.handlers.set(channel, handler);
  },
  removeHandler: (channel: string) => void electron.handlers.delete(channel),
};

vi.mock('electron', () => ({
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      const handler = electron.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      // Structured clone, as Electron does between processes.
      return structuredClone(await handler({ senderFrame: electron.senderFrame }, structuredClone(input)));
    },
    on: (channel: string, listener: (event: unknown, message: unknown) => void) => electron.rendererListeners.set(channel, listener),
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
}));

const rendererUrl = 'file:///app/out/renderer/index.html';
let home: TempShadowHome;
let core: ShadowCore;
let unregister: () => void;
let bridge: ShadowBridge;

beforeEach(async () => {
  home = createTempShadowHome();
  const day = await writeTinyDay([{ app: 'Excel', title: 'Budget.xlsx', seconds: 120 }]);
  core = createShadowCore({ paths: home.paths, replayDir: day, clock: new ManualClock(0), settings: { ocrEnabled: false } });
  core.observer.start();
  unregister = registerOperationHandlers(ipcMain, createHandlers(core), (event) =>
    isTrustedSender(event.senderFrame, { fileUrl: rendererUrl }),
  );
  await import('../../src/preload/index');
  bridge = electron.exposed.get('shadow') as ShadowBridge;
  electron.senderFrame = { url: `${rendererUrl}#/today`, parent: null };
});

afterEach(() => {
  unregister();
  core.close();
  home.remove();
});

describe('preload bridge ↔ main IPC handlers', () => {
  it('exposes exactly one function per operation plus subscribe, and main handles every channel', () => {
    expect(Object.keys(bridge).sort()).toEqual([...Object.keys(operations), 'subscribe'].sort());
    expect([...electron.handlers.keys()].sort()).toEqual(
      Object.values(operations)
        .map((op) => `shadow:${op.name}`)
        .sort(),
    );
    expect(bridge).not.toHaveProperty('invoke');
  });

  it('round-trips a call to the real core and back as a plain result', async () => {
    expect(await bridge.pauseCapture({ reason: 'lunch' })).toMatchObject({ ok: true, data: { state: 'paused', pausedReason: 'lunch' } });
    expect(core.observer.health().state).toBe('paused');
    expect(await bridge.resumeCapture()).toMatchObject({ ok: true, data: { state: 'observing' } });
  });

  it('answers bad input and foreign frames with errors, and runs nothing for them', async () => {
    expect(await bridge.appTime({ date: 'yesterday' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    electron.senderFrame = { url: 'https://example.com/', parent: null };
    expect(await bridge.pauseCapture({})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    electron.senderFrame = { url: rendererUrl, parent: { url: rendererUrl } };
    expect(await bridge.pauseCapture({})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(core.observer.health().state).toBe('observing');
  });

  it('delivers public events to subscribers until they unsubscribe, and refuses unknown events', () => {
    const push = electron.rendererListeners.get('shadow:event')!;
    const seen: unknown[] = [];
    const off = bridge.subscribe('capture:state-changed', (payload) => seen.push(payload));
    push({}, { name: 'capture:state-changed', payload: { state: 'paused', reason: 'x' } });
    push({}, { name: 'capture:error', payload: { message: 'not for this listener' } });
    off();
    push({}, { name: 'capture:state-changed', payload: { state: 'observing', reason: null } });
    expect(seen).toEqual([{ state: 'paused', reason: 'x' }]);
    expect(eventNames).toContain('capture:state-changed');
    expect(() => bridge.subscribe('frame:kept' as never, () => {})).toThrow(/Unknown event "frame:kept"/);
  });

  it("carries the renderer's own client (bridgeClient) through the preload to the core and back", async () => {
    const client = bridgeClient(bridge);
    expect(client.transport).toBe('ipc');
    await expect(client.call('pauseCapture', { reason: 'a meeting' })).resolves.toMatchObject({
      state: 'paused',
      pausedReason: 'a meeting',
    });
    const refused = client.call('appTime', { date: 'yesterday' });
    await expect(refused).rejects.toBeInstanceOf(ApiCallError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/date/) });
    const seen: unknown[] = [];
    const off = client.subscribe('capture:state-changed', (payload) => seen.push(payload));
    electron.rendererListeners.get('shadow:event')!({}, { name: 'capture:state-changed', payload: { state: 'observing', reason: null } });
    off();
    expect(seen).toEqual([{ state: 'observing', reason: null }]);
  });
});

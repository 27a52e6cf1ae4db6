import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import type { Frame } from '../../src/core/observe/frame';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * The CLI and `shadow mcp` open the profile as a `reader` while the app may be running: the core they
 * get must start nothing, observe nothing and recover nothing, whatever is configured.
 */
let home: TempShadowHome;
afterEach(() => home?.remove());

const frame = (at: number): Frame =>
  ({
    id: `f${at}`,
    at: new Date(at).toISOString(),
    app: 'Excel',
    title: 'Ledger.xlsx',
    image: Buffer.from('x'),
    hash: 'h',
    width: 1,
    height: 1,
  }) as unknown as Frame;

const observationEvents = ['frame:kept', 'work-session:started', 'work-session:ended'] as const;
const listeners = (core: ShadowCore): number[] => observationEvents.map((name) => core.events.listenerCount(name));

describe('a reader core', () => {
  it('is what the app core is not: the app core listens to observation (control)', () => {
    home = createTempShadowHome();
    const app = createShadowCore({ paths: home.paths, env: {}, settings: { ocrEnabled: true } });
    try {
      expect(listeners(app).every((n) => n > 0)).toBe(true);
      expect(app.ocr.status().running).toBe(true);
    } finally {
      app.close();
    }
  });

  it('starts no capture, memory processing, OCR or model, and runs no crash recovery', async () => {
    home = createTempShadowHome();
    const env = { OPENAI_API_KEY: 'sk-test-not-used', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' };
    // The app's core leaves a session active, as a running (or crashed) app does.
    const app = createShadowCore({ paths: home.paths, env, settings: { ocrEnabled: true } });
    const session = app.sessions.create({ type: 'chat', title: 'Open in the app', tools: [] });
    app.close();

    const reader = createShadowCore({ paths: home.paths, env, role: 'reader', settings: { ocrEnabled: true } });
    try {
      expect(reader.llm.configured).toBe(false);
      expect(reader.ocr.status().running).toBe(false);
      expect(reader.observer.health().state).toBe('stopped');
      const handlers = createHandlers(reader);
      // Capture commands cannot wake it: a stopped observer stays stopped.
      await handlers.resumeCapture({});
      expect(reader.observer.health().state).toBe('stopped');
      // Observation events, were any emitted, reach neither OCR nor memory.
      expect(listeners(reader)).toEqual([0, 0, 0]);
      reader.events.emit('frame:kept', { frame: frame(Date.now()), change: null });
      expect(reader.ocr.status()).toMatchObject({ queued: 0, dropped: 0 });
      expect(reader.sessions.get(session.id).status).toBe('active');
      expect(handlers.listWorkSessions({ limit: 10 })).toEqual({ workSessions: [] });
    } finally {
      reader.close();
    }
  });
});

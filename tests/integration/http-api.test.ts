import { mkdtempSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { writeTinyDay } from '../helpers/tiny-day';

let engine: RunningEngine;
let base: string;

/** Raw request, so tests can send any Host/Origin/body. */
function call(
  path: string,
  options: { method?: string; token?: string | null; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? engine.token : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

beforeAll(async () => {
  process.env.SHADOW_HOME = mkdtempSync(join(tmpdir(), 'shadow-http-'));
  delete process.env.SHADOW_API_TOKEN;
  const day = await writeTinyDay([
    { app: 'Excel', title: 'Budget.xlsx', seconds: 120 },
    { app: 'Chrome', title: 'Northwind Bank', seconds: 60 },
    { app: 'Excel', title: 'Budget.xlsx', seconds: 30 },
  ]);
  engine = await startEngine({ port: 0, replayDir: day, settings: { idleAfterSec: 60 } });
  await engine.replayDone;
  base = engine.http.url;
});

afterAll(async () => {
  await engine?.stop();
});

describe('HTTP API', () => {
  it('listens on loopback only and stores a random token readable only by the user', () => {
    const address = engine.http.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
    expect(engine.token.length).toBeGreaterThanOrEqual(24);
    expect(statSync(engine.tokenFile).mode & 0o777).toBe(0o600);
  });

  it('answers health with the capture state', async () => {
    const res = await call('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', source: 'replay', capture: { state: 'stopped', failures: 0 } });
    expect(res.body.capture.framesCaptured).toBeGreaterThanOrEqual(2);
  });

  it('serves app time per app and title for a day, as replayed', async () => {
    const res = await call('/api/v1/observation/app-time?date=2026-11-02');
    expect(res.status).toBe(200);
    expect(res.body.apps).toEqual([
      { app: 'Excel', seconds: 150, titles: [{ title: 'Budget.xlsx', seconds: 150 }] },
      { app: 'Chrome', seconds: 60, titles: [{ title: 'Northwind Bank', seconds: 60 }] },
    ]);
    const other = await call('/api/v1/observation/app-time?date=2026-11-03');
    expect(other.body.apps).toEqual([]);
  });

  it('serves app time per work session and lists work sessions', async () => {
    const list = await call('/api/v1/work-sessions');
    expect(list.status).toBe(200);
    const [ws] = list.body.workSessions;
    expect(ws).toMatchObject({ status: 'completed', source: 'replay', activeSeconds: 210 });
    const res = await call(`/api/v1/observation/app-time?workSessionId=${ws.id}`);
    expect(res.body.totalActiveSeconds).toBe(210);
    expect((await call('/api/v1/observation/app-time?workSessionId=999')).status).toBe(404);
  });

  it('shows the effective settings and how much the profile stores', async () => {
    const res = await call('/api/v1/settings');
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ captureIntervalSec: 10, idleAfterSec: 60, retentionDays: 90 });
    expect(res.body.settings.exclusions.length).toBeGreaterThan(0);
    expect(res.body.usage.databaseBytes).toBeGreaterThan(4096);
    expect(res.body.usage).toMatchObject({ retentionDays: 90, outputRetentionDays: 30 });
    // One measure of the store everywhere: the settings' usage is the disk meter's (the window's card, shadow today).
    const meter = (await call('/api/v1/disk')).body;
    expect(res.body.usage.databaseBytes).toBe(meter.databaseBytes);
    expect(res.body.usage.dataBytes).toBe(meter.framesBytes + meter.otherDataBytes);
  });

  it('changes captureMonitors with PUT /settings, keeps it in settings.json, and refuses what it does not know', async () => {
    const put = await call('/api/v1/settings', {
      method: 'PUT',
      body: JSON.stringify({ captureMonitors: 'all' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(put.status).toBe(200);
    expect(put.body.settings.captureMonitors).toBe('all');
    expect((await call('/api/v1/settings')).body.settings.captureMonitors).toBe('all');
    expect(
      (
        await call('/api/v1/settings', {
          method: 'PUT',
          body: JSON.stringify({ captureMonitors: 'left' }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('/api/v1/settings', {
          method: 'PUT',
          body: JSON.stringify({ storeKeyFile: '/tmp/x' }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('/api/v1/settings', {
          method: 'PUT',
          body: JSON.stringify({ captureMonitors: 'focused' }),
          headers: { 'content-type': 'application/json' },
        })
      ).body.settings.captureMonitors,
    ).toBe('focused');
  });

  it('refuses requests without the right token with 401', async () => {
    expect((await call('/api/v1/health', { token: null })).status).toBe(401);
    const wrong = await call('/api/v1/health', { token: 'not-the-token' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/Authorization: Bearer/);
  });

  it('refuses foreign Host and Origin headers (DNS rebinding, cross-site pages)', async () => {
    const port = engine.http.port;
    expect((await call('/api/v1/health', { headers: { host: `evil.example:${port}` } })).status).toBe(421);
    expect((await call('/api/v1/health', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await call('/api/v1/health', { headers: { origin: `http://localhost:${port}` } })).status).toBe(200);
  });

  it.each([
    ['/api/v1/observation/app-time?date=yesterday', /date: expected a date as YYYY-MM-DD/],
    ['/api/v1/observation/app-time?date=2026-02-31x', /date/],
    ['/api/v1/observation/app-time?date=2026-11-02&workSessionId=1', /either date or workSessionId/],
    ['/api/v1/observation/app-time?workSessionId=abc', /workSessionId/],
    ['/api/v1/observation/app-time?colour=blue', /colour/],
    ['/api/v1/work-sessions?limit=0', /limit/],
    ['/api/v1/work-sessions?limit=100000', /limit/],
  ])('answers malformed query %s with 400 and a message', async (path, message) => {
    const res = await call(path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(res.body.error.message).toMatch(message);
  });

  it('answers malformed bodies with 400 and a message', async () => {
    const headers = { 'content-type': 'application/json' };
    const notJson = await call('/api/v1/capture/pause', { method: 'POST', headers, body: '{"reason":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toMatch(/not valid JSON/);
    const wrongType = await call('/api/v1/capture/pause', { method: 'POST', headers, body: '{"reason":42}' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/reason/);
    const array = await call('/api/v1/capture/pause', { method: 'POST', headers, body: '[1,2]' });
    expect(array.status).toBe(400);
  });

  it('answers unknown paths with 404 and wrong methods with 405', async () => {
    expect((await call('/api/v1/nope')).status).toBe(404);
    const res = await call('/api/v1/health', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });

  it('keeps what is stored when bad input arrives', async () => {
    await call('/api/v1/work-sessions?limit=-1');
    const res = await call('/api/v1/observation/app-time?date=2026-11-02');
    expect(res.body.totalActiveSeconds).toBe(210);
  });
});

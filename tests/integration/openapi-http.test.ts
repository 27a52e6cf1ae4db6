import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import type { ShadowCore } from '../../src/core/shadow-core';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { openQuietCore } from '../helpers/quiet-core';

/** `/api/v1/openapi.json`: served without the token, as checked in, behind the same Host and Origin guards. */
const TOKEN = 'openapi-test-token-0123456789abcdef';
let home: string;
let core: ShadowCore;
let http: RunningHttpServer;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: http.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), text }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-openapi-'));
  core = openQuietCore(home);
  http = await startHttpServer({ core, handlers: createHandlers(core), token: TOKEN, port: 0 });
});

afterAll(async () => {
  await http?.close();
  core?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('GET /api/v1/openapi.json', () => {
  it('answers the checked-in document without a token', async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(readFileSync(fileURLToPath(new URL('../../docs/openapi.json', import.meta.url)), 'utf8'));
    expect(JSON.parse(res.text)).toMatchObject({ openapi: '3.1.0', paths: { '/openapi.json': { get: { security: [] } } } });
  });

  it('keeps the Host and Origin guards, and the token for everything beside it', async () => {
    expect((await get('/api/v1/openapi.json', { host: `attacker.example:${http.port}` })).status).toBe(421);
    expect((await get('/api/v1/openapi.json', { origin: 'https://attacker.example' })).status).toBe(403);
    expect((await get('/api/v1/openapi.json', {}, 'POST')).status).toBe(401);
    expect((await get('/api/v1/openapi.jsonx')).status).toBe(401);
    expect((await get('/api/v1/health')).status).toBe(401);
    expect((await get('/api/v1/health', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

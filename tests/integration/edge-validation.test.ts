import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { runShadow } from '../helpers/shadow-process';
import { waitFor } from '../helpers/wait';

/**
 * Every input is judged at the edge (issue 13, point 4): what the attack list found reaching a 5xx or
 * slipping through loosely now gets a 400/415 with a message, through HTTP, MCP and the CLI.
 */

let home: TempShadowHome;
let engine: RunningEngine;
let sessionId: string;
let mcp: InMemoryTransport;
const answers = new Map<number, JSONRPCMessage>();
let nextId = 1;

interface Reply {
  readonly status: number;
  readonly type: string;
  readonly text: string;
  readonly json: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** A raw request: target, headers and body go on the wire exactly as given. */
function raw(method: string, target: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: engine.http.port,
        method,
        path: target,
        headers: { authorization: `Bearer ${engine.token}`, ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const type = String(res.headers['content-type'] ?? '');
          resolve({ status: res.statusCode!, type, text, json: type.startsWith('application/json') ? JSON.parse(text) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const jsonBody = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** One raw JSON-RPC request to the MCP server; resolves with its answer. */
async function rpc(method: string, params?: unknown): Promise<JSONRPCMessage & { error?: { code: number; message: string } }> {
  const id = nextId++;
  await mcp.send({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) } as JSONRPCMessage);
  return waitFor(() => answers.get(id), { what: `the MCP server's answer to ${method}`, intervalMs: 5 });
}

const shadow = (...args: string[]) => runShadow(args, home.env);

beforeAll(async () => {
  home = createTempShadowHome('shadow-edge-');
  process.env.SHADOW_HOME = home.home;
  process.env.SHADOW_PROFILE = 'default';
  const day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger.xlsx', seconds: 120 },
    { app: 'Firefox', title: 'Bank portal', seconds: 60 },
  ]);
  engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false }, env: {} });
  await engine.replayDone;
  sessionId = (await engine.handlers.createSession({ type: 'chat', title: 'Ledger questions', tools: [] })).id;
  await engine.handlers.sendMessage({ id: sessionId, content: 'How long was I in the ledger?' });
  await engine.core.sessions.idle();

  const server = createMcpServer({ handlers: engine.handlers, liveActivity: async () => null, recentImages: () => ({ refused: 'no' }) });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = client;
  mcp.onmessage = (message) => {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') answers.set(id, message);
  };
  await mcp.start();
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await engine?.stop();
  home?.remove();
});

describe('HTTP: escapes, NUL, numbers and dates', () => {
  it('answers a malformed percent-escape in a path segment with 400, not 500', async () => {
    for (const target of ['/api/v1/sessions/%ff/toc', '/api/v1/sessions/%E0%A4%A/turns/1', '/api/v1/storage/applet/%/state']) {
      const res = await raw('GET', target);
      expect(res.status, target).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'malformed_escape' });
      expect(res.json.error?.message).toMatch(/malformed percent-escape/);
    }
    const stream = await raw('POST', '/api/v1/sessions/%ff/messages', {
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: '{"content":"hi"}',
    });
    expect(stream.status).toBe(400);
  });

  it('refuses a NUL or a malformed escape in the query with 400', async () => {
    const nul = await raw('GET', '/api/v1/search/screen?q=a%00b');
    expect(nul.status).toBe(400);
    expect(nul.json.error).toMatchObject({ code: 'nul_character', message: expect.stringMatching(/"q" contains a NUL/) });
    const broken = await raw('GET', '/api/v1/search/screen?q=100%');
    expect(broken.status).toBe(400);
    expect(broken.json.error?.code).toBe('malformed_escape');
    expect((await raw('GET', `/api/v1/search/screen?q=${encodeURIComponent('ledger 100%')}`)).status).toBe(200);
  });

  it('takes integers only as decimal digits', async () => {
    for (const limit of ['0x10', '1e1', '%2010', '10.0', '', '-1', '99999999999999999999']) {
      const res = await raw('GET', `/api/v1/sessions?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.json.error?.message).toMatch(/^Invalid input for listSessions: limit: /);
    }
    expect((await raw('GET', '/api/v1/sessions?limit=0x10')).json.error?.message).toMatch(/decimal digits/);
    const ok = await raw('GET', '/api/v1/sessions?limit=10');
    expect(ok.status).toBe(200);
    expect((await raw('GET', '/api/v1/sessions/ses_missing0/turns?from=1e1')).status).toBe(400);
  });

  it('takes only real calendar dates', async () => {
    for (const target of [
      '/api/v1/day?date=2026-02-31',
      '/api/v1/observation/app-time?date=2026-02-30',
      '/api/v1/work-sessions?date=2026-13-01',
      '/api/v1/search/screen?q=ledger&from=2026-02-30',
      '/api/v1/search/screen?q=ledger&to=2026-04-31T10:00:00Z',
    ]) {
      const res = await raw('GET', target);
      expect(res.status, target).toBe(400);
      expect(res.json.error?.message, target).toMatch(/not a real calendar date|expected a local day/);
    }
    expect((await raw('GET', '/api/v1/day?date=2028-02-29')).status).toBe(200);
  });
});

describe('HTTP: bodies and Accept', () => {
  it('answers 415 to a body that is not declared JSON and parses nothing of it', async () => {
    const before = (await engine.handlers.listSessions({ limit: 500 })).sessions.length;
    const body = JSON.stringify({ type: 'chat', tools: [] });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const res = await raw('POST', '/api/v1/sessions', { headers: type ? { 'content-type': type } : {}, body });
      expect(res.status, String(type)).toBe(415);
      expect(res.json.error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/application\/json/) });
    }
    expect((await engine.handlers.listSessions({ limit: 500 })).sessions.length).toBe(before);
    const charset = await raw('POST', '/api/v1/sessions', { headers: { 'content-type': 'application/json; charset=utf-8' }, body });
    expect(charset.status).toBe(200);
    // A POST without a body needs no type.
    expect((await raw('POST', '/api/v1/capture/resume')).status).toBe(200);
    const mcpForm = await raw('POST', '/mcp', { headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(mcpForm.status).toBe(415);
  });

  it('streams a reply only when the client accepts an event stream (q > 0) at least as much as JSON', async () => {
    const send = (accept: string) =>
      raw('POST', `/api/v1/sessions/${sessionId}/messages`, { headers: { accept, ...jsonBody({}).headers }, body: '{"content":"hello"}' });
    for (const accept of ['text/event-stream;q=0', 'application/json, text/event-stream;q=0.5', '*/*', 'application/json']) {
      const res = await send(accept);
      expect(res.status, accept).toBe(200);
      expect(res.type, accept).toMatch(/^application\/json/);
    }
    for (const accept of ['text/event-stream', 'application/json;q=0.5, text/event-stream', 'text/event-stream;q=1, */*']) {
      const res = await send(accept);
      expect(res.type, accept).toMatch(/^text\/event-stream/);
      expect(res.text).toMatch(/event: done/);
    }
  });

  it('refuses paths with invisible characters and writes nothing; names and titles are stored as they read', async () => {
    const data = engine.core.paths.data;
    const before = existsSync(data) ? readdirSync(data) : [];
    for (const path of [
      'invoice\u202Efdp.exe',
      'notes/a\u200Bb.md',
      '\uFEFFreport.txt',
      'x\u2066y.txt',
      'a\u00ADb.txt',
      'tag\u{E0041}.md',
    ]) {
      const res = await raw('POST', '/api/v1/storage/file', jsonBody({ path, content: 'x' }));
      expect(res.status, JSON.stringify(path)).toBe(400);
      expect(res.json.error?.message).toMatch(/invisible character \(a control, format, bidi, private-use or tag character\)/);
    }
    expect(existsSync(data) ? readdirSync(data) : []).toEqual(before);
    // A path names a file: cleaning it would write another one. A name is text to show: it is cleaned.
    const applet = await raw('PUT', '/api/v1/storage/applet/ledger', jsonBody({ name: 'Ledger\u202Etxt.exe', html: '<p>x</p>' }));
    expect(applet.status).toBe(200);
    expect((await engine.handlers.listApplets({})).applets.find((a) => a.slug === 'ledger')?.name).toBe('Ledgertxt.exe');
  });

  it('cleans a title of NUL, BOM, soft hyphen, tag characters, a lone surrogate and bidi overrides, and refuses one with nothing visible', async () => {
    const hostile = 'Led\u0000ger\uFEFF q\u00ADuestions\u{E0069}\u{E0067}\uD800 \u202Eabc\u2066\u200B';
    const res = await raw('PATCH', `/api/v1/sessions/${sessionId}`, jsonBody({ title: hostile }));
    expect(res.status, res.text).toBe(200);
    expect((res.json as { title?: string }).title).toBe('Ledger questions abc');
    expect((await engine.handlers.getSession({ id: sessionId })).title).toBe('Ledger questions abc');
    const created = await raw('POST', '/api/v1/sessions', jsonBody({ title: '\u202Emonthly close\u202C' }));
    expect((created.json as { title?: string }).title).toBe('monthly close');
    const invisible = await raw('PATCH', `/api/v1/sessions/${sessionId}`, jsonBody({ title: '\u200B\u202E\u0000\uFEFF' }));
    expect(invisible.status).toBe(400);
    expect(invisible.json.error?.message).toMatch(/title is empty \(invisible characters do not count\)/);
    const device = await raw('PUT', '/api/v1/sync', jsonBody({ deviceName: 'lap\u202Etop\u0007' }));
    expect(device.status, device.text).toBe(200);
    expect((device.json as { device?: { name: string } }).device?.name).toBe('laptop');
    await raw('PATCH', `/api/v1/sessions/${sessionId}`, jsonBody({ title: 'Ledger questions' }));
  });
});

describe('MCP: malformed requests and unknown arguments', () => {
  it('answers malformed tools/call, resources/read and prompts/get with -32602 and a readable message', async () => {
    const cases: [string, unknown][] = [
      ['tools/call', { arguments: { query: 'x' } }],
      ['tools/call', { name: 'session_toc', arguments: 'session_id' }],
      ['tools/call', 'not an object'],
      ['resources/read', {}],
      ['resources/read', { uri: 42 }],
      ['prompts/get', { name: 7 }],
      ['prompts/get', undefined],
    ];
    for (const [method, params] of cases) {
      const answer = await rpc(method, params);
      expect(answer.error, `${method} ${JSON.stringify(params)}`).toMatchObject({ code: -32602 });
      expect(answer.error?.message).toMatch(new RegExp(`^Invalid params for ${method}: `));
      expect(answer.error?.message).not.toMatch(/"code":|\[\s*\{/);
    }
  });

  it('answers a resource that cannot exist with -32602, not an internal error', async () => {
    const answer = await rpc('resources/read', { uri: 'shadow://sessions/%%%/toc' });
    expect(answer.error?.code).toBe(-32602);
    const good = await rpc('resources/read', { uri: `shadow://sessions/${sessionId}/toc` });
    expect(good.error).toBeUndefined();
  });

  it('refuses unknown tool arguments instead of ignoring them', async () => {
    const answer = (await rpc('tools/call', { name: 'session_toc', arguments: { sessionId } })) as unknown as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toBe(
      'Invalid arguments for session_toc: unknown argument "sessionId"; it takes session_id, cursor, max_tokens',
    );
    const right = (await rpc('tools/call', { name: 'session_toc', arguments: { session_id: sessionId } })) as unknown as {
      result: { isError?: boolean; content: { text: string }[] };
    };
    expect(right.result.isError).toBeUndefined();
    expect(right.result.content[0]!.text).toMatch(/^"Ledger questions"/);
  });

  it('answers malformed requests over HTTP /mcp with -32602 too', async () => {
    const res = await raw('POST', '/mcp', {
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } }),
    });
    expect(res.status).toBe(200);
    expect((res.json as unknown as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params for tools\/call: name: /),
    });
  });
});

describe('CLI: usage errors exit 2', { timeout: 60_000 }, () => {
  it('refuses impossible dates, loose numbers and unknown options with exit 2', async () => {
    const date = await shadow('today', '--date', '2026-02-30');
    expect(date.code).toBe(2);
    expect(date.stderr).toMatch(/--date: not a real calendar date/);
    const limit = await shadow('sessions', '--limit', '0x10');
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/--limit: expected a whole number in decimal digits/);
    const search = await shadow('search', 'ledger', '--from', '2026-02-31');
    expect(search.code).toBe(2);
    expect((await shadow('sessions', '--no-such-flag')).code).toBe(2);
    expect((await shadow('no-such-command')).code).toBe(2);
    expect((await shadow('toc')).code).toBe(2);
    const version = await shadow('--version');
    expect(version.code).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { API_PREFIX, startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { mcpTools } from '../../src/server/mcp/tool-list';
import { operationList, type OperationSpec } from '../../src/shared/contract/index';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { anyJson, hostileString, objectOf, type Pools } from './zod-arbitrary';

/**
 * The fuzz suite (issue 13, point 8): generated inputs for every operation of the contract through HTTP
 * and for every MCP tool, plus malformed MCP requests, seeded so a failure replays (FUZZ_SEED). For each
 * case: no 5xx, no crash, and a rejected request changes no row (the connection's change counter, and
 * every 25th time a digest of every table's content) and no file. The cases the attack list found are
 * fixed examples. It prints the figures: cases, 5xx, crashes.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_113);
const HTTP_CASES = Number(process.env.FUZZ_HTTP_CASES ?? 8000);
const MCP_CASES = Number(process.env.FUZZ_MCP_CASES ?? 2100);
const RAW_MCP_CASES = Number(process.env.FUZZ_RAW_MCP_CASES ?? 600);
const TOKEN = 'fuzz-token-0123456789abcdef';

const figures = { httpCases: 0, mcpCases: 0, rawMcpCases: 0, fixedCases: 0, rejected: 0, status5xx: 0, crashes: 0, digests: 0 };

let home: TempShadowHome;
let core: ShadowCore;
let handlers: Handlers;
let http: RunningHttpServer;
let mcp: Client;
let rawMcp: InMemoryTransport;
const rawAnswers = new Map<number, { error?: { code: number; message: string } }>();
let rawId = 1;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
let pools: Pools;

interface Reply {
  readonly status: number;
  readonly text: string;
}

function send(method: string, target: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: http.port, method, path: target, agent, headers: { authorization: `Bearer ${TOKEN}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const changes = (): number => (core.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

/** Every row of every table, hashed: what a rejected request must leave as it was. */
function tableDigest(): string {
  const hash = createHash('sha256');
  const tables = core.db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as {
    name: string;
  }[];
  for (const { name } of tables) {
    hash.update(name);
    for (const row of core.db.prepare(`SELECT * FROM "${name}"`).iterate())
      hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)));
  }
  return hash.digest('hex');
}

/** The profile's data folder (files, applets) as names and sizes: rejected writes must not touch it. */
function dataDigest(): string {
  const entries: string[] = [];
  try {
    for (const entry of readdirSync(core.paths.data, { withFileTypes: true, recursive: true })) {
      const path = join(entry.parentPath, entry.name);
      entries.push(`${path}:${entry.isFile() ? statSync(path).size : 'dir'}`);
    }
  } catch {
    // No data folder yet.
  }
  return entries.sort().join('\n');
}

async function quiet(): Promise<void> {
  await core.sessions.idle();
  await core.memory.pipeline.idle();
  await new Promise((resolve) => setImmediate(resolve));
}

interface Variation {
  readonly escape: 'encode' | 'malformed' | 'nul';
  readonly contentType: string | undefined;
  readonly body: 'json' | 'broken' | 'array' | 'empty';
  readonly accept: string | undefined;
}

const variation: fc.Arbitrary<Variation> = fc.record({
  escape: fc.constantFrom('encode', 'encode', 'encode', 'encode', 'malformed', 'nul'),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  ),
  body: fc.constantFrom('json', 'json', 'json', 'json', 'json', 'broken', 'array', 'empty'),
  accept: fc.constantFrom(
    undefined,
    undefined,
    undefined,
    'text/event-stream',
    'text/event-stream;q=0',
    '*/*',
    'application/json;q=0.1, text/event-stream',
  ),
});

function component(value: unknown, escape: Variation['escape']): string {
  const text =
    typeof value === 'string'
      ? value
      : value === undefined
        ? ''
        : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
          ? String(value)
          : JSON.stringify(value);
  const encoded = encodeURIComponent(text);
  return escape === 'malformed' ? `${encoded}%${text.length % 2 ? 'zz' : 'f'}` : escape === 'nul' ? `${encoded}%00` : encoded;
}

/** The request an input becomes: path parameters, then the query (GET, DELETE) or a JSON body. */
function toRequest(spec: OperationSpec, input: Record<string, unknown>, v: Variation) {
  const rest = { ...input };
  const path = spec.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return component(value, v.escape);
  });
  const headers: Record<string, string> = v.accept ? { accept: v.accept } : {};
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    const query = Object.entries(rest)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${encodeURIComponent(key)}=${component(value, v.escape)}`)
      .join('&');
    return { method: spec.method, target: `${API_PREFIX}${path}${query ? `?${query}` : ''}`, headers, body: undefined };
  }
  if (v.contentType) headers['content-type'] = v.contentType;
  const json = JSON.stringify(rest);
  const body = v.body === 'json' ? json : v.body === 'broken' ? json.slice(0, -1) : v.body === 'array' ? `[${json}]` : '';
  return { method: spec.method, target: `${API_PREFIX}${path}`, headers, body };
}

const WRITES_FILES = new Set(['storageWriteFile', 'saveApplet', 'deleteApplet', 'setAppletState']);

/** One HTTP case: sent, answered below 500, and, when refused, with nothing changed. */
async function httpCase(name: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  await quiet();
  const withDigest = figures.httpCases % 25 === 0;
  const before = { changes: changes(), digest: withDigest ? tableDigest() : '', files: WRITES_FILES.has(name) ? dataDigest() : '' };
  let reply: Reply;
  try {
    reply = await send(method, target, headers, body);
  } catch (error) {
    figures.crashes++;
    throw new Error(`${method} ${target} got no answer: ${(error as Error).message}`);
  }
  figures.httpCases++;
  if (reply.status >= 500) figures.status5xx++;
  expect(reply.status, `${method} ${target} ${body?.slice(0, 200) ?? ''} → ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  if (reply.status >= 400) {
    figures.rejected++;
    expect(changes(), `${method} ${target} was refused but changed rows`).toBe(before.changes);
    if (withDigest) {
      figures.digests++;
      expect(tableDigest(), `${method} ${target} was refused but changed a table`).toBe(before.digest);
    }
    if (WRITES_FILES.has(name)) expect(dataDigest(), `${method} ${target} was refused but changed files`).toBe(before.files);
  }
  return reply;
}

async function rawRpc(method: string, params: unknown): Promise<{ error?: { code: number; message: string } }> {
  const id = rawId++;
  await rawMcp.send({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) } as JSONRPCMessage);
  for (let i = 0; i < 500 && !rawAnswers.has(id); i++) await new Promise((r) => setTimeout(r, 2));
  const answer = rawAnswers.get(id);
  if (!answer) throw new Error(`no answer to ${method}`);
  return answer;
}

beforeAll(async () => {
  home = createTempShadowHome('shadow-fuzz-');
  const day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger.xlsx', seconds: 300, text: ['Ledger 2026', 'Acme Supplies 1,204.00'] },
    { app: 'Firefox', title: 'Northwind Bank portal', seconds: 180 },
    { app: 'Slack', title: '#finance', seconds: 120, away: true },
  ]);
  core = createShadowCore({ paths: home.paths, replayDir: day, settings: { ocrEnabled: false }, env: {} });
  core.observer.start();
  const source = core.source as ReplaySource;
  await runReplay(core.observer, source, core.clock as ManualClock, { pollIntervalMs: 1000, speed: 0 });
  core.observer.stop('the recorded day ended');
  handlers = createHandlers(core);
  const sessions: string[] = [];
  for (const title of ['Ledger export bug', 'Bank statement', 'Quarter close']) {
    const { id } = await callOperation(handlers, 'createSession', { type: 'ticket', title, tools: [] });
    sessions.push(id);
    for (const content of ['How long was I in the ledger today?', 'Compare the bank balance with the ledger']) {
      await callOperation(handlers, 'sendMessage', { id, content });
    }
  }
  await callOperation(handlers, 'saveApplet', { slug: 'ledger-view', name: 'Ledger view', html: '<p>ledger</p>' });
  await callOperation(handlers, 'storageWriteFile', { path: 'notes/today.md', content: '# today' });
  const output = await callOperation(handlers, 'storeOutput', { id: sessions[0]!, kind: 'command', content: 'ok', metadata: {} });
  await quiet();
  const workSessions = (await callOperation(handlers, 'listWorkSessions', {})).workSessions.map((w) => w.id);
  pools = {
    id: [...sessions, output.id, ...workSessions, 1, 2],
    sessionId: sessions,
    session_id: sessions,
    slug: ['ledger-view', 'missing-applet'],
    path: ['notes/today.md', core.paths.data, join(core.paths.data, 'notes')],
    n: [1, 2, 3],
    from: [1, '2026-11-02'],
    to: [2, '2026-11-02'],
    q: ['ledger', 'bank', 'Acme'],
    query: ['ledger', 'bank'],
    date: ['2026-11-02', '2026-11-03'],
    workSessionId: workSessions,
    work_session_id: workSessions,
  };
  http = await startHttpServer({ core, handlers, token: TOKEN, port: 0 });
  const server = createMcpServer({
    handlers,
    liveActivity: async () => core.observer.immediateContext(),
    recentImages: () => ({ refused: 'not in the fuzz' }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = new Client({ name: 'fuzz', version: '1.0.0' });
  await mcp.connect(clientSide);
  const rawServer = createMcpServer({ handlers, liveActivity: async () => null, recentImages: () => ({ refused: 'no' }) });
  const [rawClient, rawServerSide] = InMemoryTransport.createLinkedPair();
  await rawServer.connect(rawServerSide);
  rawMcp = rawClient;
  rawMcp.onmessage = (message) => {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') rawAnswers.set(id, message as { error?: { code: number; message: string } });
  };
  await rawMcp.start();
}, 120_000);

afterAll(async () => {
  const total = figures.httpCases + figures.mcpCases + figures.rawMcpCases;
  console.log(
    `fuzz (seed ${SEED}): ${total} cases — HTTP ${figures.httpCases} (${figures.fixedCases} fixed examples, ${figures.rejected} refused, ${figures.digests} with a full table digest), MCP tools ${figures.mcpCases}, malformed MCP requests ${figures.rawMcpCases}; 5xx: ${figures.status5xx}; crashes: ${figures.crashes}`,
  );
  await mcp?.close();
  await rawMcp?.close();
  await http?.close();
  agent.destroy();
  core?.close();
  home?.remove();
});

describe('fuzz: the cases the attack list found', () => {
  it('answers each of them below 500 and changes nothing', async () => {
    const [sessionId] = pools.sessionId as string[];
    const json = { 'content-type': 'application/json' };
    const cases: [string, string, string, Record<string, string>, string?][] = [
      ['sessionToc', 'GET', `${API_PREFIX}/sessions/%ff/toc`, {}],
      ['searchScreen', 'GET', `${API_PREFIX}/search/screen?q=a%00b`, {}],
      ['dayOverview', 'GET', `${API_PREFIX}/day?date=2026-02-31`, {}],
      ['listSessions', 'GET', `${API_PREFIX}/sessions?limit=0x10`, {}],
      ['listSessions', 'GET', `${API_PREFIX}/sessions?limit=1e1`, {}],
      ['createSession', 'POST', `${API_PREFIX}/sessions`, { 'content-type': 'text/plain' }, '{"type":"chat","tools":[]}'],
      ['createSession', 'POST', `${API_PREFIX}/sessions`, { 'content-type': 'application/x-www-form-urlencoded' }, 'type=chat'],
      ['storageWriteFile', 'POST', `${API_PREFIX}/storage/file`, json, JSON.stringify({ path: 'invoice\u202Efdp.exe', content: 'x' })],
      ['storageWriteFile', 'POST', `${API_PREFIX}/storage/file`, json, JSON.stringify({ path: 'a\u200Bb.txt', content: 'x' })],
      ['getApplet', 'GET', `${API_PREFIX}/storage/applet/%E0%A4%A`, {}],
      ['getTurn', 'GET', `${API_PREFIX}/sessions/${sessionId}/turns/%`, {}],
    ];
    for (const [name, method, target, headers, body] of cases) {
      const reply = await httpCase(name, method, target, headers, body);
      figures.fixedCases++;
      expect(reply.status, target).toBeGreaterThanOrEqual(400);
    }
    const streamOff = await httpCase(
      'sendMessage',
      'POST',
      `${API_PREFIX}/sessions/${sessionId}/messages`,
      { ...json, accept: 'text/event-stream;q=0' },
      '{"content":"hi"}',
    );
    figures.fixedCases++;
    expect(streamOff.text.startsWith('{')).toBe(true);
    const toc = await mcp.callTool({ name: 'session_toc', arguments: { sessionId } });
    expect(toc.isError).toBe(true);
    for (const [method, params] of [
      ['tools/call', { arguments: {} }],
      ['resources/read', {}],
      ['prompts/get', { name: 3 }],
    ] as const) {
      expect((await rawRpc(method, params)).error?.code, method).toBe(-32602);
      figures.rawMcpCases++;
    }
  });
});

describe('fuzz: every operation through HTTP', () => {
  const perOperation = Math.ceil(HTTP_CASES / operationList.length);
  it.each(operationList.map((spec) => [spec.name, spec] as const))(
    '%s: no 5xx, and a refused request changes nothing',
    async (_name, spec) => {
      await fc.assert(
        fc.asyncProperty(objectOf(spec.input, pools), variation, async (input, v) => {
          const { method, target, headers, body } = toRequest(spec, input, v);
          await httpCase(spec.name, method, target, headers, body);
        }),
        { seed: SEED, numRuns: perOperation, endOnFailure: true },
      );
    },
    120_000,
  );
});

describe('fuzz: every MCP tool', () => {
  const perTool = Math.ceil(MCP_CASES / mcpTools.length);
  it.each(mcpTools.map((tool) => [tool.name, tool] as const))(
    '%s: a result or a readable refusal, never an internal error or a change when refused',
    async (_name, tool) => {
      await fc.assert(
        fc.asyncProperty(objectOf(tool.input, pools), async (generated) => {
          const args = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
          await quiet();
          const before = changes();
          figures.mcpCases++;
          let result: { isError?: boolean; content: { type: string; text?: string }[] };
          try {
            result = (await mcp.callTool({ name: tool.name, arguments: args })) as typeof result;
          } catch (error) {
            // Only "invalid params" may come back as a protocol error.
            if (error instanceof McpError && error.code === -32602) return;
            figures.crashes++;
            throw error;
          }
          const text = result.content.map((c) => c.text ?? '').join('\n');
          if (result.isError) {
            expect(text, `${tool.name} ${JSON.stringify(args).slice(0, 200)}`).toMatch(new RegExp(`^Invalid arguments for ${tool.name}: `));
            expect(changes(), `${tool.name} was refused but changed rows`).toBe(before);
          }
        }),
        { seed: SEED, numRuns: perTool, endOnFailure: true },
      );
    },
    120_000,
  );

  it('answers malformed requests with -32602 or a result, never -32603', async () => {
    const methods = fc.constantFrom(
      'tools/call',
      'resources/read',
      'prompts/get',
      'tools/list',
      'resources/list',
      'prompts/list',
      'resources/templates/list',
    );
    const params = fc.oneof(
      anyJson,
      fc.record(
        { name: fc.oneof(hostileString, fc.constantFrom(...mcpTools.map((t) => t.name), 'resume_session')), arguments: anyJson },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          uri: fc.oneof(hostileString, fc.constantFrom('shadow://sessions/x/toc', 'shadow://sessions/%%/transcript', 'file:///etc/passwd')),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(methods, params, async (method, p) => {
        figures.rawMcpCases++;
        const answer = await rawRpc(method, JSON.parse(JSON.stringify(p ?? null)) ?? undefined);
        expect(answer.error?.code, `${method} ${JSON.stringify(p).slice(0, 200)}: ${answer.error?.message}`).not.toBe(-32603);
      }),
      { seed: SEED, numRuns: RAW_MCP_CASES, endOnFailure: true },
    );
  }, 120_000);

  it('is still answering after all of it', async () => {
    const health = await send('GET', `${API_PREFIX}/health`, {});
    expect(health.status).toBe(200);
    expect(figures.status5xx).toBe(0);
    expect(figures.crashes).toBe(0);
    expect(figures.httpCases + figures.mcpCases + figures.rawMcpCases).toBeGreaterThanOrEqual(Math.min(10_000, HTTP_CASES + MCP_CASES));
  });
});

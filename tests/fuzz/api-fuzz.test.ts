import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ClientRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { callOperation, invokeOperation } from '../../src/core/api/invoke-operation';
import { describeZodError, HTTP_STATUS } from '../../src/core/api/operation-errors';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { databaseOf, createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { API_PREFIX, startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { maxTokensArg } from '../../src/server/mcp/answer-budget';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import type { McpToolSpec } from '../../src/server/mcp/mcp-tool';
import { mcpTools } from '../../src/server/mcp/tool-list';
import {
  operationErrorCodes,
  operationList,
  type OperationKey,
  type OperationOutput,
  type Operations,
  type OperationSpec,
} from '../../src/shared/contract/index';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';
import { anyJson, hostileString, inputOf, objectOf, wellFormedObjectOf, type Pools } from './zod-arbitrary';

/**
 * The fuzz suite (issue 13, point 8; issue 29, point 7): generated inputs for every operation of the
 * contract through HTTP and for every MCP tool, plus malformed MCP requests, seeded so a failure replays
 * (FUZZ_SEED). For each case an oracle built from the request alone and the contract (the documented
 * order of the HTTP checks, the operation's zod schema, the one formatter of its issues, the MCP SDK's
 * request schemas) says what the answer must be: the exact error (status, code, message) when the
 * request is refused before the operation runs, and for an input the contract accepts, a success or a
 * declared domain refusal with its status (for reads, the very answer the adapter core gives). A refused
 * request changes no row (the connection's change counter, and every 25th time a digest of every
 * table's content) and no file. Each test restores the fixture it starts from, counts its own cases and
 * requires a share of them to get past validation and run the operation, so it passes alone and in any
 * order.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_113);
const HTTP_CASES = Number(process.env.FUZZ_HTTP_CASES ?? 8000);
const MCP_CASES = Number(process.env.FUZZ_MCP_CASES ?? 2100);
const RAW_MCP_CASES = Number(process.env.FUZZ_RAW_MCP_CASES ?? 600);
const TOKEN = 'fuzz-token-0123456789abcdef';
const BASE = 'http://127.0.0.1';

/** What one test saw; each test reads only its own, the log adds them up. */
interface Tally {
  cases: number;
  /** Inputs the contract accepted, so the operation ran (and then succeeded or refused in its own words). */
  reached: number;
  accepted: number;
  refused: number;
  digests: number;
}
const newTally = (): Tally => ({ cases: 0, reached: 0, accepted: 0, refused: 0, digests: 0 });
const log: { name: string; tally: Tally }[] = [];

let home: TempShadowHome;
let core: ShadowCore;
let handlers: Handlers;
let http: RunningHttpServer;
let mcp: Client;
let rawMcp: InMemoryTransport;
const rawAnswers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
let rawId = 1;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
let pools: Pools;
/** The fixture every test starts from: three conversations (as exported, to restore one deleted), an applet, a note. */
type Exported = { id: string; files: OperationOutput<Operations['exportSession']>['files'] };
let fixture: { sessions: Exported[]; absent: Exported[]; workSessions: number[] };
/** Ids by what a path's first segment names (`/questions/{id}` takes a question's), so well-formed requests name real objects. */
let idsByPath: Record<string, readonly unknown[]>;

interface Reply {
  readonly status: number;
  readonly type: string;
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
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const changes = (): number => (databaseOf(core).prepare('SELECT total_changes() AS n').get() as { n: number }).n;

/** Every row of every table, hashed: what a rejected request must leave as it was. */
function tableDigest(): string {
  const hash = createHash('sha256');
  const tables = databaseOf(core)
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as {
    name: string;
  }[];
  for (const { name } of tables) {
    hash.update(name);
    for (const row of databaseOf(core).prepare(`SELECT * FROM "${name}"`).iterate())
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

/** Whether each Accept header the variation sends prefers an event stream to JSON (RFC 9110 §12.5.1: its q against JSON's). */
const PREFERS_STREAM: Readonly<Record<string, boolean>> = {
  'text/event-stream': true,
  'text/event-stream;q=0': false,
  '*/*': false,
  'application/json;q=0.1, text/event-stream': true,
};

/** How a well-formed request is sent: as JSON, escaped once, sometimes asking for the reply stream. */
const cleanVariation: fc.Arbitrary<Variation> = fc.record({
  escape: fc.constant('encode' as const),
  contentType: fc.constant('application/json'),
  body: fc.constant('json' as const),
  accept: fc.constantFrom(undefined, 'text/event-stream'),
});

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
  accept: fc.constantFrom(undefined, undefined, undefined, ...Object.keys(PREFERS_STREAM)),
});

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function component(value: unknown, escape: Variation['escape']): string {
  const text = textOf(value);
  const encoded = encodeURIComponent(text);
  return escape === 'malformed' ? `${encoded}%${text.length % 2 ? 'zz' : 'f'}` : escape === 'nul' ? `${encoded}%00` : encoded;
}

interface HttpRequestCase {
  readonly method: string;
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

/** The request an input becomes: path parameters, then the query (GET, DELETE) or a JSON body. */
function toRequest(spec: OperationSpec, input: Record<string, unknown>, v: Variation): HttpRequestCase {
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

/**
 * The oracle: what the server must answer, from the request alone and the contract, in the order
 * docs/api.md gives (the target as a URL, the route, each path segment and query parameter decoded
 * once, the body, the operation's schema). An input the contract accepts runs the operation.
 */
type Expected =
  | { readonly refused: { readonly status: number; readonly code: string; readonly message: string } }
  | { readonly staticPage: true }
  | { readonly accepts: { readonly spec: OperationSpec; readonly input: Record<string, unknown>; readonly stream: boolean } };

const refused = (status: number, code: string, message: string): Expected => ({ refused: { status, code, message } });

/** One component decoded once, or why it cannot be. */
function decoded(raw: string, where: string): { text: string } | { problem: Expected } {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return { problem: refused(400, 'malformed_escape', `${where} has a malformed percent-escape; encode "%" as %25 and text as UTF-8.`) };
  }
  if (text.includes('\0'))
    return { problem: refused(400, 'nul_character', `${where} contains a NUL character (%00), which no input accepts.`) };
  return { text };
}

/** The route a path reaches: the first operation whose template fits it with its method; or the methods that would. */
function route(path: string, method: string): { spec: OperationSpec; raw: Record<string, string> } | { allowed: string[] } {
  const segments = path.split('/');
  const allowed: string[] = [];
  for (const spec of operationList) {
    const template = spec.path.split('/');
    if (template.length !== segments.length) continue;
    const raw: Record<string, string> = {};
    const fits = template.every((part, i) => {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!param) return part === segments[i];
      raw[param] = segments[i]!;
      return segments[i] !== '';
    });
    if (!fits) continue;
    if (spec.method === method) return { spec, raw };
    allowed.push(spec.method);
  }
  return { allowed };
}

function queryOf(search: string): { query: Record<string, string> } | { problem: Expected } {
  const query: Record<string, string> = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const [rawName, ...rawValue] = pair.split('=');
    const name = decoded(rawName!.replace(/\+/g, ' '), 'A query parameter name');
    if ('problem' in name) return name;
    const value = decoded(rawValue.join('=').replace(/\+/g, ' '), `Query parameter "${name.text}"`);
    if ('problem' in value) return value;
    query[name.text] = value.text;
  }
  return { query };
}

function bodyOf(c: HttpRequestCase): { body: Record<string, unknown> } | { problem: Expected } {
  const type = c.headers['content-type'];
  if (c.body && !/^application\/json\s*(;|$)/i.test(type ?? '')) {
    const given = type ? `"${type}"` : 'no Content-Type';
    return {
      problem: refused(
        415,
        'unsupported_media_type',
        `The request body must be JSON sent with "Content-Type: application/json" (got ${given}).`,
      ),
    };
  }
  const text = (c.body ?? '').trim();
  if (!text) return { body: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: refused(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: refused(400, 'invalid_input', 'The request body must be a JSON object.') };
  }
  return { body: value as Record<string, unknown> };
}

function decodeParams(raw: Record<string, string>): { params: Record<string, string> } | { problem: Expected } {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const one = decoded(value, `The path segment {${name}}`);
    if ('problem' in one) return one;
    params[name] = one.text;
  }
  return { params };
}

function expectedAnswer(c: HttpRequestCase): Expected {
  const url = new URL(c.target, BASE);
  if (!url.pathname.startsWith(`${API_PREFIX}/`)) return { staticPage: true };
  const path = url.pathname.slice(API_PREFIX.length);
  const stream = c.method === 'POST' && /^\/sessions\/[^/]+\/messages$/.test(path) && PREFERS_STREAM[c.headers.accept ?? ''] === true;
  const reached = route(path, c.method);
  if ('allowed' in reached) {
    return reached.allowed.length > 0
      ? refused(405, 'method_not_allowed', `${url.pathname} accepts ${reached.allowed.join(', ')}.`)
      : refused(404, 'not_found', `No endpoint ${c.method} ${url.pathname}.`);
  }
  const { spec } = reached;
  const validate = (raw: Record<string, unknown>, params: Record<string, string>): Expected => {
    const input = { ...raw, ...params };
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) return refused(400, 'invalid_input', `Invalid input for ${spec.name}: ${describeZodError(parsed.error)}`);
    return { accepts: { spec, input, stream } };
  };
  // The reply stream reads its body before its path segment; every other call decodes the path first.
  if (stream) {
    const body = bodyOf(c);
    if ('problem' in body) return body.problem;
    const params = decodeParams(reached.raw);
    return 'problem' in params ? params.problem : validate(body.body, params.params);
  }
  const params = decodeParams(reached.raw);
  if ('problem' in params) return params.problem;
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    const query = queryOf(url.search);
    return 'problem' in query ? query.problem : validate(query.query, params.params);
  }
  const body = bodyOf(c);
  return 'problem' in body ? body.problem : validate(body.body, params.params);
}

const WRITES_FILES = new Set(['storageWriteFile', 'saveApplet', 'deleteApplet', 'setAppletState']);

/**
 * One HTTP case: sent, answered as the oracle says, and, when refused, with nothing changed. Returns
 * whether the operation accepted it.
 */
async function httpCase(tally: Tally, name: string, c: HttpRequestCase): Promise<boolean> {
  await quiet();
  const withDigest = tally.cases % 25 === 0;
  const before = { changes: changes(), digest: withDigest ? tableDigest() : '', files: WRITES_FILES.has(name) ? dataDigest() : '' };
  const reply = await send(c.method, c.target, c.headers, c.body).catch((error: unknown) => {
    throw new Error(`${c.method} ${c.target} got no answer: ${(error as Error).message}`);
  });
  tally.cases++;
  const what = `${c.method} ${c.target} ${c.body?.slice(0, 200) ?? ''} → ${reply.status} ${reply.text.slice(0, 300)}`;
  const expected = expectedAnswer(c);
  let accepted = false;
  if ('refused' in expected) {
    expect({ status: reply.status, ...(JSON.parse(reply.text) as { error: object }).error }, what).toEqual(expected.refused);
  } else if ('staticPage' in expected) {
    // Outside /api/v1 (a dot segment left it): the built UI, or 404 where it is not built.
    expect(reply.status === 200 ? reply.type : `${reply.status} ${JSON.parse(reply.text).error.code}`, what).toMatch(
      /^text\/html|^404 not_found$/,
    );
  } else if (reply.status === 200) {
    accepted = true;
    expect(reply.type, what).toBe(expected.accepts.stream ? 'text/event-stream; charset=utf-8' : 'application/json; charset=utf-8');
  } else {
    // The contract took the input, so only the operation can refuse it: with a declared code, answered with its kind's status.
    const { code } = (JSON.parse(reply.text) as { error: { code: keyof typeof operationErrorCodes } }).error;
    const declared = operationErrorCodes[code];
    expect(declared, `${what}: an undeclared code`).toBeDefined();
    expect({ code, status: reply.status }, what).toEqual({ code, status: HTTP_STATUS[declared.kind] });
    expect(['invalid_input', 'internal_error', 'invalid_output'], `${what}: the contract accepted this input`).not.toContain(code);
  }
  if ('accepts' in expected) tally.reached++;
  if (accepted) tally.accepted++;
  else {
    tally.refused++;
    expect(changes(), `${what}: refused but changed rows`).toBe(before.changes);
    if (withDigest) {
      tally.digests++;
      expect(tableDigest(), `${what}: refused but changed a table`).toBe(before.digest);
    }
    if (WRITES_FILES.has(name)) expect(dataDigest(), `${what}: refused but changed files`).toBe(before.files);
  }
  if ('accepts' in expected && expected.accepts.spec.method === 'GET') {
    // A read answers over HTTP exactly as the adapter core does when called directly.
    const direct = await invokeOperation(handlers, expected.accepts.spec.name as OperationKey, expected.accepts.input);
    const over = reply.status === 200 ? { ok: true } : { ok: false, ...(JSON.parse(reply.text) as { error: object }).error };
    expect(over, what).toEqual(direct.ok ? { ok: true } : { ok: false, code: direct.error.code, message: direct.error.message });
  }
  return accepted;
}

async function rawRpc(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const id = rawId++;
  await rawMcp.send({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) } as JSONRPCMessage);
  return waitFor(() => rawAnswers.get(id), { what: `the MCP server's answer to ${method}`, intervalMs: 2 });
}

/** Puts back what a test may have deleted or changed: the three conversations, the applet, the note, an output. */
async function restoreFixture(): Promise<void> {
  await quiet();
  for (const { id, files } of fixture.sessions) {
    if (!(await invokeOperation(handlers, 'getSession', { id })).ok) await callOperation(handlers, 'importSession', { files });
  }
  await callOperation(handlers, 'saveApplet', { slug: 'ledger-view', name: 'Ledger view', html: '<p>ledger</p>' });
  await callOperation(handlers, 'storageWriteFile', { path: 'notes/today.md', content: '# today' });
  const [first] = fixture.sessions;
  const outputs = (await callOperation(handlers, 'listSessionOutputs', { id: first!.id })).outputs;
  const output =
    outputs[0] ?? (await callOperation(handlers, 'storeOutput', { id: first!.id, kind: 'command', content: 'ok', metadata: {} }));
  const sessions = fixture.sessions.map((s) => s.id);
  // A question of each state to answer, dismiss or snooze; one conversation that is not in the profile, to import.
  const questions = [1, 2].map(
    (n) =>
      core.memory.repositories.questions.insert({
        workSessionId: fixture.workSessions[0] ?? null,
        askedAt: core.clock.now(),
        text: `What were you reconciling (${n})?`,
        normalized: `what were you reconciling ${n}`,
        trigger: 'switching',
        subject: `ledger ${n}`,
        engine: 'offline',
      }).id,
  );
  for (const { id } of fixture.absent) {
    if ((await invokeOperation(handlers, 'getSession', { id })).ok) await callOperation(handlers, 'deleteSession', { id });
  }
  const here = core.sync.devices.local();
  idsByPath = { sessions, 'work-sessions': fixture.workSessions, questions, outputs: [output.id] };
  pools = {
    id: [...sessions, output.id, ...fixture.workSessions, ...questions, 1, 2],
    files: fixture.absent.map((a) => a.files),
    device: [here.id, here.name],
    at: ['2026-11-02T09:02:00.000Z', '2026-11-02T09:06:00.000Z'],
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
    workSessionId: fixture.workSessions,
    work_session_id: fixture.workSessions,
  };
  await quiet();
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
  const sessions: Exported[] = [];
  const titles = [
    'Ledger export bug',
    'Bank statement',
    'Quarter close',
    ...Array.from({ length: 8 }, (_, i) => `Vendor bill ${i + 1} to import`),
  ];
  for (const title of titles) {
    const { id } = await callOperation(handlers, 'createSession', { type: 'ticket', title, tools: [] });
    for (const content of ['How long was I in the ledger today?', 'Compare the bank balance with the ledger']) {
      await callOperation(handlers, 'sendMessage', { id, content });
    }
    await quiet();
    sessions.push({ id, files: (await callOperation(handlers, 'exportSession', { id })).files });
  }
  const absent = sessions.splice(3);
  fixture = { sessions, absent, workSessions: (await callOperation(handlers, 'listWorkSessions', {})).workSessions.map((w) => w.id) };
  await restoreFixture();
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

beforeEach(restoreFixture, 60_000);

afterAll(async () => {
  const sum = (key: keyof Tally) => log.reduce((n, entry) => n + entry.tally[key], 0);
  console.log(
    `fuzz (seed ${SEED}): ${sum('cases')} cases in ${log.length} tests, ${sum('reached')} past validation, ${sum('accepted')} accepted, ${sum('refused')} refused (${sum('digests')} with a full table digest); every answer as the oracle said`,
  );
  await mcp?.close();
  await rawMcp?.close();
  await http?.close();
  agent.destroy();
  core?.close();
  home?.remove();
});

/** Each test ends here: the server still answers, and the test's own cases were what it asked for. */
async function stillAnswering(name: string, tally: Tally, runs: number): Promise<void> {
  log.push({ name, tally });
  expect(tally.cases, `${name}: cases run`).toBe(runs);
  expect((await send('GET', `${API_PREFIX}/health`, {})).status).toBe(200);
}

describe('fuzz: the cases the attack list found', () => {
  it('answers each of them as the oracle says and changes nothing', async () => {
    const tally = newTally();
    const [sessionId] = pools.sessionId as string[];
    const json = { 'content-type': 'application/json' };
    const cases: [string, HttpRequestCase][] = [
      ['sessionToc', { method: 'GET', target: `${API_PREFIX}/sessions/%ff/toc`, headers: {}, body: undefined }],
      ['searchScreen', { method: 'GET', target: `${API_PREFIX}/search/screen?q=a%00b`, headers: {}, body: undefined }],
      ['dayOverview', { method: 'GET', target: `${API_PREFIX}/day?date=2026-02-31`, headers: {}, body: undefined }],
      ['listSessions', { method: 'GET', target: `${API_PREFIX}/sessions?limit=0x10`, headers: {}, body: undefined }],
      ['listSessions', { method: 'GET', target: `${API_PREFIX}/sessions?limit=1e1`, headers: {}, body: undefined }],
      [
        'createSession',
        { method: 'POST', target: `${API_PREFIX}/sessions`, headers: { 'content-type': 'text/plain' }, body: '{"type":"chat","tools":[]}' },
      ],
      [
        'createSession',
        {
          method: 'POST',
          target: `${API_PREFIX}/sessions`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'type=chat',
        },
      ],
      [
        'storageWriteFile',
        {
          method: 'POST',
          target: `${API_PREFIX}/storage/file`,
          headers: json,
          body: JSON.stringify({ path: 'invoice\u202Efdp.exe', content: 'x' }),
        },
      ],
      [
        'storageWriteFile',
        {
          method: 'POST',
          target: `${API_PREFIX}/storage/file`,
          headers: json,
          body: JSON.stringify({ path: 'a\u200Bb.txt', content: 'x' }),
        },
      ],
      ['getApplet', { method: 'GET', target: `${API_PREFIX}/storage/applet/%E0%A4%A`, headers: {}, body: undefined }],
      ['getTurn', { method: 'GET', target: `${API_PREFIX}/sessions/${sessionId}/turns/%`, headers: {}, body: undefined }],
      ['getSession', { method: 'GET', target: `${API_PREFIX}/sessions/..`, headers: {}, body: undefined }],
    ];
    for (const [name, c] of cases) expect(await httpCase(tally, name, c), c.target).toBe(false);
    // A stream refused (q=0) is answered as JSON.
    const streamOff = {
      method: 'POST',
      target: `${API_PREFIX}/sessions/${sessionId}/messages`,
      headers: { ...json, accept: 'text/event-stream;q=0' },
      body: '{"content":"hi"}',
    };
    expect(await httpCase(tally, 'sendMessage', streamOff)).toBe(true);
    const toc = await mcp.callTool({ name: 'session_toc', arguments: { sessionId } });
    expect(toc).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^Invalid arguments for session_toc: unknown argument "sessionId"; it takes session_id/) }],
    });
    for (const [method, params] of [
      ['tools/call', { arguments: {} }],
      ['resources/read', {}],
      ['prompts/get', { name: 3 }],
      ['resources/read', { uri: 'shadow://sessions/ses_doesnotexist/toc' }],
      ['prompts/get', { name: 'resume_session', arguments: { session_id: 'ses_doesnotexist' } }],
    ] as const) {
      expect((await rawRpc(method, params)).error?.code, `${method} ${JSON.stringify(params)}`).toBe(-32602);
    }
    await stillAnswering('fixed cases', tally, cases.length + 1);
  });
});

/** This share of each operation's, tool's or raw request test's cases at least gets past validation: the fuzz reaches the code behind it. */
const MIN_SHARE_PAST_VALIDATION = 0.05;

/** A third of the requests well formed (fitting values, sent cleanly), the rest hostile in input and in form. */
const requestOf = (spec: OperationSpec): fc.Arbitrary<[Record<string, unknown>, Variation]> =>
  fc.oneof(
    {
      weight: 1,
      arbitrary: fc.tuple(
        wellFormedObjectOf(spec.input, { ...pools, id: idsByPath[spec.path.split('/')[1]!] ?? pools.id! }),
        cleanVariation,
      ),
    },
    { weight: 2, arbitrary: fc.tuple(objectOf(spec.input, pools), variation) },
  );

describe('fuzz: every operation through HTTP', () => {
  const perOperation = Math.ceil(HTTP_CASES / operationList.length);
  it.each(operationList.map((spec) => [spec.name, spec] as const))(
    '%s: answered as the oracle says, a share run past validation, and a refused request changes nothing',
    async (name, spec) => {
      const tally = newTally();
      await fc.assert(
        fc.asyncProperty(requestOf(spec), async ([input, v]) => {
          await httpCase(tally, spec.name, toRequest(spec, input, v));
        }),
        { seed: SEED, numRuns: perOperation, endOnFailure: true },
      );
      await stillAnswering(name, tally, perOperation);
      // Past validation, not success: a delete succeeds once per fixture object, however many cases run.
      expect(tally.reached / tally.cases, `${name}: share of generated requests that ran the operation`).toBeGreaterThanOrEqual(
        MIN_SHARE_PAST_VALIDATION,
      );
    },
    120_000,
  );
});

/** The wording every tool uses for unknown arguments (register-tools.ts): it names them and the ones the tool takes. */
function toolArgumentsError(tool: McpToolSpec, args: Record<string, unknown>): string | null {
  const schema = tool.input.extend({ max_tokens: maxTokensArg }).strict();
  const known = Object.keys(schema.shape);
  const parsed = schema.safeParse(args, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      return `unknown argument${issue.keys.length === 1 ? '' : 's'} ${keys}; it takes ${known.join(', ')}`;
    },
  });
  return parsed.success ? null : `Invalid arguments for ${tool.name}: ${describeZodError(parsed.error)}`;
}

describe('fuzz: every MCP tool', () => {
  const perTool = Math.ceil(MCP_CASES / mcpTools.length);
  it.each(mcpTools.map((tool) => [tool.name, tool] as const))(
    '%s: the exact refusal for arguments its schema refuses, a result or a readable refusal otherwise, nothing changed when refused',
    async (name, tool) => {
      const tally = newTally();
      await fc.assert(
        fc.asyncProperty(inputOf(tool.input, pools), async (generated) => {
          const args = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
          await quiet();
          const before = changes();
          tally.cases++;
          // A known tool never answers a protocol error: a bad call is a tool error the agent reads.
          const result = (await mcp.callTool({ name, arguments: args })) as {
            isError?: boolean;
            content: { type: string; text?: string }[];
          };
          const text = result.content.map((c) => c.text ?? '').join('\n');
          const what = `${name} ${JSON.stringify(args).slice(0, 200)} → ${text.slice(0, 300)}`;
          const argumentsError = toolArgumentsError(tool, args);
          if (argumentsError) expect({ isError: result.isError, text }, what).toEqual({ isError: true, text: argumentsError });
          else tally.reached++;
          if (!argumentsError && result.isError) {
            // Only the operation can refuse arguments the tool's schema took, in the words every surface gives.
            // (A rule across fields, such as "to not before from", is the operation's: `Invalid input for <operation>: …`.)
            expect(text, what).toMatch(new RegExp(`^(Invalid arguments for ${name}|${name} failed): `));
            expect(text, `${what}: a bug, not a refusal`).not.toMatch(/failed: \w+ failed: |answered outside its contract/);
          }
          if (result.isError) {
            tally.refused++;
            expect(changes(), `${what}: refused but changed rows`).toBe(before);
          } else tally.accepted++;
        }),
        { seed: SEED, numRuns: perTool, endOnFailure: true },
      );
      await stillAnswering(name, tally, perTool);
      expect(tally.reached / tally.cases, `${name}: share of generated calls that ran the tool`).toBeGreaterThanOrEqual(
        MIN_SHARE_PAST_VALIDATION,
      );
    },
    120_000,
  );

  /**
   * The code a request must get, from the SDK's schema of each request (what a client may send) and the
   * server's tools, prompt and resources: -32602 for what cannot be served, a result otherwise; never -32603.
   */
  function expectedRpc(method: string, params: unknown): 'result' | -32602 {
    const schema = ClientRequestSchema.options.find((s) => s.shape.method.value === method);
    if (!schema?.safeParse(params === undefined ? { method } : { method, params }).success) return -32602;
    const p = (params ?? {}) as { name?: string; uri?: string; arguments?: Record<string, unknown> };
    const sessions = pools.sessionId as string[];
    switch (method) {
      case 'tools/call':
        return mcpTools.some((t) => t.name === p.name) ? 'result' : -32602;
      case 'prompts/get': {
        if (p.name !== 'resume_session') return -32602;
        const id = p.arguments?.session_id;
        return id === undefined || sessions.includes(id as string) ? 'result' : -32602;
      }
      case 'resources/read': {
        const match = /^shadow:\/\/sessions\/([^/]+)\/(transcript|toc)$/.exec(p.uri ?? '');
        return URL.canParse(p.uri ?? '') && match && sessions.includes(match[1]!) ? 'result' : -32602;
      }
      default:
        return 'result';
    }
  }

  it('answers malformed requests with -32602 and well-formed ones with a result, never -32603', async () => {
    const tally = newTally();
    const sessions = pools.sessionId as string[];
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
        {
          name: fc.oneof(hostileString, fc.constantFrom(...mcpTools.map((t) => t.name), 'resume_session')),
          arguments: fc.oneof(
            anyJson,
            fc.record({ session_id: fc.oneof(hostileString, fc.constantFrom(...sessions, 'ses_doesnotexist')) }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          uri: fc.oneof(
            hostileString,
            fc.constantFrom(
              'shadow://sessions/x/toc',
              'shadow://sessions/%%/transcript',
              'shadow://sessions/ses_doesnotexist/toc',
              'file:///etc/passwd',
              ...sessions.flatMap((id) => [`shadow://sessions/${id}/toc`, `shadow://sessions/${id}/transcript`]),
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(methods, params, async (method, p) => {
        tally.cases++;
        const sent = JSON.parse(JSON.stringify(p ?? null)) ?? undefined;
        const answer = await rawRpc(method, sent);
        const expected = expectedRpc(method, sent);
        const what = `${method} ${JSON.stringify(sent)?.slice(0, 200)}: ${answer.error?.message ?? 'a result'}`;
        expect(answer.error ? answer.error.code : 'result', what).toBe(expected);
        if (answer.error) tally.refused++;
        else tally.accepted++;
      }),
      { seed: SEED, numRuns: RAW_MCP_CASES, endOnFailure: true },
    );
    await stillAnswering('malformed MCP requests', tally, RAW_MCP_CASES);
    expect(tally.accepted / tally.cases, 'share of requests answered with a result').toBeGreaterThanOrEqual(MIN_SHARE_PAST_VALIDATION);
  }, 120_000);
});

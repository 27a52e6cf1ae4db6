import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeZodError } from '../../src/core/api/operation-errors';
import { callFromWindow } from '../../src/main/operation-call';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { operations, type Coverage, type OperationKey } from '../../src/shared/contract/index';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { runShadow } from '../helpers/shadow-process';

/**
 * The same call through every surface (HTTP, IPC, MCP, the CLI) must fail the same way: one adapter
 * core validates, runs and maps errors. Each surface names the field its own way (`limit`, `--limit`);
 * what is wrong with it is the same text everywhere.
 */

let home: TempShadowHome;
let engine: RunningEngine;
let mcp: Client;
let sessionId: string;

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

async function http(path: string): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const res = await fetch(`${engine.http.url}/api/v1${path}`, { headers: { authorization: `Bearer ${engine.token}` } });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
}

const ipc = (key: OperationKey, input: unknown) => callFromWindow(key, engine.handlers[key] as (input: unknown) => unknown, input, true);

async function tool(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
  const result = (await mcp.callTool({ name, arguments: args })) as ToolResult;
  return { isError: result.isError === true, text: result.content.map((c) => c.text).join('\n') };
}

const shadow = (...args: string[]) => runShadow(args, home.env);

beforeAll(async () => {
  home = createTempShadowHome('shadow-adapter-core-');
  process.env.SHADOW_HOME = home.home;
  process.env.SHADOW_PROFILE = 'default';
  const day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger.xlsx', seconds: 300 },
    { app: 'Firefox', title: 'Bank portal', seconds: 120 },
  ]);
  engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false }, env: {} });
  await engine.replayDone;
  sessionId = (await engine.handlers.createSession({ type: 'ticket', title: 'Ledger export bug', tools: [] })).id;
  await engine.handlers.sendMessage({ id: sessionId, content: 'The ledger export drops a column' });
  await engine.core.sessions.idle();
  const server = createMcpServer({
    handlers: engine.handlers,
    liveActivity: async () => null,
    recentImages: () => ({ refused: 'not in this test' }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = new Client({ name: 'adapter-core-test', version: '1.0.0' });
  await mcp.connect(clientSide);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await engine?.stop();
  home?.remove();
});

describe('one adapter core behind every surface', { timeout: 60_000 }, () => {
  it('refuses the same bad input with the same message through HTTP, IPC, MCP and the CLI', async () => {
    const parsed = operations.listSessions.input.safeParse({ limit: 501 });
    if (parsed.success) throw new Error('the contract should refuse 501 sessions');
    const issue = describeZodError(parsed.error).replace(/^limit: /, '');
    expect(issue).toMatch(/500/);

    const viaHttp = await http('/sessions?limit=501');
    expect(viaHttp).toEqual({
      status: 400,
      body: { error: { code: 'invalid_input', message: `Invalid input for listSessions: limit: ${issue}` } },
    });
    expect(await ipc('listSessions', { limit: 501 })).toEqual({ ok: false, error: viaHttp.body.error });
    expect(await tool('list_sessions', { limit: 501 })).toEqual({
      isError: true,
      text: `Invalid arguments for list_sessions: limit: ${issue}`,
    });
    const viaCli = await shadow('sessions', '--limit', '501');
    expect(viaCli.code).toBe(2);
    expect(viaCli.stderr.trim()).toBe(`shadow: Invalid option: --limit: ${issue}`);
  });

  it('maps a domain not-found to 404, the IPC code not_found and an MCP tool error, with one message', async () => {
    const message = 'Session ses_doesnotexist was not found';
    expect(await http('/sessions/ses_doesnotexist/toc')).toEqual({ status: 404, body: { error: { code: 'not_found', message } } });
    expect(await ipc('sessionToc', { id: 'ses_doesnotexist' })).toEqual({ ok: false, error: { code: 'not_found', message } });
    expect(await tool('session_toc', { session_id: 'ses_doesnotexist' })).toEqual({
      isError: true,
      text: `Invalid arguments for session_toc: ${message}`,
    });
  });

  it('gives the CLI exit 2 for invalid input and exit 1 for a conflict, with the domain’s message', async () => {
    const out = join(home.home, 'export');
    expect((await shadow('export', sessionId, '--out', out)).code).toBe(0);
    const again = await shadow('import', out);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      `shadow: Session ${sessionId} already exists; delete it first (shadow sessions delete ${sessionId}, or Delete in the window) or import into another profile.`,
    );
    const broken = join(home.home, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'session.json'), '{"not":"a session"}');
    writeFileSync(join(broken, 'messages.jsonl'), '');
    const invalid = await shadow('import', broken);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/is this a folder written by `shadow export`\?/);
  });

  it('answers a CLI read with what HTTP answers, from the same operation', async () => {
    const cli = await shadow('today', '--date', '2026-11-02', '--json');
    expect(cli.code, cli.stderr).toBe(0);
    const get = async (path: string): Promise<unknown> =>
      (await fetch(`${engine.http.url}/api/v1${path}`, { headers: { authorization: `Bearer ${engine.token}` } })).json();
    const day = (await get('/day?date=2026-11-02')) as { apps: { app: string }[] };
    const coverage = (await get('/observation/coverage?date=2026-11-02')) as Coverage;
    const { coverage: cliCoverage, ...cliDay } = JSON.parse(cli.stdout) as { coverage: Coverage };
    expect(cliDay).toEqual(day);
    // The replaying engine's clock stopped at the end of the recorded day; the CLI's is now, so it sees the rest of the day too.
    expect(cliCoverage.stretches.slice(0, coverage.stretches.length)).toEqual(coverage.stretches);
    expect(cliCoverage.stretches.slice(coverage.stretches.length).map((s) => s.reason)).toEqual(['not_running']);
    expect(day.apps.map((a) => a.app)).toEqual(['Excel', 'Firefox']);
  });

  it('gives MCP tools the contract’s limits', async () => {
    const { tools } = await mcp.listTools();
    const maximum = (name: string): unknown =>
      (tools.find((t) => t.name === name)?.inputSchema.properties?.limit as { maximum?: number } | undefined)?.maximum;
    expect(maximum('search_session')).toBe(200);
    expect(maximum('search_session')).toBe(operations.searchSession.input.shape.limit.unwrap().out.maxValue);
    expect(maximum('search_all_sessions')).toBe(operations.searchAll.input.shape.limit.unwrap().out.maxValue);
    expect(maximum('search_screen')).toBe(operations.searchScreen.input.shape.limit.unwrap().out.maxValue);
    expect(maximum('list_sessions')).toBe(operations.listSessions.input.shape.limit.unwrap().out.maxValue);
    const hits = await tool('search_session', { session_id: sessionId, query: 'ledger', limit: 200 });
    expect(hits.isError).toBe(false);
    expect(hits.text).toContain('turn 1');
  });
});

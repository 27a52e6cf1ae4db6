import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCount } from '../../src/core/llm/tokens';
import { imagesOf } from '../../src/core/observe/frame';
import { readingToolCalls } from '../fixtures/mcp-tool-calls';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { readFileSync } from 'node:fs';

let engine: RunningEngine;
let sessionId: string;
/** What the demo day's generator says the replay must record. */
const expected = JSON.parse(readFileSync('profiles/demo/expected-app-time.json', 'utf8')) as {
  date: string;
  privateSeconds: number;
  apps: { app: string; seconds: number }[];
};
const clients: Record<'http' | 'stdio', Client> = {} as never;

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: any };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
const text = (r: ToolResult): string => r.content.map((c) => c.text).join('\n');

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'shadow-mcp-'));
  process.env.SHADOW_HOME = home;
  process.env.SHADOW_API_TOKEN = 'mcp-test-token-0123456789';
  engine = await startEngine({ port: 0, replayDir: resolve('profiles/demo/day') });
  await engine.replayDone;
  await engine.core.ocr.whenIdle();

  // A scripted conversation: first about the ledger, then about the bank portal.
  const session = await engine.handlers.createSession({ type: 'chat', tools: [] });
  sessionId = session.id;
  const prompts = [
    'How long was I in the ledger today?',
    'Reconcile the ledger entries for vendor Acme Supplies',
    'Which ledger rows still need a receipt?',
    'Open the Northwind Bank portal statement for November',
    'Compare the bank statement balance with the ledger total',
  ];
  for (const content of prompts) await engine.handlers.sendMessage({ id: sessionId, content });
  await engine.core.sessions.idle();

  clients.http = new Client({ name: 'test-http', version: '1.0.0' });
  await clients.http.connect(
    new StreamableHTTPClientTransport(new URL(`${engine.http.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${engine.token}` } },
    }),
  );
  clients.stdio = new Client({ name: 'test-stdio', version: '1.0.0' });
  await clients.stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [resolve('bin/shadow.js'), 'mcp'],
      env: { ...(process.env as Record<string, string>), SHADOW_HOME: home },
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([clients.http?.close(), clients.stdio?.close()]);
  await engine?.stop();
});

describe.each(['http', 'stdio'] as const)('MCP over %s', (transport) => {
  it('lists the tools with descriptions and input schemas', async () => {
    const { tools } = await clients[transport].listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'current_session',
        'list_sessions',
        'session_toc',
        'session_title_history',
        'get_turn',
        'get_turns',
        'search_session',
        'search_all_sessions',
        'get_relevant_context',
        'set_relevant_context',
        'current_activity',
        'app_time',
        'work_session_summary',
        'search_screen',
        'get_moment',
      ]),
    );
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('app_time reports the replayed demo day per app, with private time unnamed', async () => {
    const result = await call(clients[transport], 'app_time', { date: expected.date });
    expect(result.isError).toBeFalsy();
    const apps = result.structuredContent.apps as { app: string; seconds: number }[];
    expect(apps.map((a) => a.app)).toEqual(expected.apps.map((a) => a.app));
    for (const [i, app] of expected.apps.entries()) expect(Math.abs(apps[i]!.seconds - app.seconds) / app.seconds).toBeLessThan(0.01);
    expect(text(result)).toContain(`- Microsoft Excel: `);
    expect(text(result)).toContain('"Ledger 2026.xlsx - Excel": ');
    expect(result.structuredContent.privateSeconds).toBeCloseTo(expected.privateSeconds, -1);
    expect(text(result)).not.toMatch(/1Password|vault/i);
  });

  it('current_activity reads the live state of the running app and the task theory, without images by default', async () => {
    const result = await call(clients[transport], 'current_activity');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('Capture: stopped');
    // "Now" from the latest span and its task: the replay ended, so what was last seen and when.
    expect(text(result)).toMatch(/^Now: Observation stopped at .+; last seen: .+/);
    expect(text(result)).toMatch(/Last significant change: (?!none)/);
    expect(text(result)).toMatch(/Task theory, as written at [^:]+:\d\d.*?: (?!none)/);
    expect(text(result)).not.toMatch(/1Password|vault/i);
    expect(result.content.every((c) => c.type === 'text')).toBe(true);
    const asked = await call(clients[transport], 'current_activity', { include_images: true });
    expect(text(asked)).toMatch(/Screenshots not sent: .*mcpAllowImages/);
    expect(asked.content.every((c) => c.type === 'text')).toBe(true);
  });

  it('current_session defaults to the most recent session and shows its TOC', async () => {
    const result = await call(clients[transport], 'current_session');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain(sessionId);
    expect(text(result)).toContain('5 turns');
    expect(text(result)).toMatch(/1\. How long was I in the ledger today\?/);
    expect(text(result)).toMatch(/5\. Compare the bank statement balance with the ledger total/);
  });

  it('list_sessions, session_toc and session_title_history describe the conversation', async () => {
    expect(text(await call(clients[transport], 'list_sessions', { limit: 5 }))).toContain(sessionId);
    const toc = await call(clients[transport], 'session_toc', { session_id: sessionId });
    expect(toc.structuredContent.totalTurns).toBe(5);
    expect(toc.structuredContent.entries.map((e: { turn: number }) => e.turn)).toEqual([1, 2, 3, 4, 5]);
    const history = await call(clients[transport], 'session_title_history');
    expect(history.isError).toBeFalsy();
    expect(history.structuredContent.entries.length).toBeGreaterThanOrEqual(1);
    for (const entry of history.structuredContent.entries) expect(entry.turn).toBeGreaterThanOrEqual(1);
  });

  it('get_turn and get_turns return turns in full with their neighbours', async () => {
    const turn = await call(clients[transport], 'get_turn', { turn: 2 });
    expect(text(turn)).toContain('User: Reconcile the ledger entries for vendor Acme Supplies');
    expect(text(turn)).toMatch(/Previous: 1\. How long was I in the ledger/);
    expect(text(turn)).toMatch(/Next: 3\. Which ledger rows/);
    const range = await call(clients[transport], 'get_turns', { from: 4, to: 5 });
    expect(range.structuredContent.turns.map((t: { number: number }) => t.number)).toEqual([4, 5]);
  });

  it('search_session and search_all_sessions find a word with its turn number', async () => {
    const inSession = await call(clients[transport], 'search_session', { query: 'Northwind' });
    expect(inSession.structuredContent.hits[0]).toMatchObject({ sessionId, turn: 4 });
    const everywhere = await call(clients[transport], 'search_all_sessions', { query: 'receipt', limit: 5 });
    expect(everywhere.structuredContent.hits.map((h: { turn: number }) => h.turn)).toContain(3);
  });

  it('serves the transcript and TOC as resources and the resume block as a prompt', async () => {
    const client = clients[transport];
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining([`shadow://sessions/${sessionId}/transcript`, `shadow://sessions/${sessionId}/toc`]),
    );
    const transcript = await client.readResource({ uri: `shadow://sessions/${sessionId}/transcript` });
    expect((transcript.contents[0] as { text: string }).text).toContain('Compare the bank statement balance');
    const prompt = await client.getPrompt({ name: 'resume_session', arguments: { session_id: sessionId } });
    const block = (prompt.messages[0]!.content as { text: string }).text;
    expect(block).toContain('[RESUMED CONVERSATION]');
    expect(block).toMatch(/5 (exchanges|turns)/);
  });

  it('search_screen finds text read on screen with its app and time, never from private windows', async () => {
    const result = await call(clients[transport], 'search_screen', { query: '4471' });
    expect(result.isError).toBeFalsy();
    const hits = result.structuredContent.hits as { app: string; title: string }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(text(result)).toMatch(/4471/);
    const app = hits[0]!.app;
    const onlyThatApp = await call(clients[transport], 'search_screen', { query: '4471', app });
    expect(new Set(onlyThatApp.structuredContent.hits.map((h: { app: string }) => h.app))).toEqual(new Set([app]));
    const vault = await call(clients[transport], 'search_screen', { query: 'vault' });
    expect(vault.structuredContent.hits.filter((h: { app: string }) => h.app === '1Password')).toEqual([]);
  });

  it('get_moment opens a search hit: its window, the text read then, and the moments around it', async () => {
    const [hit] = (await call(clients[transport], 'search_screen', { query: '4471', app: 'Adobe Acrobat Reader' })).structuredContent.hits;
    const result = await call(clients[transport], 'get_moment', { at: hit.at, screen_text_id: hit.id });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ at: hit.at, kind: 'app', app: 'Adobe Acrobat Reader', windowTitle: hit.title });
    expect(result.structuredContent.screenText.id).toBe(hit.id);
    expect(text(result)).toContain('4471');
    expect(text(result)).toContain('Screenshot: Screenshots are not kept');
    expect(Date.parse(result.structuredContent.previous.at)).toBeLessThan(Date.parse(hit.at));
    expect(Date.parse(result.structuredContent.next.at)).toBeGreaterThan(Date.parse(hit.at));
    const bad = await call(clients[transport], 'get_moment', { at: 'yesterday' });
    expect(bad.isError).toBe(true);
  });

  it('set_relevant_context replaces and merges a set that get_relevant_context reads back', async () => {
    const client = clients[transport];
    const ticket = `AP-${transport}`;
    const set = await call(client, 'set_relevant_context', { session_id: sessionId, set_name: 'tickets', items: [ticket] });
    expect(set.isError).toBeFalsy();
    await call(client, 'set_relevant_context', { set_name: 'tickets', items: [ticket, 'AP-2'], mode: 'merge' });
    const read = await call(client, 'get_relevant_context', { set_name: 'tickets' });
    expect(read.structuredContent.context.tickets).toEqual([ticket, 'AP-2']);
    expect(text(read)).toContain(`tickets: ${ticket}, AP-2`);
    const tooMany = await call(client, 'set_relevant_context', {
      set_name: 'tickets',
      items: Array.from({ length: 11 }, (_, i) => `T-${i}`),
    });
    expect(tooMany.isError).toBe(true);
    const badFile = await call(client, 'set_relevant_context', { set_name: 'files', items: ['relative/path.md'] });
    expect(badFile.isError).toBe(true);
    expect(text(badFile)).toMatch(/absolute/);
    expect((await call(client, 'get_relevant_context')).structuredContent.context.tickets).toEqual([ticket, 'AP-2']);
  });

  it('work_session_summary describes the latest work session from the replayed day', async () => {
    const result = await call(clients[transport], 'work_session_summary');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toMatch(/^Work session \d+ \(completed\)/);
    expect(text(result)).toContain('Microsoft Excel');
    expect(result.structuredContent.tasks.length).toBeGreaterThan(0);
    expect(text(result)).not.toMatch(/1Password/);
  });

  it('answers bad arguments with an error that says what was wrong, and keeps serving', async () => {
    const tooLong = await call(clients[transport], 'get_turns', { from: 1, to: 40 });
    expect(tooLong.isError).toBe(true);
    expect(text(tooLong)).toMatch(/at most 20 turns/);
    const unknown = await call(clients[transport], 'get_turn', { session_id: 'ses_doesnotexist', turn: 1 });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/not found/i);
    const overLimit = await call(clients[transport], 'search_all_sessions', { query: 'ledger', limit: 201 });
    expect(overLimit.isError).toBe(true);
    const badId = await call(clients[transport], 'session_toc', { session_id: '../etc' });
    expect(badId.isError).toBe(true);
    const bad = await call(clients[transport], 'app_time', { date: 'yesterday' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/date/);
    const unknownSession = await call(clients[transport], 'app_time', { work_session_id: 999 });
    expect(unknownSession.isError).toBe(true);
    expect(text(unknownSession)).toMatch(/Work session 999 was not found/);
    const wrongType = await call(clients[transport], 'app_time', { work_session_id: 'one' });
    expect(wrongType.isError).toBe(true);
    const again = await call(clients[transport], 'app_time', { date: '2026-11-02' });
    expect(again.isError).toBeFalsy();
  });
});

describe.each(['http', 'stdio'] as const)('MCP answers sized for agents, over %s', (transport) => {
  const size = (r: ToolResult): number =>
    tokenCount(text(r)) + (r.structuredContent === undefined ? 0 : tokenCount(JSON.stringify(r.structuredContent)));

  it('keeps every tool answer within 4,000 tokens on the demo day, the summary first', async () => {
    const hit = (await engine.handlers.searchScreen({ q: 'invoice', limit: 1 })).hits[0]!;
    const calls = readingToolCalls(expected.date, hit, 5);
    for (const [name, args] of calls) {
      const result = await call(clients[transport], name, args);
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      expect(size(result), name).toBeLessThanOrEqual(4000);
    }
    const summary = await call(clients[transport], 'work_session_summary');
    expect(text(summary).split('\n').slice(0, 2).join('\n')).toMatch(/^Work session \d+ \(completed\).*\nSummary \(final, /);
    expect(summary.structuredContent.latestSummary.kind).toBe('final');
    expect(summary.structuredContent).not.toHaveProperty('summaries');
  });

  it('pages the work session within a lower max_tokens: every task once, in order, each page within it', async () => {
    const detail = await engine.handlers.getWorkSession({ id: (await engine.handlers.listWorkSessions({ limit: 1 })).workSessions[0]!.id });
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call(clients[transport], 'work_session_summary', { max_tokens: 1500, ...(cursor && { cursor }) });
      expect(page.isError, text(page)).toBeFalsy();
      expect(size(page)).toBeLessThanOrEqual(1500);
      seen.push(...(page.structuredContent.tasks as Array<{ id: number }>).map((t) => t.id));
      cursor = page.structuredContent.page.nextCursor ?? undefined;
      if (cursor) expect(text(page)).toContain(`call again with cursor "${cursor}"`);
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBeGreaterThan(2);
    expect(seen).toEqual(detail.tasks.map((t) => t.id));
  });

  it('cuts an answer that is over the budget and says so; a bad cursor is an error that says what one is', async () => {
    const turn = await call(clients[transport], 'get_turn', { turn: 1, max_tokens: 200 });
    expect(turn.isError).toBeFalsy();
    expect(size(turn)).toBeLessThanOrEqual(200);
    expect(text(turn)).toContain('[Answer cut to fit the answer budget of 200 tokens');
    expect(turn.structuredContent.budget).toMatchObject({ maxTokens: 200, cut: true });
    const whole = await call(clients[transport], 'get_turn', { turn: 1 });
    expect(text(whole)).not.toContain('cut to fit');
    const bad = await call(clients[transport], 'session_toc', { cursor: 'next please' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/a cursor is the page\.nextCursor of an earlier answer/);
    const past = await call(clients[transport], 'session_toc', { cursor: 'p999' });
    expect(text(past)).toMatch(/past the end/);
    const tooMany = await call(clients[transport], 'app_time', { max_tokens: 5000 });
    expect(tooMany.isError).toBe(true);
  });

  it('records which agent read which tool and how much, for the privacy report', async () => {
    await call(clients[transport], 'app_time', { date: expected.date });
    // The stdio server runs on the real clock, the replaying engine on the demo day's.
    const date = transport === 'http' ? expected.date : new Date().toISOString().slice(0, 10);
    const report = await engine.handlers.privacyReport({ date });
    const reads = report.agentReads.filter((r) => r.agent === `test-${transport}`);
    expect(reads.map((r) => r.transport)).toEqual(reads.map(() => transport));
    const appTime = reads.find((r) => r.tool === 'app_time')!;
    expect(appTime.calls).toBeGreaterThanOrEqual(2);
    expect(appTime.tokens).toBeGreaterThan(0);
    expect(appTime.bytes).toBeGreaterThan(appTime.tokens);
    expect(reads.find((r) => r.tool === 'work_session_summary')!.paged).toBeGreaterThan(2);
  });
});

describe('MCP screenshots', () => {
  it('sends the recent frames as images only where the user allowed it', async () => {
    const frames = imagesOf(engine.core.observer.recentFrames());
    const server = createMcpServer({
      handlers: engine.handlers,
      liveActivity: async () => engine.core.observer.immediateContext(),
      recentImages: () => ({ images: frames }),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test-images', version: '1.0.0' });
    await client.connect(clientSide);
    const result = (await client.callTool({ name: 'current_activity', arguments: { include_images: true } })) as {
      content: { type: string; data?: string; mimeType?: string }[];
    };
    const images = result.content.filter((c) => c.type === 'image');
    expect(images).toHaveLength(frames.length);
    expect(images[0]).toMatchObject({ mimeType: 'image/jpeg', data: frames[0]!.toString('base64') });
    await client.close();
  });
});

describe('MCP over HTTP security', () => {
  it('refuses /mcp without the token', async () => {
    const res = await fetch(`${engine.http.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { writeTinyDay } from '../helpers/tiny-day';

let engine: RunningEngine;
const clients: Record<'http' | 'stdio', Client> = {} as never;

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: any };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
const text = (r: ToolResult): string => r.content.map((c) => c.text).join('\n');

beforeAll(async () => {
  const home = mkdtempSync(join(tmpdir(), 'shadow-mcp-'));
  process.env.SHADOW_HOME = home;
  process.env.SHADOW_API_TOKEN = 'mcp-test-token-0123456789';
  const day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger 2026.xlsx', seconds: 300 },
    { app: 'Chrome', title: 'Northwind Bank', seconds: 120 },
    { app: 'KeePassXC', title: 'Passwords.kdbx', seconds: 60 },
  ]);
  engine = await startEngine({ port: 0, replayDir: day });
  await engine.replayDone;

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
    expect(names).toEqual(expect.arrayContaining(['current_activity', 'app_time']));
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('app_time reports the replayed day per app, with private time unnamed', async () => {
    const result = await call(clients[transport], 'app_time', { date: '2026-11-02' });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('- Excel: 5m 00s');
    expect(text(result)).toContain('"Ledger 2026.xlsx": 5m 00s');
    expect(text(result)).toContain('- Chrome: 2m 00s');
    expect(text(result)).toMatch(/private 1m 00s/);
    expect(text(result)).not.toMatch(/KeePass|Passwords/);
    expect(result.structuredContent.apps[0]).toMatchObject({ app: 'Excel', seconds: 300 });
  });

  it('current_activity reads the live state of the running app', async () => {
    const result = await call(clients[transport], 'current_activity');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('capture is stopped');
    expect(text(result)).toContain('Switched from Excel to Chrome');
    expect(text(result)).not.toMatch(/KeePass|Passwords/);
  });

  it('answers bad arguments with an error that says what was wrong, and keeps serving', async () => {
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

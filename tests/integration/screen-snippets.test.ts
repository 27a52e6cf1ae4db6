import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { DEMO_DAY_DIR } from '../fixtures/recall-replay';
import { demoScreenRecognizer } from '../helpers/demo-screen-recognizer';
import { runShadow } from '../helpers/shadow-process';

const DAY_MS = 86_400_000;
let engine: RunningEngine;
let home: string;
let mcp: Client;

/** Synthetic screens of earlier days: the same numbers in several apps, so one search hits many different texts. */
const SCREENS = [
  {
    app: 'Microsoft Excel',
    title: 'Ledger 2025.xlsx - Excel',
    text: (n: number) => `General ledger reconciliation\nEntry INV-${n} Globex Logistics ${n % 900}.00 matched`,
  },
  {
    app: 'Google Chrome',
    title: 'Northwind Bank — Business Portal',
    text: (n: number) => `Account activity\nACH payment reference INV-${n}\nPending approval`,
  },
  {
    app: 'Microsoft Outlook',
    title: 'Inbox - dana@example.com',
    text: (n: number) => `From accounts@initech.example\nInvoice ${n} attached, terms net 30`,
  },
  { app: 'Slack', title: '#finance - Slack', text: (n: number) => `#finance\nCan someone check invoice ${n} from Umbrella Facilities?` },
  {
    app: 'Adobe Acrobat Reader',
    title: `Invoice.pdf - Adobe Acrobat Reader`,
    text: (n: number) => `STARK OFFICE SUPPLY INVOICE ${n}\nTotal due ${n % 700}.50`,
  },
];

async function get(path: string): Promise<any> {
  const res = await fetch(`${engine.http.url}${path}`, { headers: { authorization: `Bearer ${engine.token}` } });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** The row a hit names, found by id or else by its time, app and window. */
function rowOf(hit: { id?: number; at: string; app: string; title: string }): { text: string; title: string; app: string } {
  if (hit.id !== undefined) return engine.core.screenText.get(hit.id)!;
  const rows = engine.core.screenText.textBetween(Date.parse(hit.at), Date.parse(hit.at) + 1, 50);
  const row = rows.find((r) => r.app === hit.app && r.title === hit.title);
  if (!row) throw new Error(`no row at ${hit.at} in ${hit.app} — ${hit.title}`);
  return row;
}

/** Every hit's snippet is a passage of its own frame: each of its words is in that row's text or title. */
function expectOwnSnippets(hits: readonly { id?: number; at: string; app: string; title: string; snippet: string }[], what: string): void {
  expect(hits.length, what).toBeGreaterThanOrEqual(5);
  for (const hit of hits) {
    const row = rowOf(hit);
    const own = `${row.text}\n${row.title}\n${row.app}`.replace(/\s+/g, ' ');
    const passage = hit.snippet.replace(/\*\*/g, '').replace(/…/g, ' ').replace(/\s+/g, ' ').trim();
    for (const word of passage.split(' ')) expect(own, `${what}: “${word}” of ${hit.app} — ${hit.title}`).toContain(word);
    expect(hit.snippet, what).toMatch(/\*\*[^*]+\*\*/);
  }
  // The bug this guards against: one frame's text as every hit's snippet.
  const apps = new Set(hits.map((h) => h.app));
  expect(new Set(hits.map((h) => h.snippet)).size, what).toBeGreaterThanOrEqual(apps.size);
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-snippets-'));
  process.env.SHADOW_HOME = home;
  delete process.env.SHADOW_API_TOKEN;
  engine = await startEngine({ port: 0, replayDir: DEMO_DAY_DIR, ocrRecognizer: demoScreenRecognizer(DEMO_DAY_DIR) });
  await engine.replayDone;
  await engine.core.ocr.whenIdle();
  // Four earlier days of screen text beside the demo day (one of them mentions 4471 in every app).
  const dayStart = Date.parse('2026-03-06T09:00:00Z');
  for (let day = 0; day < 4; day++)
    for (let i = 0; i < 60; i++) {
      const screen = SCREENS[i % SCREENS.length]!;
      const n = day === 2 && i % 6 === 0 ? 4471 : 2000 + day * 100 + i;
      engine.core.screenText.insert({
        atMs: dayStart + day * DAY_MS + i * 240_000,
        app: screen.app,
        title: screen.title,
        text: screen.text(n),
      });
    }
  mcp = new Client({ name: 'snippets', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${engine.http.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${engine.token}` } },
    }),
  );
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await engine?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('every screen-search hit shows its own frame’s text, on every surface', () => {
  it('HTTP /search/screen', async () => {
    for (const q of ['4471', 'invoice', 'acme supplies', 'pending approval']) {
      const body = await get(`/api/v1/search/screen?q=${encodeURIComponent(q)}&limit=60`);
      expectOwnSnippets(body.hits, `search/screen ${q}`);
    }
    const hits = (await get('/api/v1/search/screen?q=4471&limit=60')).hits as { app: string; snippet: string }[];
    expect(new Set(hits.map((h) => h.app)).size).toBeGreaterThanOrEqual(5);
    expect(hits.find((h) => h.app === 'Adobe Acrobat Reader' && h.snippet.includes('ACME SUPPLIES INC'))).toBeDefined();
    expect(hits.find((h) => h.app === 'Google Chrome' && /VB-1043|ACH/.test(h.snippet))).toBeDefined();
  });

  it('HTTP /search with screen=true (searchAll)', async () => {
    const body = await get('/api/v1/search?q=4471&screen=true&limit=60');
    expectOwnSnippets(body.screen, 'searchAll');
  });

  it('MCP search_screen', async () => {
    const result = (await mcp.callTool({ name: 'search_screen', arguments: { query: '4471', limit: 60 } })) as { structuredContent: any };
    expectOwnSnippets(result.structuredContent.hits, 'search_screen');
  });

  it('CLI shadow search --screen', async () => {
    const { stdout } = await runShadow(['search', '4471', '--screen', '--limit', '60', '--json'], { ...process.env, SHADOW_HOME: home });
    expectOwnSnippets(JSON.parse(stdout).screen.hits, 'shadow search --screen');
  });

  it('the chat’s answer to “when did I see invoice 4471 today?”: each piece of evidence quotes the frame it opens', async () => {
    const session = await engine.handlers.createSession({ type: 'chat', tools: [] });
    const { turn } = await engine.handlers.sendMessage({ id: session.id, content: 'when did I see invoice 4471 today?' });
    const quoted = turn.evidence.filter((e) => e.open.screenTextId !== null);
    expectOwnSnippets(
      quoted.map((e) => ({ id: e.open.screenTextId!, at: e.at, app: e.app!, title: e.windowTitle!, snippet: e.snippet })),
      'chat evidence',
    );
    // The reply names each window with its times; the quotes go with the turn's evidence, each from its own frame.
    expect(turn.reply).toMatch(/^- Adobe Acrobat Reader, “Invoice-4471\.pdf - Adobe Acrobat Reader”: \d/m);
    const pdf = turn.evidence.find((e) => e.windowTitle === 'Invoice-4471.pdf - Adobe Acrobat Reader');
    expect(pdf?.snippet).toMatch(/ACME SUPPLIES INC/);
    expect(pdf?.snippet).not.toMatch(/From Subject Received/);
  });
});

describe('a moment (what the evidence view opens)', () => {
  it('answers the window, the text read then and the moments around it, and says screenshots are not kept', async () => {
    const [hit] = (await get('/api/v1/search/screen?q=total%20due&app=Adobe%20Acrobat%20Reader&from=2026-03-10')).hits;
    const moment = await get(`/api/v1/moments?at=${encodeURIComponent(hit.at)}&screenTextId=${hit.id}`);
    expect(moment).toMatchObject({ at: hit.at, kind: 'app', app: 'Adobe Acrobat Reader', windowTitle: hit.title });
    expect(moment.screenText.text).toContain('Total due');
    expect(moment.frame).toMatchObject({ kept: false, path: null, dataUrl: null });
    expect(moment.frame.note).toMatch(/keepScreenshots/);
    const previous = await get(`/api/v1/moments?at=${encodeURIComponent(moment.previous.at)}`);
    expect(Date.parse(previous.at)).toBeLessThan(Date.parse(moment.at));
    expect(Date.parse(previous.next.at)).toBeLessThanOrEqual(Date.parse(moment.at));
  });

  it('names no private window and reads no text there; a bad time or an unknown id is a clear error', async () => {
    const vault = engine.core.activity.appSpans({ startMs: 0, endMs: Date.now() }).length;
    expect(vault).toBeGreaterThan(0);
    const privateAt = '2026-03-10T10:15:30Z';
    const moment = await get(`/api/v1/moments?at=${privateAt}`);
    expect(moment.kind).toBe('private');
    expect(moment).toMatchObject({ app: null, windowTitle: null, screenText: null });
    const bad = await fetch(`${engine.http.url}/api/v1/moments?at=yesterday`, { headers: { authorization: `Bearer ${engine.token}` } });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${engine.http.url}/api/v1/moments?at=${privateAt}&screenTextId=999999`, {
      headers: { authorization: `Bearer ${engine.token}` },
    });
    expect(missing.status).toBe(404);
  });
});

import { databaseOf } from '../../src/core/shadow-core';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../src/core/ocr/screen-query';
import { passageKey, REPEAT_GAP_MS } from '../../src/core/ocr/screen-sightings';
import { SIGHTINGS_WINDOW } from '../../src/core/store/repositories/screen-text-repository';
import type { ScreenSearchHit, ScreenSearchResult, SearchAllResult } from '../../src/shared/contract/index';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { DEMO_DAY_DIR } from '../fixtures/recall-replay';
import { demoScreenRecognizer } from '../helpers/demo-screen-recognizer';

/**
 * Search counts true and reads once, on every surface, over the demo day read by OCR: the same line in
 * the same window seen again within minutes is one hit; HTTP, MCP and the CLI say how many hits there
 * are in all and bring the next page by cursor.
 */

const run = promisify(execFile);
let engine: RunningEngine;
let home: string;
let mcp: Client;

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${engine.http.url}/api/v1${path}`, { headers: { authorization: `Bearer ${engine.token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const searchScreen = (q: string, extra = ''): Promise<ScreenSearchResult> => get(`/search/screen?q=${encodeURIComponent(q)}${extra}`);

type ToolResult = { content: { text: string }[]; isError?: boolean; structuredContent: any };
const tool = async (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
  (await mcp.callTool({ name, arguments: args })) as ToolResult;

const shadow = async (...args: string[]): Promise<string> =>
  (await run(process.execPath, [resolve('bin/shadow.js'), ...args], { env: { ...process.env, SHADOW_HOME: home, TZ: 'UTC' } })).stdout;

/** Every page of a search, by its cursors. */
async function allPages(q: string, limit: number): Promise<ScreenSearchResult[]> {
  const pages = [await searchScreen(q, `&limit=${limit}`)];
  while (pages.at(-1)!.nextCursor) pages.push(await searchScreen(q, `&limit=${limit}&cursor=${pages.at(-1)!.nextCursor}`));
  return pages;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-search-counts-'));
  process.env.SHADOW_HOME = home;
  delete process.env.SHADOW_API_TOKEN;
  engine = await startEngine({ port: 0, replayDir: DEMO_DAY_DIR, ocrRecognizer: demoScreenRecognizer(DEMO_DAY_DIR) });
  await engine.replayDone;
  await engine.core.ocr.whenIdle();
  mcp = new Client({ name: 'search-counts', version: '1.0.0' });
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

describe('one hit for text seen again, counted true', () => {
  it('accounts for every frame that holds the words exactly once, in a hit of its window whose range covers it', async () => {
    for (const q of ['4471', 'invoice', 'acme supplies']) {
      const { hits, total, totalExact } = await searchScreen(q, '&limit=200');
      // The frames themselves, read past the search: every one that matched, ungrouped.
      const frames = engine.core.screenText.search({ match: toFtsQuery(q)!, limit: 10_000 });
      expect(totalExact).toBe(true);
      expect(hits).toHaveLength(total);
      expect(
        hits.reduce((sum, h) => sum + h.timesSeen, 0),
        q,
      ).toBe(frames.length);
      for (const frame of frames) {
        const covering = hits.filter(
          (h) =>
            h.app === frame.app &&
            h.title === frame.title &&
            Date.parse(h.firstAt) <= frame.atMs &&
            frame.atMs <= Date.parse(h.lastAt) &&
            passageKey(h.snippet) === passageKey(frame.snippet),
        );
        expect(covering.length, `${q}: ${frame.app} at ${new Date(frame.atMs).toISOString()}`).toBe(1);
      }
      // Two hits of one window and one line are more than the gap apart: otherwise they would be one.
      const byLine = new Map<string, ScreenSearchHit[]>();
      for (const h of hits) {
        const key = `${h.app}|${h.title}|${passageKey(h.snippet)}`;
        byLine.set(key, [...(byLine.get(key) ?? []), h]);
      }
      for (const same of byLine.values()) {
        const sorted = same.sort((a, b) => Date.parse(a.firstAt) - Date.parse(b.firstAt));
        for (let i = 1; i < sorted.length; i++)
          expect(Date.parse(sorted[i]!.firstAt) - Date.parse(sorted[i - 1]!.lastAt)).toBeGreaterThan(REPEAT_GAP_MS);
      }
    }
  });

  it('collapses a line read for half an hour into one hit, with other windows between its frames', async () => {
    const { hits } = await searchScreen('4471', '&limit=200');
    const long = hits.filter((h) => h.timesSeen >= 10);
    expect(long.length).toBeGreaterThan(0);
    for (const hit of long) {
      const [from, to] = [Date.parse(hit.firstAt), Date.parse(hit.lastAt)];
      expect(to - from).toBeGreaterThan(15 * 60_000);
      // Other windows had the focus in that stretch, and the hit is still one.
      const spans = engine.core.activity.appSpans({ startMs: from, endMs: to });
      expect(
        spans.some((s) => s.app !== hit.app || s.title !== hit.title),
        `${hit.app} ${hit.firstAt}`,
      ).toBe(true);
    }
  });
});

describe('counts and cursors on every surface', () => {
  let all: ScreenSearchHit[];
  beforeAll(async () => {
    all = (await searchScreen('4471', '&limit=200')).hits;
    expect(all.length).toBeGreaterThan(20);
  });

  it('HTTP /search/screen: the total on every page, and the cursors bring each hit once, in order', async () => {
    const pages = await allPages('4471', 20);
    expect(pages.map((p) => p.total)).toEqual(pages.map(() => all.length));
    expect(pages[0]!.hits).toHaveLength(20);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.hits.map((h) => h.id))).toEqual(all.map((h) => h.id));
  });

  it('HTTP /search (searchAll): the screen total and conversation total, one cursor paging both', async () => {
    const session = await engine.handlers.createSession({ type: 'chat', tools: [] });
    for (let i = 0; i < 3; i++) await engine.handlers.sendMessage({ id: session.id, content: `Where did I see invoice 4471 (${i})?` });
    const first = await get<SearchAllResult>('/search?q=4471&limit=2');
    expect(first).toMatchObject({ total: 3, screenTotal: all.length, screenTotalExact: true });
    expect(first.hits).toHaveLength(2);
    const screen = [...first.screen];
    const turns = [...first.hits];
    let page = first;
    while (page.nextCursor) {
      page = await get<SearchAllResult>(`/search?q=4471&limit=2&cursor=${page.nextCursor}`);
      screen.push(...page.screen);
      turns.push(...page.hits);
    }
    expect(turns.map((t) => t.turn).sort()).toEqual([1, 2, 3]);
    expect(screen.map((h) => h.id)).toEqual(all.map((h) => h.id));
    expect(screen.every((h) => h.timesSeen >= 1 && h.firstAt <= h.lastAt)).toBe(true);
  });

  it('MCP search_screen: the true total beside the default ten, and a cursor to the rest, also when the budget cuts a page', async () => {
    const first = await tool('search_screen', { query: '4471' });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent.page).toMatchObject({ offset: 0, returned: 10, total: all.length });
    expect(first.content[0]!.text).toContain(`${all.length} hits`);
    const ids: number[] = first.structuredContent.hits.map((h: ScreenSearchHit) => h.id);
    let cursor: string | null = first.structuredContent.page.nextCursor;
    // A small budget cuts pages short; the cursors still bring every hit once.
    while (cursor) {
      const next = await tool('search_screen', { query: '4471', cursor, max_tokens: 300 });
      expect(next.isError, next.content[0]?.text).toBeFalsy();
      expect(next.structuredContent.page.total).toBe(all.length);
      ids.push(...next.structuredContent.hits.map((h: ScreenSearchHit) => h.id));
      cursor = next.structuredContent.page.nextCursor;
    }
    expect(ids).toEqual(all.map((h) => h.id));
  });

  it('MCP search_screen lines say when in local time with the date, and how often a line was seen', async () => {
    const result = await tool('search_screen', { query: '4471', limit: 200 });
    const text = result.content[0]!.text;
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    const repeated = all.find((h) => h.timesSeen > 1)!;
    expect(text).toMatch(
      new RegExp(`Tue, 10 Mar 2026 \\d{2}:\\d{2}–\\d{2}:\\d{2} \\(seen ${repeated.timesSeen} times\\) · ${repeated.app}`),
    );
  });

  it('CLI shadow search: "showing 20 of N", and the command for the next page that brings it', async () => {
    const out = await shadow('search', '4471', '--screen');
    expect(out).toContain(`Screen text: showing 20 of ${all.length} hits for "4471", best first`);
    expect(out).toMatch(/\(seen \d+ times\)/);
    const next = /Next 20: shadow search 4471 --screen --cursor (\S+)/.exec(out);
    expect(next).not.toBeNull();
    const second = await shadow('search', '4471', '--cursor', next![1]!);
    expect(second).toContain(`showing 21–${Math.min(40, all.length)} of ${all.length} hits`);
    const json = JSON.parse(await shadow('search', '4471', '--screen', '--json', '--cursor', next![1]!)) as {
      screen: ScreenSearchResult;
    };
    expect(json.screen.hits.map((h) => h.id)).toEqual(all.slice(20, 40).map((h) => h.id));
    expect(json.screen.total).toBe(all.length);
  }, 120_000);
});

describe('MCP work_session_summary says each fact once, in local time with the date', () => {
  it('dates the work session, and its task lines repeat neither a duration, an app nor the brief', async () => {
    const result = await tool('work_session_summary', { max_tokens: 4000 });
    const text = result.content[0]!.text;
    // ISO times only in the structured content.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(result.structuredContent.workSession.startedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(text.split('\n')[0]).toMatch(/^Work session \d+ \(completed\): Tue, 10 Mar 2026 \d{2}:\d{2}–\d{2}:\d{2}; active /);
    const tasks = result.structuredContent.tasks as { name: string; durationSeconds: number; apps: string[]; brief: string }[];
    // The task lines come after their heading (the work threads above them are lines of their own).
    const taskPart = text.slice(text.indexOf('Tasks ('));
    const lines = taskPart.split('\n').filter((line) => line.startsWith('- ') && !line.startsWith('- Question'));
    expect(lines).toHaveLength(tasks.length);
    // Each work thread said once: the summary above names the same threads in the same words.
    const threadLines = text
      .slice(0, text.indexOf('Tasks ('))
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(threadLines.length).toBeGreaterThan(0);
    expect(new Set(threadLines).size).toBe(threadLines.length);
    tasks.forEach((task, i) => {
      const line = lines[i]!;
      expect(line).toMatch(/^- \d{2}:\d{2}–(\d{2}:\d{2}|now) /);
      expect(line.startsWith(`- ${line.slice(2, 13)} ${task.name}, `), line).toBe(true);
      for (const app of task.apps) expect(line.split(app).length - 1, `${app} in ${line}`).toBe(1);
      const duration = line.match(/\b(\d+h )?\d+m\b|\b\d+s\b/g) ?? [];
      expect(duration, line).toHaveLength(1);
      expect(line).not.toContain(task.brief);
    });
  });
});

describe('a search that matched more than it read', () => {
  it('says "at least" on every surface, and still pages on', async () => {
    const word = 'quokkaledger';
    const start = Date.parse('2026-01-05T08:00:00Z');
    // Each line 20 minutes after the last, in one window: every one its own hit, more than a search reads.
    databaseOf(engine.core).transaction(() => {
      for (let i = 0; i <= SIGHTINGS_WINDOW; i++)
        engine.core.screenText.insert({
          atMs: start + i * 20 * 60_000,
          app: 'Microsoft Outlook',
          title: 'Inbox - Outlook',
          text: `Line ${i} ${word} posted`,
        });
    })();
    const http = await searchScreen(word);
    expect(http).toMatchObject({ total: SIGHTINGS_WINDOW, totalExact: false });
    expect(http.nextCursor).not.toBeNull();
    const mcpResult = await tool('search_screen', { query: word });
    expect(mcpResult.content[0]!.text).toContain(`at least ${SIGHTINGS_WINDOW} hits`);
    expect(mcpResult.structuredContent.page).toMatchObject({ total: SIGHTINGS_WINDOW, totalExact: false });
    expect(mcpResult.structuredContent.page.nextCursor).toBeTruthy();
    const out = await shadow('search', word, '--screen');
    expect(out).toContain(`Screen text: showing 20 of at least ${SIGHTINGS_WINDOW} hits for "${word}"`);
    expect(out).toMatch(new RegExp(`Next 20: shadow search ${word} --screen --cursor \\S+`));
  }, 120_000);
});

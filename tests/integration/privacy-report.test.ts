import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShadowCore } from '../../src/core/shadow-core';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import type { PrivacyReport, PrivacyStatus } from '../../src/shared/contract/index';
import { allText, startFakeOpenAiServer, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { SAMPLE_AWS_KEY, SAMPLE_CARD, SAMPLE_CARD_DIGITS, SAMPLE_IBAN } from '../helpers/secret-samples';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay, type TinyDaySegment } from '../helpers/tiny-day';
import { runShadow } from '../helpers/shadow-process';

/**
 * A recorded morning with a mail showing a card number, an IBAN and an access key (and a card number
 * in its window title), a password manager and a private browser window, replayed by the engine
 * with OCR and an OpenAI-compatible endpoint on this machine: what reaches the store and the LLM, and
 * what the privacy report says about it over HTTP and in `shadow privacy`.
 */
const DAY = '2026-11-02';
const SEGMENTS: TinyDaySegment[] = [
  { app: 'Microsoft Excel', title: 'Budget 2026.xlsx - Excel', seconds: 120, text: ['Budget 2026', 'Travel 1,250.00'] },
  {
    app: 'Thunderbird',
    title: `Card ${SAMPLE_CARD} declined - Mozilla Thunderbird`,
    seconds: 180,
    text: ['Supplier payment for invoice 4471', `Card ${SAMPLE_CARD}`, `IBAN ${SAMPLE_IBAN}`, `Deploy key ${SAMPLE_AWS_KEY}`],
  },
  { app: '1Password', title: '1Password — Work vault', seconds: 60, text: ['Work vault'] },
  { app: 'Firefox', title: 'Northwind Bank — Private Browsing', seconds: 40, text: ['Northwind Bank'] },
  { app: 'Microsoft Excel', title: 'Budget 2026.xlsx - Excel', seconds: 120, text: ['Budget 2026', 'Travel 1,250.00', 'Hotel 980.00'] },
];
const SECRETS = [SAMPLE_CARD, SAMPLE_CARD_DIGITS, 'DE89', '0532 0130', SAMPLE_AWS_KEY];
const CHAT_CARD = '5555 5555 5555 4444';

let home: TempShadowHome;
let server: FakeOpenAiServer;
let engine: RunningEngine;

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${engine.http.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const shadow = (...args: string[]) => runShadow(args, home.env);

beforeAll(async () => {
  home = createTempShadowHome();
  server = await startFakeOpenAiServer();
  process.env.SHADOW_HOME = home.home;
  process.env.SHADOW_PROFILE = 'default';
  const day = await writeTinyDay(SEGMENTS, `${DAY}T09:00:00.000Z`);
  engine = await startEngine({
    port: 0,
    replayDir: day,
    env: {},
    settings: { questionMinIntervalMin: 1, llm: { baseUrl: server.baseUrl, textModel: 'fake-text', timeoutMs: 5000 } },
  });
  await engine.replayDone;
  await engine.core.ocr.whenIdle();
  await engine.core.memory.pipeline.idle();
  const session = await api<{ id: string }>('/sessions', { method: 'POST', body: { type: 'chat' } });
  await api(`/sessions/${session.id}/messages`, {
    method: 'POST',
    // What the user types is kept as typed (docs/privacy.md), and redacted on its way to the LLM.
    body: { content: `Why was ${CHAT_CARD} declined? password: hunter2` },
  });
  // An agent reads the day over MCP: twice the app time, once the work session (a page of it).
  const agent = new Client({ name: 'privacy-agent', version: '1.0.0' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${engine.http.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${engine.token}` } },
    }),
  );
  await agent.callTool({ name: 'app_time', arguments: { date: DAY } });
  await agent.callTool({ name: 'app_time', arguments: { date: DAY, max_tokens: 200 } });
  await agent.callTool({ name: 'work_session_summary', arguments: { max_tokens: 600 } });
  await agent.close();
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  await server?.close();
  home?.remove();
});

describe('privacy of a replayed morning', () => {
  it('stores the mail and its title with placeholders, and no secret', async () => {
    const hits = await api<{ hits: Array<{ title: string; snippet: string }> }>('/search/screen?q=invoice%204471');
    expect(hits.hits.length).toBeGreaterThan(0);
    expect(hits.hits[0]!.title).toBe('Card [card] declined - Mozilla Thunderbird');
    for (const q of ['4111', 'DE89', 'AKIAIOSFODNN7EXAMPLE'])
      expect((await api<{ hits: unknown[] }>(`/search/screen?q=${q}`)).hits, q).toEqual([]);
    const bytes = home.databaseText();
    expect(bytes).toContain('invoice 4471');
    for (const secret of SECRETS) expect(bytes, secret).not.toContain(secret);
    const titles = (await api<{ apps: Array<{ titles: Array<{ title: string }> }> }>(`/observation/app-time?date=${DAY}`)).apps.flatMap(
      (a) => a.titles.map((t) => t.title),
    );
    expect(titles).toContain('Card [card] declined - Mozilla Thunderbird');
  });

  it('sends the LLM redacted text only, while its context still shows where something was hidden', () => {
    expect(server.requests.length).toBeGreaterThan(3);
    const bodies = server.requests.map((r) => JSON.stringify(r.body));
    for (const body of bodies) for (const secret of [...SECRETS, CHAT_CARD, 'hunter2']) expect(body, secret).not.toContain(secret);
    expect(server.requests.some((r) => allText(r.body).includes('[card]'))).toBe(true);
    expect(server.requests.some((r) => allText(r.body).includes('Why was [card] declined? password: [password]'))).toBe(true);
  });

  it('reports the day: excluded time by rule, redactions by kind and place, LLM calls by endpoint', async () => {
    const report = await api<PrivacyReport>(`/privacy/report?date=${DAY}`);
    expect(report.date).toBe(DAY);
    expect(report.excluded.byRule.map((r) => r.rule).sort()).toEqual(['password manager', 'private window']);
    const byRule = Object.fromEntries(report.excluded.byRule.map((r) => [r.rule, r.seconds]));
    expect(byRule['password manager']).toBeGreaterThanOrEqual(58);
    expect(byRule['private window']).toBeGreaterThanOrEqual(38);
    expect(report.excluded.seconds).toBeCloseTo(byRule['password manager']! + byRule['private window']!, 0);
    const appTime = await api<{ privateSeconds: number }>(`/observation/app-time?date=${DAY}`);
    expect(report.excluded.seconds).toBe(appTime.privateSeconds);

    const { byKind, byChannel, total } = report.redactions;
    expect(byKind.card).toBeGreaterThanOrEqual(3);
    expect(byKind.iban).toBeGreaterThanOrEqual(1);
    expect(byKind.secret).toBeGreaterThanOrEqual(1);
    expect(byKind.password).toBeGreaterThanOrEqual(1);
    expect(byChannel['window-titles']).toBe(1);
    expect(byChannel['screen-text']).toBeGreaterThanOrEqual(3);
    // The chat's card and password, in the reply's request and in the title and contents calls after it.
    expect(byChannel['llm-requests']).toBeGreaterThanOrEqual(2);
    expect(total).toBe(byChannel['screen-text'] + byChannel['window-titles'] + byChannel['llm-requests']);

    const endpoint = new URL(server.baseUrl).host;
    expect(report.llm).toMatchObject({ calls: server.requests.length, answered: server.requests.length, refused: 0, fellBack: 0 });
    expect(report.llm.endpoints).toEqual([expect.objectContaining({ endpoint, calls: server.requests.length })]);
    expect(report.llm.promptTokens).toBeGreaterThan(100);
    // Which agent read which tool, and how much: never what it read.
    expect(report.agentReads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agent: 'privacy-agent', transport: 'http', tool: 'app_time', calls: 2 }),
        expect.objectContaining({ agent: 'privacy-agent', transport: 'http', tool: 'work_session_summary', calls: 1 }),
      ]),
    );
    const summaryRead = report.agentReads.find((r) => r.tool === 'work_session_summary')!;
    expect(summaryRead.tokens).toBeGreaterThan(100);
    expect(summaryRead.tokens).toBeLessThanOrEqual(600);
    expect(summaryRead.bytes).toBeGreaterThan(summaryRead.tokens);
    const appTimeRead = report.agentReads.find((r) => r.tool === 'app_time')!;
    expect(appTimeRead.largestTokens).toBeLessThanOrEqual(4000);
    expect(appTimeRead.tokens).toBeGreaterThan(appTimeRead.largestTokens);
    expect(report.status.dataMayGoTo).toBe(`Nothing leaves this machine: the LLM runs here (${endpoint}).`);
    expect(JSON.stringify(report)).not.toMatch(/4111|5555|DE89|AKIA|hunter2/);
  });

  it('prints the same report with `shadow privacy`, in words and as JSON', async () => {
    const text = await shadow('privacy', '--date', DAY);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Privacy on ${DAY}`);
    expect(text.stdout).toMatch(/Time in excluded windows\s+1 min 40 s|Time in excluded windows\s+\d/);
    expect(text.stdout).toContain('password manager');
    expect(text.stdout).toMatch(/card numbers\s+\d+/);
    expect(text.stdout).toMatch(/Store\s+The store is not encrypted: anyone who can read .*shadow\.db can read your history/);
    expect(text.stdout).toMatch(/Read by agents over MCP[\s\S]*privacy-agent \(http\)\s+work_session_summary\s+1\s+\d+/);
    const json = await shadow('privacy', '--date', DAY, '--json');
    const fromCli = JSON.parse(json.stdout) as PrivacyReport;
    const fromHttp = await api<PrivacyReport>(`/privacy/report?date=${DAY}`);
    expect(fromCli.redactions).toEqual(fromHttp.redactions);
    expect(fromCli.excluded).toEqual(fromHttp.excluded);
    expect(fromCli.llm.calls).toBe(fromHttp.llm.calls);
    expect((await shadow('privacy', '--date', '2026-02-30')).stderr).toMatch(/not a real calendar date/);
  });

  it('turns local-only on over HTTP, saved in settings.json; an LLM on this machine may still answer', async () => {
    const status = await api<PrivacyStatus>('/privacy/local-only', { method: 'PUT', body: { enabled: true } });
    expect(status.localOnly).toEqual({ enabled: true, source: 'setting' });
    expect(status.llm).toMatchObject({ local: true, refused: false });
    expect(JSON.parse(readFileSync(home.paths.settings, 'utf8'))).toMatchObject({ localOnly: true });
    expect((await api<PrivacyStatus>('/privacy/status')).localOnly.enabled).toBe(true);
  });
});

describe('the local-only switch with an endpoint elsewhere', () => {
  it('refuses every call: nothing is sent, replies come from the offline engine, the report counts them', async () => {
    const other = createTempShadowHome();
    const core = createShadowCore({
      paths: other.paths,
      env: { OPENAI_API_KEY: 'sk-test-not-used' },
      settings: { localOnly: true, ocrEnabled: false },
    });
    try {
      expect(core.privacy.status()).toMatchObject({
        dataMayGoTo: 'Nothing leaves this machine: the local-only switch refuses the LLM at api.openai.com.',
        llm: { configured: true, endpoint: 'api.openai.com', local: false, refused: true },
      });
      const session = core.sessions.create({ type: 'chat', tools: [] });
      const { turn } = await core.sessions.send(session.id, 'What did I do this morning?');
      expect(turn.engine).toBe('offline');
      const report = core.privacy.report(new Date().toISOString().slice(0, 10));
      expect(report.llm.refused).toBeGreaterThanOrEqual(1);
      expect(report.llm.answered).toBe(0);
      expect(report.llm.endpoints[0]).toMatchObject({ endpoint: 'api.openai.com', promptTokens: 0 });
    } finally {
      core.close();
      other.remove();
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ResumeView,
  SearchHit,
  Session,
  ContextSetsView,
  SessionExport,
  TitleHistoryEntry,
  Toc,
  Turn,
} from '../../src/shared/contract/index';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';
import { formatClockTime } from '../../src/shared/format-clock-time';

/** Three topics of ten turns each; every prompt names its topic so the offline title rule can follow it. */
const PROMPTS = [
  'How long was I in the ledger today?',
  'Which ledger accounts did I reconcile?',
  'The ledger balance looked off by twelve euros',
  'Remind me how the ledger export works',
  'What did I do before lunch besides the ledger?',
  'Did the ledger import finish?',
  'The ledger column named quokka needs renaming',
  'Ledger totals for March please',
  'Close the ledger for this week',
  'Ledger reconciled, moving on',
  'When did I see invoice 4471?',
  'Is invoice 4471 approved?',
  'Who sent the invoice from Acme?',
  'The invoice total is 1,250 euros',
  'Draft a reminder about the overdue invoice',
  'Which invoice is still unpaid?',
  'Attach the invoice to the ticket',
  'The invoice due date moved to Friday',
  'Archive the paid invoice',
  'Invoice work finished',
  'Plan my vacation in Lisbon',
  'Find vacation flights to Lisbon in June',
  'Vacation budget is two thousand euros',
  'Which vacation hotels are near Alfama?',
  'Book the vacation train from Lisbon to Porto',
  'Vacation packing list for a week',
  'Vacation insurance options',
  'Remind me to renew my passport before the vacation',
  'Vacation photos should go to the shared album',
  'Vacation plan is complete',
];

let engine: RunningEngine;
let second: RunningEngine | undefined;
let sessionId: string;
let day: string;
const turnsSeen: Turn[] = [];

async function api<T>(target: RunningEngine, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${target.http.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${target.token}`, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Sends a message as SSE and returns the parsed events in order. */
async function sendStreaming(content: string): Promise<{ event: string; data: any }[]> {
  const res = await fetch(`${engine.http.url}/api/v1/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) };
    });
}

function waitForToc(target: RunningEngine, id: string): Promise<Toc> {
  return waitFor(() => api<Toc>(target, `/sessions/${id}/toc`), {
    what: `every TOC line of ${id} (no turn pending)`,
    until: (toc) => toc.pending === 0,
    timeoutMs: 5000,
    intervalMs: 25,
  });
}

beforeAll(async () => {
  process.env.SHADOW_HOME = mkdtempSync(join(tmpdir(), 'shadow-sessions-'));
  delete process.env.SHADOW_API_TOKEN;
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_API_KEY;
  day = await writeTinyDay([
    { app: 'Excel', title: 'Ledger 2026.xlsx', seconds: 600 },
    { app: 'Chrome', title: 'Invoice 4471 - Acme Portal', seconds: 300 },
    { app: 'Slack', title: 'general', seconds: 120 },
  ]);
  engine = await startEngine({ port: 0, replayDir: day, settings: { idleAfterSec: 60, ocrEnabled: false } });
  await engine.replayDone;
  const session = await api<Session>(engine, '/sessions', { method: 'POST', body: { type: 'chat' } });
  sessionId = session.id;
  for (const [i, prompt] of PROMPTS.entries()) {
    if (i % 3 === 0) {
      const events = await sendStreaming(prompt);
      const deltas = events.filter((e) => e.event === 'delta');
      const done = events.at(-1)!;
      expect(deltas.length).toBeGreaterThan(0);
      expect(done.event).toBe('done');
      expect(deltas.map((d) => d.data.text).join('')).toBe(done.data.turn.reply);
      turnsSeen.push(done.data.turn as Turn);
    } else {
      const { turn } = await api<{ turn: Turn }>(engine, `/sessions/${sessionId}/messages`, { method: 'POST', body: { content: prompt } });
      turnsSeen.push(turn);
    }
  }
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await engine?.stop();
});

describe('a 30-turn conversation over HTTP with the offline engine', () => {
  it('numbers the turns from 1 and records the prompt, the reply and the window in focus', () => {
    expect(turnsSeen.map((t) => t.number)).toEqual(PROMPTS.map((_, i) => i + 1));
    for (const turn of turnsSeen) {
      // The replay has ended, so no window is in focus (turns sent while observing: see the unit tests).
      expect(turn).toMatchObject({ status: 'complete', engine: 'offline', app: null, windowTitle: null });
      expect(turn.reply.length).toBeGreaterThan(0);
      expect(turn.promptTokens).toBeGreaterThan(0);
    }
  });

  it('answers from memory offline: app time, what was done, where something was seen, and what it cannot do', () => {
    const clock = (iso: string): string => formatClockTime(iso);
    expect(turnsSeen[0]!.reply.split('\n')[0]).toBe('You spent 10m in “Ledger 2026.xlsx” today.');
    // "What did I do before lunch besides the ledger?": the other work threads, named, with their times and windows.
    expect(turnsSeen[4]!.reply).toMatch(/^Before lunch \(until 12:00/);
    expect(turnsSeen[4]!.reply).toContain(
      `${clock('2026-11-02T09:10:00Z')}–${clock('2026-11-02T09:15:00Z')} **Invoice 4471** with Invoice 4471 - Acme Portal (5m; Chrome)`,
    );
    expect(turnsSeen[4]!.reply).not.toContain('**Ledger 2026.xlsx**');
    expect(turnsSeen[10]!.reply).toContain(`I saw “invoice 4471” once, at ${clock('2026-11-02T09:10:00Z')}:`);
    expect(turnsSeen[10]!.evidence[0]).toMatchObject({ app: 'Chrome', windowTitle: 'Invoice 4471 - Acme Portal' });
    // No account was on screen about reconciling the ledger: it says so rather than listing something else.
    expect(turnsSeen[1]!.reply).toBe('I saw no accounts today in “ledger reconcile”.');
  });

  it('writes a TOC line of at most 100 characters for every turn', async () => {
    const toc = await waitForToc(engine, sessionId);
    expect(toc.totalTurns).toBe(30);
    expect(toc.entries.map((e) => e.turn)).toEqual(PROMPTS.map((_, i) => i + 1));
    for (const [i, entry] of toc.entries.entries()) {
      expect(entry.summary!.length).toBeGreaterThan(0);
      expect(entry.summary!.length).toBeLessThanOrEqual(100);
      expect(entry.summarySource).toBe('extractive');
      expect(entry.summary).toBe(PROMPTS[i]);
    }
    expect(toc.formatted.split('\n')[6]).toBe('7. The ledger column named quokka needs renaming');
  });

  it('keeps a title history, newest first, pointing at the turns where the topic changed', async () => {
    await waitForToc(engine, sessionId);
    await engine.core.sessions.idle();
    const history = await api<{ title: string; entries: TitleHistoryEntry[] }>(engine, `/sessions/${sessionId}/title-history`);
    expect(history.entries.map((e) => e.turn)).toEqual([22, 12, 1]);
    expect(history.entries[2]!.title).toBe('Time in ledger');
    expect(history.entries[1]!.title).toMatch(/^Invoice/);
    expect(history.entries[0]!.title).toMatch(/Vacation/);
    expect(history.title).toBe(history.entries[0]!.title);
    for (const e of history.entries) expect(e.title.length).toBeLessThanOrEqual(60);
  });

  it('navigates: a turn with its neighbours and a range of turns', async () => {
    const one = await api<{ turn: Turn; previous: any; next: any }>(engine, `/sessions/${sessionId}/turns/7`);
    expect(one.turn.prompt).toBe(PROMPTS[6]);
    expect(one.previous).toMatchObject({ turn: 6, summary: PROMPTS[5] });
    expect(one.next).toMatchObject({ turn: 8, summary: PROMPTS[7] });
    const range = await api<{ turns: Turn[]; totalTurns: number }>(engine, `/sessions/${sessionId}/turns?from=11&to=30`);
    expect(range.turns.map((t) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    const tooMany = await fetch(`${engine.http.url}/api/v1/sessions/${sessionId}/turns?from=1&to=21`, {
      headers: { authorization: `Bearer ${engine.token}` },
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toMatch(/at most 20 turns/);
  });

  it('finds a word from turn 7 within the session and across sessions, with its turn number and a snippet', async () => {
    const inSession = await api<{ hits: SearchHit[] }>(engine, `/sessions/${sessionId}/search?q=quokka`);
    expect(inSession.hits).toHaveLength(1);
    expect(inSession.hits[0]).toMatchObject({ sessionId, turn: 7 });
    expect(inSession.hits[0]!.snippet).toContain('**quokka**');
    const all = await api<{ hits: SearchHit[] }>(engine, `/search?q=quokka&type=chat`);
    expect(all.hits.map((h) => h.turn)).toEqual([7]);
    const otherType = await api<{ hits: SearchHit[] }>(engine, `/search?q=quokka&type=ticket`);
    expect(otherType.hits).toEqual([]);
  });

  it('pauses, then resumes with the [RESUMED CONVERSATION] block and a history that fits the window', async () => {
    const paused = await api<Session>(engine, `/sessions/${sessionId}/pause`, { method: 'POST', body: {} });
    expect(paused.status).toBe('paused');
    await engine.core.sessions.idle();
    const resume = await api<ResumeView>(engine, `/sessions/${sessionId}/resume`, { method: 'POST', body: { maxHistoryTokens: 200 } });
    expect(resume.session.status).toBe('active');
    expect(resume.block).toMatch(/^\[RESUMED CONVERSATION\]/);
    expect(resume.block).toContain(`Conversation: chat / ${resume.session.title}`);
    expect(resume.block).toContain('Messages: 30 exchanges');
    expect(resume.block).toMatch(/Last active: just now/);
    expect(resume.block).toMatch(/Summary: .*Vacation plan is complete/);
    expect(resume.block).toContain("Since then the user's observed work: no activity observed");
    expect(resume.block).toMatch(/\[END RESUMED CONTEXT\]$/);
    expect(resume.warning).toBeNull();
    expect(resume.summarizedTurns).toBeGreaterThan(0);
    expect(resume.wholeTurns + resume.summarizedTurns).toBe(30);
    expect(resume.history[0]!.role).toBe('system');
    expect(resume.history[0]!.content).toMatch(new RegExp(`Summary of turns 1–${resume.summarizedTurns}`));
    expect(resume.history.at(-1)).toEqual({ role: 'assistant', content: turnsSeen[29]!.reply });
  });

  it('exports session.json, messages.jsonl and transcript.md, and an import restores an identical session', async () => {
    await engine.core.sessions.idle();
    const sets = { files: ['/etc/hostname'], tickets: ['AP-42'] };
    await api(engine, `/sessions/${sessionId}`, { method: 'PATCH', body: { context: sets } });
    const exported = await api<SessionExport>(engine, `/sessions/${sessionId}/export`);
    const lines = exported.files['messages.jsonl']
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(60);
    expect(lines[12]).toMatchObject({ role: 'user', turn: 7, content: PROMPTS[6] });
    expect(exported.files['transcript.md']).toContain('## Turn 7: The ledger column named quokka needs renaming');

    const duplicate = await fetch(`${engine.http.url}/api/v1/sessions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(exported),
    });
    expect(duplicate.status).toBe(409);

    process.env.SHADOW_HOME = mkdtempSync(join(tmpdir(), 'shadow-sessions-import-'));
    second = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false } });
    // Context sets that do not validate refuse the whole import.
    const badSets = JSON.parse(exported.files['session.json']) as Record<string, unknown>;
    badSets.context = { ports: ['99999'] };
    const refused = await fetch(`${second.http.url}/api/v1/sessions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ files: { ...exported.files, 'session.json': JSON.stringify(badSets) } }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/context.*port/i);
    expect(
      (await fetch(`${second.http.url}/api/v1/sessions/${sessionId}`, { headers: { authorization: `Bearer ${second.token}` } })).status,
    ).toBe(404);

    const imported = await api<Session>(second, '/sessions/import', { method: 'POST', body: exported });
    const original = await api<Session>(engine, `/sessions/${sessionId}`);
    expect(imported).toEqual(original);
    expect(await api<SessionExport>(second, `/sessions/${sessionId}/export`)).toEqual(exported);
    expect(await api(second, `/sessions/${sessionId}/toc`)).toEqual(await api(engine, `/sessions/${sessionId}/toc`));
    expect(await api(second, `/sessions/${sessionId}/title-history`)).toEqual(await api(engine, `/sessions/${sessionId}/title-history`));
    const found = await api<{ hits: SearchHit[] }>(second, `/sessions/${sessionId}/search?q=quokka`);
    expect(found.hits.map((h) => h.turn)).toEqual([7]);
    // The context sets came along: the imported session resumes with its files and tickets.
    expect((await api<ContextSetsView>(second, `/sessions/${sessionId}/context`)).context).toEqual(sets);
    expect((await api<ResumeView>(second, `/sessions/${sessionId}/resume`, { method: 'POST', body: {} })).block).toContain('AP-42');
  });

  it('answers bad messages with clear errors before any stream opens', async () => {
    const post = (id: string, body: string) =>
      fetch(`${engine.http.url}/api/v1/sessions/${id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body,
      });
    const unknown = await post('ses_doesnotexist', '{"content":"hello there"}');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: 'Session ses_doesnotexist was not found' } });
    const empty = await post(sessionId, '{"content":"   "}');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toMatch(/content: the message is empty/);
    const notJson = await post(sessionId, '{content');
    expect(notJson.status).toBe(400);
    const badId = await fetch(`${engine.http.url}/api/v1/sessions/not-a-session`, { headers: { authorization: `Bearer ${engine.token}` } });
    expect(badId.status).toBe(400);
    expect(await badId.text()).toMatch(/a session id looks like/);
  });

  it('deletes a conversation with DELETE /sessions/{id}, after which its export imports again', async () => {
    const doomed = await api<Session>(engine, '/sessions', { method: 'POST', body: { type: 'ticket', title: 'Duplicate vendor bill' } });
    for (const content of ['Vendor bill 7781 was entered twice', 'Void the second copy'])
      await api(engine, `/sessions/${doomed.id}/messages`, { method: 'POST', body: { content } });
    await api(engine, `/sessions/${doomed.id}/outputs`, { method: 'POST', body: { kind: 'command', content: 'voided 7781-B', turn: 2 } });
    await api(engine, `/sessions/${doomed.id}`, { method: 'PATCH', body: { context: { tickets: ['AP-77'] } } });
    await engine.core.sessions.idle();
    const exported = await api<SessionExport>(engine, `/sessions/${doomed.id}/export`);

    expect(await api(engine, `/sessions/${doomed.id}`, { method: 'DELETE' })).toEqual({
      id: doomed.id,
      title: expect.any(String),
      turns: 2,
    });
    const gone = await fetch(`${engine.http.url}/api/v1/sessions/${doomed.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${engine.token}` },
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'not_found', message: `Session ${doomed.id} was not found` } });
    for (const path of ['', '/toc', '/outputs', '/context']) {
      const res = await fetch(`${engine.http.url}/api/v1/sessions/${doomed.id}${path}`, {
        headers: { authorization: `Bearer ${engine.token}` },
      });
      expect(res.status, path).toBe(404);
    }
    expect((await api<{ hits: SearchHit[] }>(engine, '/search?q=7781&screen=false')).hits).toEqual([]);
    expect((await api<{ sessions: Session[] }>(engine, '/sessions?limit=100')).sessions.map((x) => x.id)).not.toContain(doomed.id);

    const restored = await api<Session>(engine, '/sessions/import', { method: 'POST', body: exported });
    expect(restored).toMatchObject({ id: doomed.id, turnCount: 2 });
    expect((await api<ContextSetsView>(engine, `/sessions/${doomed.id}/context`)).context).toEqual({ tickets: ['AP-77'] });
    await api(engine, `/sessions/${doomed.id}`, { method: 'DELETE' });
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCount } from '../../src/core/llm/tokens';
import { startEngine, type RunningEngine } from '../../src/server/start-engine';
import { writeTinyDay, type TinyDaySegment } from '../helpers/tiny-day';
import { runShadow } from '../helpers/shadow-process';

let engine: RunningEngine;
let home: string;

const SEGMENTS: TinyDaySegment[] = [
  { app: 'Microsoft Outlook', title: 'Inbox - dana@example.com - Outlook', seconds: 240 },
  ...Array.from({ length: 4 }, (): TinyDaySegment[] => [
    { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 50 },
    { app: 'Google Chrome', title: 'Northwind Bank — Business Portal - Google Chrome', seconds: 40 },
  ]).flat(),
  { app: 'Microsoft Excel', title: 'Export to PDF - Ledger 2026.xlsx - Excel', seconds: 200 },
];

async function api<T = any>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${engine.http.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${engine.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const shadow = (...args: string[]) => runShadow(args, { ...process.env, SHADOW_HOME: home, SHADOW_PROFILE: 'default', TZ: 'UTC' });

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'shadow-memory-http-'));
  process.env.SHADOW_HOME = home;
  process.env.SHADOW_PROFILE = 'default';
  delete process.env.OPENAI_API_KEY;
  delete process.env.OPENAI_BASE_URL;
  const day = await writeTinyDay(SEGMENTS, '2026-03-10T09:00:00.000Z');
  engine = await startEngine({ port: 0, replayDir: day, settings: { ocrEnabled: false, questionMinIntervalMin: 1 } });
  await engine.replayDone;
  await engine.core.memory.pipeline.idle();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
});

describe('memory over HTTP', () => {
  it('serves a work session with tasks, app time, questions, theory and summaries', async () => {
    const { body: list } = await api<{ workSessions: Array<{ id: number }> }>('/work-sessions');
    const { status, body } = await api(`/work-sessions/${list.workSessions[0]!.id}`);
    expect(status).toBe(200);
    expect(body.tasks.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['Inbox - dana@example.com (Microsoft Outlook)', 'Ledger 2026.xlsx (Microsoft Excel)']),
    );
    expect(body.appTime.apps.map((a: { app: string }) => a.app)).toContain('Google Chrome');
    expect(body.theory.text).toMatch(/Excel|Chrome|Outlook/);
    expect(body.summaries.at(-1).kind).toBe('final');
    expect(body.questions.length).toBeGreaterThanOrEqual(1);
    expect((await api('/work-sessions/9999')).status).toBe(404);
  });

  it('lists, answers, dismisses and snoozes questions; answers become history', async () => {
    const { body } = await api<{ questions: Array<{ id: number; text: string; status: string }> }>('/questions?status=pending');
    expect(body.questions.length).toBeGreaterThanOrEqual(2);
    const [first, second] = body.questions;
    const answered = await api(`/questions/${first!.id}/answer`, {
      method: 'POST',
      body: { answer: 'Matching yesterday’s bank lines to the ledger' },
    });
    expect(answered).toMatchObject({ status: 200, body: { status: 'answered', answer: 'Matching yesterday’s bank lines to the ledger' } });
    const snoozed = await api(`/questions/${second!.id}/snooze`, { method: 'POST', body: { minutes: 30 } });
    expect(snoozed.body.status).toBe('snoozed');
    const pending = await api<{ questions: Array<{ id: number }> }>('/questions?status=pending');
    expect(pending.body.questions.map((q) => q.id)).not.toContain(first!.id);
    expect(pending.body.questions.map((q) => q.id)).not.toContain(second!.id);
    const dismissed = await api(`/questions/${second!.id}/dismiss`, { method: 'POST', body: {} });
    expect(dismissed.body.status).toBe('dismissed');
    expect((await api('/questions/9999/answer', { method: 'POST', body: { answer: 'x' } })).status).toBe(404);
    const empty = await api(`/questions/${first!.id}/answer`, { method: 'POST', body: { answer: '   ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toMatch(/answer/);
    // The answer is stored and reaches the next call's history.
    const ctx = await api('/context/assembled?purpose=chat');
    expect(ctx.body.history).toContain('Matching yesterday’s bank lines to the ledger');
  });

  it('keeps the onboarding interview: answers, a generated summary, the user’s own summary within 500 tokens', async () => {
    const empty = await api('/interview');
    expect(empty.body.questions.map((q: { id: string }) => q.id)).toContain('role');
    const saved = await api('/interview/answers', {
      method: 'PUT',
      body: { answers: { role: 'Accounts payable specialist', systems: 'Excel, NetSuite' } },
    });
    expect(saved.body.answers).toEqual({ role: 'Accounts payable specialist', systems: 'Excel, NetSuite' });
    expect(saved.body.summary).toMatchObject({ edited: false, engine: 'offline' });
    expect(saved.body.summary.text).toContain('Accounts payable specialist');
    const edited = await api('/interview/summary', { method: 'PUT', body: { text: 'Dana runs accounts payable at Contoso.' } });
    expect(edited.body.summary).toMatchObject({ text: 'Dana runs accounts payable at Contoso.', edited: true, engine: 'user' });
    // An edited summary survives new answers.
    const more = await api('/interview/answers', { method: 'PUT', body: { answers: { team: 'Finance operations' } } });
    expect(more.body.summary.text).toBe('Dana runs accounts payable at Contoso.');
    const tooLong = await api('/interview/summary', { method: 'PUT', body: { text: 'ledger reconciliation '.repeat(300) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message ?? JSON.stringify(tooLong.body)).toMatch(/500 tokens/);
    expect((await api('/interview')).body.summary.text).toBe('Dana runs accounts payable at Contoso.');
    const ctx = await api('/context/assembled');
    expect(ctx.body.baseline).toBe('Dana runs accounts payable at Contoso.');
  });

  it('shows the assembled context within budgets, and receipts of past calls', async () => {
    const { body } = await api('/context/assembled?purpose=chat');
    expect(body.budgets).toEqual({ session: 600, history: 1000, baseline: 500, totalText: 2000 });
    expect(tokenCount(body.session)).toBeLessThanOrEqual(600);
    expect(tokenCount(body.history)).toBeLessThanOrEqual(1000);
    expect(tokenCount(body.baseline)).toBeLessThanOrEqual(500);
    expect(tokenCount(body.text)).toBeLessThanOrEqual(2000);
    expect(body.receipt).toMatchObject({ id: null, purpose: 'chat' });
    expect(body.receipt.tokens.total).toBe(tokenCount(body.text));
    const receipts = await api('/context/receipts?limit=5');
    expect(receipts.body.receipts.length).toBe(5);
    expect(receipts.body.receipts[0]).toMatchObject({
      engine: 'offline',
      purpose: expect.stringMatching(/theory|summary|question|interview/),
    });
    expect((await api('/context/receipts?limit=0')).status).toBe(400);
  });

  it('serves the workflow guide as Markdown', async () => {
    const { body } = await api('/guide');
    expect(body.markdown).toMatch(/^# Workflow guide/);
    expect(body.markdown).toContain('Accounts payable specialist');
    expect(body.markdown).toContain('Microsoft Excel');
    expect(body.markdown).toContain('Matching yesterday’s bank lines to the ledger');
  });
});

describe('memory in the CLI', () => {
  it('`shadow today` shows the tasks and the latest summary; --json carries them', async () => {
    await engine.stop();
    const text = await shadow('today', '--date', '2026-03-10');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Tasks (');
    expect(text.stdout).toContain('Ledger 2026.xlsx (Microsoft Excel)');
    expect(text.stdout).toContain('Latest summary (final');
    const json = await shadow('today', '--date', '2026-03-10', '--json');
    const parsed = JSON.parse(json.stdout);
    expect(parsed.tasks.length).toBeGreaterThanOrEqual(2);
    expect(parsed.latestSummary.kind).toBe('final');
  });

  it('`shadow guide` prints the guide and writes it with --out', async () => {
    const printed = await shadow('guide');
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain('# Workflow guide');
    const file = join(home, 'guide.md');
    const written = await shadow('guide', '--out', file);
    expect(written.stdout).toContain(file);
    expect(readFileSync(file, 'utf8')).toContain('## Recurring tasks');
    const bad = await shadow('guide', '--out', join(home, 'missing-dir', 'x', 'guide.md'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Could not write the guide/);
  });
});

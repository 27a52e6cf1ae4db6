import { mkdirSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResumeView, Session, Toc, Turn } from '../../src/shared/contract/index';
import { allText, startFakeOpenAiServer, userQuestion, type FakeOpenAiServer } from '../helpers/fake-openai-server';
import { startHeadlessShadow, TEST_API_TOKEN, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';
import { waitFor } from '../helpers/wait';

let home: TempShadowHome | undefined;
let fake: FakeOpenAiServer | undefined;
let shadow: ShadowProcess | undefined;

afterEach(async () => {
  await shadow?.stop();
  await fake?.close();
  home?.remove();
  shadow = fake = home = undefined;
});

/** Requests of the session chat (other features, e.g. memory, call the model during the replay too). */
const isChat = (text: string): boolean => text.includes('You are Workflow Shadow');

describe('a shadow process killed with SIGKILL mid-reply', () => {
  it('keeps every committed turn; the session comes back interrupted, summarized and resumable', async () => {
    home = createTempShadowHome();
    mkdirSync(home.paths.dir, { recursive: true });
    writeFileSync(home.paths.settings, JSON.stringify({ ocrEnabled: false }));
    const day = await writeTinyDay([
      { app: 'Excel', title: 'Ledger 2026.xlsx', seconds: 120 },
      { app: 'Chrome', title: 'Invoice 4471', seconds: 60 },
    ]);
    let slow = false;
    fake = await startFakeOpenAiServer((request) => {
      const text = allText(request.body);
      if (!isChat(text)) return { text: 'A short model answer' };
      return slow ? { text: 'this reply never arrives', delayMs: 120_000 } : { text: `Answer to ${userQuestion(request.body)}` };
    });
    shadow = await startHeadlessShadow(['--replay', day], { ...home.env, OPENAI_BASE_URL: fake.baseUrl, SHADOW_LLM_MODEL: 'fake-model' });
    const session = await shadow.post<Session>('/sessions', { type: 'ticket' });
    const prompts = ['Open ticket 812 about the ledger export', 'The export drops the last row', 'Check whether invoice 4471 is affected'];
    for (const content of prompts) {
      const { turn } = await shadow.post<{ turn: Turn }>(`/sessions/${session.id}/messages`, { content });
      expect(turn).toMatchObject({ status: 'complete', engine: 'llm', reply: `Answer to ${content}` });
    }

    slow = true;
    const chatRequests = (): number => fake!.requests.filter((r) => isChat(allText(r.body))).length;
    const inFlight = fetch(`${shadow.apiUrl}/sessions/${session.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_TOKEN}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Draft the reply to the customer' }),
    })
      .then((res) => res.text())
      .catch((error: unknown) => `connection lost: ${String(error)}`);
    await waitFor(chatRequests, {
      what: 'the fourth chat request (the reply that never arrives)',
      until: (n) => n === 4,
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    const exited = new Promise((resolve) => shadow!.child.once('exit', (_code, signal) => resolve(signal)));
    shadow.child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await inFlight).not.toContain('event: done');

    shadow = await startHeadlessShadow(['--replay', day], { ...home.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: '' });
    const after = await shadow.get<Session>(`/sessions/${session.id}`);
    expect(after).toMatchObject({ status: 'interrupted', turnCount: 4 });
    expect(after.contextSummary).toMatch(/^Interrupted after 4 turns/);
    const { turns } = await shadow.get<{ turns: Turn[] }>(`/sessions/${session.id}/turns?from=1&to=4`);
    expect(turns.map((t) => [t.number, t.status, t.prompt, t.reply])).toEqual([
      [1, 'complete', prompts[0], `Answer to ${prompts[0]}`],
      [2, 'complete', prompts[1], `Answer to ${prompts[1]}`],
      [3, 'complete', prompts[2], `Answer to ${prompts[2]}`],
      [4, 'interrupted', 'Draft the reply to the customer', ''],
    ]);
    const toc = await shadow.get<Toc>(`/sessions/${session.id}/toc`);
    expect(toc.pending).toBe(0);
    expect(toc.entries).toHaveLength(4);

    const listed = await shadow.get<{ sessions: Session[] }>('/sessions?status=interrupted');
    expect(listed.sessions.map((s) => s.id)).toEqual([session.id]);
    const resume = await shadow.post<ResumeView>(`/sessions/${session.id}/resume`, {});
    expect(resume.session.status).toBe('active');
    expect(resume.block).toContain('Messages: 4 exchanges');
    expect(resume.block).toContain('Status before resuming: interrupted');
    expect(resume.block).toMatch(/Summary: Interrupted after 4 turns/);
    const next = await shadow.post<{ turn: Turn }>(`/sessions/${session.id}/messages`, { content: 'How long was I in the ledger today?' });
    expect(next.turn).toMatchObject({ number: 5, status: 'complete', engine: 'offline' });
    await waitFor(() => shadow!.get<Toc>(`/sessions/${session.id}/toc`), {
      what: 'the TOC line of turn 5',
      until: (toc) => toc.pending === 0,
      timeoutMs: 20_000,
      intervalMs: 50,
    });
  }, 120_000);
});

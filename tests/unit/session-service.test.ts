import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { formatClockTime } from '../../src/shared/format-clock-time';
import { EventBus } from '../../src/core/events';
import type { LlmClient, LlmRequest, LlmResult, OfflineAnswer } from '../../src/core/llm/llm-client';
import { createOfflineLlmClient } from '../../src/core/llm/offline-llm-client';
import { SessionService } from '../../src/core/sessions/session-service';
import { promptHash } from '../../src/core/sessions/system-prompt';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { ScreenTextRepository } from '../../src/core/store/repositories/screen-text-repository';
import { SessionRepository } from '../../src/core/store/repositories/session-repository';
import { recallEngineFor } from '../../src/core/recall/recall-engine';

const T0 = Date.parse('2026-11-02T09:00:00Z');
/** The clock time `min` minutes after T0, as the assistant writes it in this locale. */
const at = (min: number): string => formatClockTime(T0 + min * 60_000);

let db: Db;
let clock: ManualClock;
let activity: ActivityRepository;
let repo: SessionRepository;
let focused: { app: string | null; title: string | null };
/** Every service a test made: their background summaries stop before the database closes. */
const services: SessionService[] = [];

function service(llm: LlmClient = createOfflineLlmClient(), instructions?: string, events?: EventBus): SessionService {
  const made = new SessionService({
    events,
    repo,
    activity,
    screenText: new ScreenTextRepository(db),
    recall: recallEngineFor(db, true),
    llm,
    clock,
    llmContext: () => 'context',
    currentWindow: () => focused,
    ...(instructions !== undefined && { instructions }),
  });
  services.push(made);
  return made;
}

/** Records spans as the observer would: app, title, start and length in minutes from T0. */
function observe(spans: [app: string, title: string, startMin: number, minutes: number][]): void {
  const ws = activity.startWorkSession(T0, 'replay');
  const sink = activity.spanSink(() => ws);
  for (const [app, title, start, minutes] of spans) {
    sink.open({ kind: 'app', app, title, privateReason: null, startMs: T0 + start * 60_000, endMs: T0 + (start + minutes) * 60_000 });
  }
}

beforeEach(() => {
  db = openDatabase(':memory:');
  clock = new ManualClock(T0 + 4 * 3_600_000);
  activity = new ActivityRepository(db);
  repo = new SessionRepository(db);
  focused = { app: 'Excel', title: 'Ledger 2026.xlsx' };
});

afterEach(() => {
  for (const made of services.splice(0)) made.close();
  db.close();
});

describe('session service', () => {
  it('records the window in focus with each prompt and answers time questions from app time', async () => {
    observe([
      ['Excel', 'Ledger 2026.xlsx', 0, 90],
      ['Chrome', 'Invoice 4471 - Acme', 90, 30],
      ['Excel', 'Ledger 2026.xlsx', 120, 45],
    ]);
    const s = service();
    const session = s.create({ type: 'chat', tools: [] });
    const { turn } = await s.send(session.id, 'how long was I in the ledger today?');
    expect(turn).toMatchObject({ number: 1, app: 'Excel', windowTitle: 'Ledger 2026.xlsx', engine: 'offline' });
    expect(turn.reply).toBe(`You spent 2h 15m in “Ledger 2026.xlsx” today.\nFirst at ${at(0)}, last until ${at(165)}.`);
    expect(turn.evidence).toEqual([
      expect.objectContaining({ source: 'window', app: 'Excel', windowTitle: 'Ledger 2026.xlsx', at: new Date(T0).toISOString() }),
    ]);
    focused = { app: 'Chrome', title: 'Mail' };
    const second = await s.send(session.id, 'How much time did I spend in Chrome?');
    expect(second.turn).toMatchObject({ number: 2, app: 'Chrome', windowTitle: 'Mail' });
    expect(second.turn.reply).toBe('You spent 30m in Chrome today.');
    // No memory ran here: the tasks are cut from the spans the way memory cuts them.
    const what = await s.send(session.id, 'what did I do this morning?');
    // The two visits of the ledger are one thread of work: its window title names the same document.
    expect(what.turn.reply.split('\n')).toEqual([
      `This morning you were active 2h 45m, over 3 tasks in 2 threads of work from ${at(0)} to ${at(165)}.`,
      '',
      `- ${at(0)}–${at(165)} **Ledger 2026.xlsx** (2h 15m, 2 tasks; Excel)`,
      `- ${at(90)}–${at(120)} **Invoice 4471 - Acme** (30m; Chrome)`,
    ]);
    expect(what.turn.evidence.map((e) => e.source)).toEqual(['task', 'task']);
  });

  it('finds where something was seen in the screen text and window titles', async () => {
    observe([['Chrome', 'Acme portal', 0, 10]]);
    db.prepare(
      `INSERT INTO screen_text_entries (at_ms, app, title, text) VALUES (?, 'Chrome', 'Acme portal', 'Invoice 4471 total 1,250 EUR due Friday')`,
    ).run(T0 + 5 * 60_000);
    const s = service();
    const session = s.create({ type: 'chat', tools: [] });
    const { turn } = await s.send(session.id, 'When did I see invoice 4471?');
    expect(turn.reply.split('\n')).toEqual([`I saw “invoice 4471” once, at ${at(5)}:`, '', `- Chrome, “Acme portal”: ${at(5)}`]);
    // The evidence is the turn's, shown once by whatever shows the turn, never repeated in the reply.
    expect(turn.evidence[0]?.snippet).toBe('**Invoice** **4471** total 1,250 EUR due Friday');
    expect(turn.evidence).toEqual([
      expect.objectContaining({
        source: 'screen_text',
        app: 'Chrome',
        open: { at: new Date(T0 + 5 * 60_000).toISOString(), screenTextId: 1 },
      }),
    ]);
    const none = await s.send(session.id, 'when did I see the purchase order 99812?');
    expect(none.turn.reply).toMatch(/^I found no “purchase order 99812” on your screen or in window titles\./);
  });

  it('asks before pausing on a stop phrase, pauses on "yes", and pauses at once on /stop', async () => {
    const s = service();
    const session = s.create({ type: 'chat', tools: [] });
    await s.send(session.id, 'Reconcile the ledger for March');
    const ask = await s.send(session.id, "let's stop here");
    expect(ask.turn.reply).toMatch(/Shall I save and pause this session/);
    expect(ask.session).toMatchObject({ status: 'active', pauseRequested: true });
    const carryOn = await s.send(session.id, 'actually, one more: what did I do today?');
    expect(carryOn.session.pauseRequested).toBe(false);
    await s.send(session.id, "that's enough for today");
    const yes = await s.send(session.id, 'yes');
    expect(yes.turn.reply).toMatch(/^Saved and paused/);
    expect(yes.session).toMatchObject({ status: 'paused', pauseRequested: false, turnCount: 5 });
    expect(yes.session.pausedAt).toBe(new Date(clock.now()).toISOString());
    // A new message takes the session up again; /stop pauses without asking.
    expect((await s.send(session.id, 'what did I do today?')).session.status).toBe('active');
    const stop = await s.send(session.id, '/stop');
    expect(stop.turn.engine).toBe('command');
    expect(stop.session.status).toBe('paused');
    await s.idle();
    // Pause commands never retitle the session.
    expect(s.titleHistory(session.id).entries.map((e) => e.title)).toEqual(['Ledger for March']);
    expect(s.toc(session.id).entries.map((e) => e.summary)).toContain('Confirmed: paused the session');
  });

  it('writes a streaming reply down each time 500 ms have passed on its clock, so a crash keeps most of it', async () => {
    let sessionId = '';
    const storedAfterPiece: string[] = [];
    const streaming: LlmClient = {
      configured: true,
      visionEnabled: false,
      complete: async (request) => ({
        text: request.purpose === 'title' ? 'Ledger' : 'A line',
        toolCalls: [],
        engine: 'llm',
        model: 'm',
        fallbackReason: null,
      }),
      async stream(_request, _offline, onDelta) {
        for (const piece of ['The ', 'ledger ', 'balances ', 'to the cent', '.']) {
          onDelta(piece);
          storedAfterPiece.push(repo.getTurn(sessionId, 1)!.reply);
          clock.advance(300);
        }
        return { text: 'The ledger balances to the cent.', toolCalls: [], engine: 'llm', model: 'm', fallbackReason: null };
      },
    };
    const s = service(streaming);
    sessionId = s.create({ type: 'chat', tools: [] }).id;
    const { turn } = await s.send(sessionId, 'does the ledger balance?');
    // Pieces arrive at +0, +300, +600, +900 and +1200 ms: written down at +600 and at +1200.
    expect(storedAfterPiece).toEqual(['', '', 'The ledger balances ', 'The ledger balances ', 'The ledger balances to the cent.']);
    expect(turn).toMatchObject({ status: 'complete', engine: 'llm', reply: 'The ledger balances to the cent.' });
    await s.idle();
  });

  it('keeps at most 5 summary calls in flight across sessions, and never makes them turns', async () => {
    let inFlight = 0;
    let most = 0;
    const purposes: string[] = [];
    const slowLlm: LlmClient = {
      configured: true,
      visionEnabled: false,
      async complete(request: LlmRequest, _offline: OfflineAnswer): Promise<LlmResult> {
        purposes.push(request.purpose);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return {
          text: request.purpose === 'title' ? 'Some title' : 'A line',
          toolCalls: [],
          engine: 'llm',
          model: 'm',
          fallbackReason: null,
        };
      },
      async stream(_request, _offline, onDelta) {
        onDelta('reply');
        return { text: 'reply', toolCalls: [], engine: 'llm', model: 'm', fallbackReason: null };
      },
    };
    const s = service(slowLlm);
    const sessions = Array.from({ length: 12 }, () => s.create({ type: 'chat', tools: [] }));
    await Promise.all(sessions.map((x) => s.send(x.id, 'summarize the ledger work')));
    await s.idle();
    expect(most).toBe(5);
    expect(purposes.filter((p) => p === 'toc')).toHaveLength(12);
    for (const x of sessions) {
      expect(s.get(x.id).turnCount).toBe(1);
      expect(s.toc(x.id).entries[0]).toMatchObject({ summary: 'A line', summarySource: 'llm' });
    }
  });

  it('caps the title history at 20 entries, newest first', async () => {
    const s = service();
    const session = s.create({ type: 'design', tools: [] });
    for (let i = 1; i <= 25; i++) s.update(session.id, { title: `Title number ${i}` });
    const history = s.titleHistory(session.id);
    expect(history.entries).toHaveLength(20);
    expect(history.entries[0]!.title).toBe('Title number 25');
    expect(history.entries[19]!.title).toBe('Title number 6');
  });

  it('adds nothing since the pause when nothing was observed after it, however much a replayed day holds', () => {
    // A recorded day replayed on a clock of its own, ended an hour into it; the conversation is in the user's time.
    observe([['Outlook', 'Inbox', 0, 60]]);
    const replayed = new ManualClock(T0 + 3_600_000);
    const made = new SessionService({
      repo,
      activity,
      screenText: new ScreenTextRepository(db),
      recall: recallEngineFor(db, true),
      llm: createOfflineLlmClient(),
      clock,
      observedClock: replayed,
      llmContext: () => 'context',
      currentWindow: () => focused,
    });
    services.push(made);
    const session = made.create({ type: 'chat', tools: [] });
    made.pause(session.id);
    clock.advance(14 * 60_000);
    const resume = made.resume(session.id);
    expect(resume.changesSincePause).toEqual([]);
    expect(resume.block).toContain("Since then the user's observed work: no activity observed");
  });

  it('warns on resume when the instructions changed, and reports app time since the pause', async () => {
    const session = service(undefined, 'old instructions').create({ type: 'chat', tools: [] });
    expect(session.systemPromptHash).toBe(promptHash('old instructions'));
    observe([['Figma', 'Checkout redesign', 300, 40]]);
    clock.set(T0 + 6 * 3_600_000);
    const resume = service(undefined, 'new instructions').resume(session.id);
    expect(resume.warning).toMatch(/instructions changed/);
    expect(resume.block).toContain("Note: The assistant's instructions changed");
    expect(resume.changesSincePause).toEqual([{ app: 'Figma', seconds: 2400 }]);
    expect(resume.block).toContain("Since then the user's observed work: 40m in Figma (40m active in all)");
    expect(resume.block).toContain('Last active: 2 hours ago');
    expect(service(undefined, 'old instructions').resumeView(session.id).warning).toBeNull();
  });

  it('marks sessions a crash left active as interrupted, with a summary and a TOC line for each turn', async () => {
    const s = service();
    const session = s.create({ type: 'chat', tools: [] });
    await s.send(session.id, 'Fix the ledger export button');
    repo.startTurn({
      sessionId: session.id,
      prompt: 'Half-finished question',
      app: null,
      windowTitle: null,
      promptTokens: 3,
      engine: 'llm',
      at: clock.now(),
    });
    repo.saveReplySoFar(session.id, 2, 'The partial');
    const paused = s.create({ type: 'chat', tools: [] });
    repo.startTurn({
      sessionId: paused.id,
      prompt: 'Question sent just before pausing',
      app: null,
      windowTitle: null,
      promptTokens: 5,
      engine: 'llm',
      at: clock.now(),
    });
    repo.updateSession(paused.id, { status: 'paused' });
    // A new process starts: summaries queued by the old one never ran.
    const restarted = service();
    expect(restarted.recoverInterrupted()).toEqual([session.id]);
    const after = restarted.get(session.id);
    expect(after.status).toBe('interrupted');
    expect(after.contextSummary).toMatch(/^Interrupted after 2 turns.*Half-finished question/);
    expect(restarted.turn(session.id, 2).turn).toMatchObject({ status: 'interrupted', reply: 'The partial' });
    expect(restarted.toc(session.id).pending).toBe(0);
    expect(restarted.get(paused.id).status).toBe('paused');
    expect(restarted.turn(paused.id, 1).turn).toMatchObject({ status: 'interrupted', summary: 'Question sent just before pausing' });
    expect(restarted.recoverInterrupted()).toEqual([]);
  });

  it('lists sessions with a fuzzy title match and refuses broken imports with a clear message', async () => {
    const s = service();
    const a = s.create({ type: 'ticket', title: 'Ledger export bug', tools: [] });
    s.create({ type: 'chat', title: 'Vacation planning', tools: [] });
    expect(s.list({ q: 'ledgr export', limit: 10 }).map((x) => x.id)).toEqual([a.id]);
    expect(s.list({ q: a.id, limit: 10 }).map((x) => x.id)).toEqual([a.id]);
    expect(s.list({ type: 'chat', limit: 10 }).map((x) => x.title)).toEqual(['Vacation planning']);
    expect(() => s.import({ 'session.json': '{nope', 'messages.jsonl': '' })).toThrow(/session.json is not valid JSON/);
    const files = s.export(a.id).files;
    expect(() => s.import({ ...files, 'messages.jsonl': '{"role":"user"}\n' })).toThrow(/messages.jsonl line 1/);
    expect(() => s.import(files)).toThrow(/already exists/);
  });

  it('sends the last turns whole and summarizes older ones when the history is over budget', async () => {
    const s = service();
    const session = s.create({ type: 'chat', tools: [] });
    for (let i = 1; i <= 12; i++) await s.send(session.id, `Question number ${i} about the ledger ${'word '.repeat(40)}`);
    await s.idle();
    const resume = s.resumeView(session.id, 400);
    expect(resume.summarizedTurns).toBeGreaterThan(0);
    expect(resume.wholeTurns + resume.summarizedTurns).toBe(12);
    expect(resume.history[0]!.content).toMatch(/^Summary of turns 1–\d+/);
    expect(resume.history[0]!.content).toContain('Turn 1: Question number 1 about the ledger');
    expect(resume.history.at(-2)).toMatchObject({ role: 'user', content: expect.stringMatching(/^Question number 12 /) });
    const all = s.resumeView(session.id, 1_000_000);
    expect(all).toMatchObject({ summarizedTurns: 0, wholeTurns: 12 });
    expect(all.history).toHaveLength(24);
  });

  it('announces completed turns, TOC lines, title changes and status changes on the event bus', async () => {
    const events = new EventBus();
    const seen: string[] = [];
    const streamed = new Map<number, string>();
    events.on('session:turn-started', (e) => seen.push(`started ${e.turn}: ${e.prompt}`));
    events.on('session:reply-delta', (e) => streamed.set(e.turn, (streamed.get(e.turn) ?? '') + e.text));
    events.on('session:turn-completed', (e) => seen.push(`turn ${e.turn}`));
    events.on('session:toc-updated', (e) => seen.push(`toc ${e.turn}: ${e.summary} (${e.source})`));
    events.on('session:title-changed', (e) => seen.push(`title ${e.title} @${e.turn}`));
    events.on('session:status-changed', (e) => seen.push(`status ${e.status}`));
    const s = service(undefined, undefined, events);
    const session = s.create({ type: 'chat', tools: [] });
    await s.send(session.id, 'Reconcile the ledger for March');
    await s.idle();
    await s.send(session.id, '/stop');
    await s.idle();
    s.resume(session.id);
    expect(seen).toEqual([
      'started 1: Reconcile the ledger for March',
      'turn 1',
      'toc 1: Reconcile the ledger for March (extractive)',
      'title Ledger for March @1',
      'started 2: /stop',
      'turn 2',
      'status paused',
      'toc 2: Paused the session (/stop) (extractive)',
      'status active',
    ]);
    // The window renders replies from these pieces: they add up to exactly what was stored.
    for (const n of [1, 2]) expect(streamed.get(n)).toBe(s.turn(session.id, n).turn.reply);
  });

  it('deletes a conversation: refused while its reply streams, summary work in flight writes nothing after', async () => {
    const gate = (): { reached: Promise<void>; arrive: () => Promise<void>; open: () => void } => {
      let arrived = (): void => {};
      let open = (): void => {};
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { reached, open, arrive: () => (arrived(), opened) };
    };
    const reply = gate();
    const summary = gate();
    // The chat request and the TOC line's request carry the prompt.
    const aboutDoomed = (request: LlmRequest): boolean => request.messages.some((m) => m.content.includes('Void the duplicate'));
    const gated: LlmClient = {
      configured: true,
      visionEnabled: false,
      async complete(request) {
        if (request.purpose === 'toc' && aboutDoomed(request)) await summary.arrive();
        const text = request.purpose === 'title' ? 'Vendor bill cleanup' : 'A line';
        return { text, toolCalls: [], engine: 'llm', model: 'm', fallbackReason: null };
      },
      async stream(request, _offline, onDelta) {
        if (aboutDoomed(request)) await reply.arrive();
        onDelta('Done.');
        return { text: 'Done.', toolCalls: [], engine: 'llm', model: 'm', fallbackReason: null };
      },
    };
    const events = new EventBus();
    const deletedEvents: string[] = [];
    const titles: string[] = [];
    events.on('session:deleted', (e) => deletedEvents.push(e.sessionId));
    events.on('session:title-changed', (e) => titles.push(e.sessionId));
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const s = service(gated, undefined, events);
      const doomed = s.create({ type: 'ticket', title: 'Duplicate bill', tools: [] });
      const kept = s.create({ type: 'chat', tools: [] });
      await s.send(kept.id, 'Keep this conversation');
      const sending = s.send(doomed.id, 'Void the duplicate vendor bill');
      await reply.reached;
      expect(() => s.delete(doomed.id)).toThrow(/still replying; wait for the reply to finish, then delete it/);
      reply.open();
      await sending;
      // Its TOC line is being written (the LLM call is in flight) when the session goes.
      await summary.reached;
      expect(s.delete(doomed.id)).toEqual({ id: doomed.id, title: 'Duplicate bill', turns: 1 });
      summary.open();
      await s.idle();
      expect(() => s.get(doomed.id)).toThrow(/was not found/);
      expect(() => s.delete(doomed.id)).toThrow(/was not found/);
      expect(s.list({ limit: 10 }).map((x) => x.id)).toEqual([kept.id]);
      expect(s.searchAll({ q: 'duplicate', screen: false, limit: 10 }).hits).toEqual([]);
      expect(deletedEvents).toEqual([doomed.id]);
      expect(titles).toEqual([kept.id]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes(doomed.id))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateFamily } from '../../scripts/day/job-day';
import { jobDay } from '../../scripts/day/jobs/index';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import type { DayOverview, DayTimeline, WorkSessionDetail, WorkThreadView } from '../../src/shared/contract/index';
import { threadCount, threadName, threadSpan, threadState } from '../../src/shared/thread-words';
import { DayOracle } from '../fixtures/day-oracle';
import { DemoDayOracle } from '../fixtures/demo-day-oracle';
import { replayJobDay } from '../fixtures/other-days-replay';
import { demoReplayOptions, replayDemoDayForRecall } from '../fixtures/recall-replay';
import { runShadow } from '../helpers/shadow-process';
import { createTempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Work threads on whole recorded days (issue 24, point 2): the demo day and days of other jobs, each
 * replayed with memory and OCR, checked against the day's truth (the script that generated it) and
 * across every surface. A right summary names each record the person opened in a window of its own as a
 * thread, with its kind, the state it was last seen in, its time in all and its apps; Today (the
 * timeline), `/day`, the work session, the final summary, "summarise my day", MCP and `shadow today`
 * count the same tasks and threads.
 */

/** A record of the day's truth as a thread should tell it. */
interface ExpectedThread {
  readonly id: string;
  /** Other ways its window titles name it. */
  readonly aliases: readonly string[];
  /** The kinds of record a thread may call it: the truth's, or the word its own windows call it by. */
  readonly kinds: readonly string[] | null;
  /** The state the screens last showed it in, as shown and where it leaves the work (null when none was shown). */
  readonly state: { readonly text: string; readonly status: string } | null;
  /** Active seconds in the windows whose title names it by its id: the thread holds them all. */
  readonly ownSeconds: number;
  readonly apps: readonly string[];
}

interface Seen {
  readonly expected: readonly ExpectedThread[];
  readonly day: DayOverview;
  readonly timeline: DayTimeline;
  readonly workSession: WorkSessionDetail;
  readonly workSessions: number;
  readonly reply: string;
  readonly mcp: string;
  readonly cli: string;
}

const seen = new Map<string, Seen>();

/** Kinds the threads name in everyday words: the truth's kind for these, none asserted for the rest. */
const KIND_WORDS = new Set(['ticket', 'invoice', 'quote', 'document']);

/** Where a state family of the truth leaves the work, in the contract's words (resolved and approved are done). */
const STATUS: Readonly<Record<StateFamily, string>> = {
  open: 'open',
  'in progress': 'open',
  waiting: 'waiting',
  scheduled: 'scheduled',
  resolved: 'done',
  approved: 'done',
  done: 'done',
  declined: 'declined',
};

const stateOf = (state: readonly [string, StateFamily] | null): ExpectedThread['state'] =>
  state ? { text: state[0], status: STATUS[state[1]] } : null;

/** Records of a job's day opened in a window of their own (its title names them), with what the truth says of them. */
function jobExpectations(id: string): ExpectedThread[] {
  const oracle = new DayOracle(jobDay(id));
  return oracle.job.truth.items.flatMap((item) => {
    const own = oracle.segments.filter((s) => !s.idle && !s.private && s.title.includes(item.id));
    if (own.length === 0) return [];
    const titleWords = new Set(own.flatMap((s) => s.title.toLowerCase().match(/\p{L}+/gu) ?? []));
    return [
      {
        id: item.id,
        aliases: item.aliases ?? [],
        kinds: KIND_WORDS.has(item.kind) ? [item.kind, ...titleWords] : null,
        state: stateOf(oracle.lastState(item.id)),
        ownSeconds: own.reduce((sum, s) => sum + s.seconds, 0),
        apps: [...new Set(own.map((s) => s.app))],
      },
    ];
  });
}

/** The demo day's records, from its schedule: the invoice (approved by its last screen) and the two workbooks. */
function demoExpectations(): ExpectedThread[] {
  const oracle = new DemoDayOracle();
  const record = (id: string, aliases: string[], kind: string, state: ExpectedThread['state']): ExpectedThread => {
    const own = oracle.segments.filter((s) => !s.idle && !s.private && [id, ...aliases].some((n) => s.title.includes(n)));
    return {
      id,
      aliases,
      kinds: [kind],
      state,
      ownSeconds: own.reduce((sum, s) => sum + s.seconds, 0),
      apps: [...new Set(own.map((s) => s.app))],
    };
  };
  return [
    record('Invoice 4471', ['Invoice-4471'], 'invoice', { text: 'approved', status: 'done' }),
    record('Q3 Budget.xlsx', [], 'document', null),
    record('Ledger 2026.xlsx', [], 'document', null),
  ];
}

async function mcpSummary(core: ShadowCore): Promise<string> {
  const server = createMcpServer({
    handlers: createHandlers(core),
    liveActivity: async () => null,
    recentImages: () => ({ refused: 'not in this test' }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'work-threads-test', version: '1.0.0' });
  await client.connect(clientSide);
  const result = (await client.callTool({ name: 'work_session_summary', arguments: {} })) as { content: { text: string }[] };
  await client.close();
  return result.content.map((c) => c.text).join('\n');
}

const DAYS = ['demo', 'engineer', 'sales', 'clinic'] as const;

beforeAll(async () => {
  for (const id of DAYS) {
    const home = createTempShadowHome();
    let core: ShadowCore;
    if (id === 'demo') {
      core = createShadowCore({ env: {}, paths: home.paths, ...demoReplayOptions });
      await replayDemoDayForRecall(core);
    } else core = await replayJobDay(jobDay(id), home);
    try {
      const handlers = createHandlers(core);
      const day = await callOperation(handlers, 'dayOverview', {});
      const timeline = (await callOperation(handlers, 'timeline', {})).days[0]!;
      const sessions = await callOperation(handlers, 'listWorkSessions', { limit: 20 });
      const workSession = await callOperation(handlers, 'getWorkSession', { id: sessions.workSessions[0]!.id });
      const chat = core.sessions.create({ type: 'chat', tools: [] });
      const reply = (await core.sessions.send(chat.id, 'summarise my day')).turn.reply;
      const mcp = await mcpSummary(core);
      core.close();
      const cli = await runShadow(['today'], home.env);
      expect(cli.code, cli.stderr).toBe(0);
      const expected = id === 'demo' ? demoExpectations() : jobExpectations(id);
      seen.set(id, { expected, day, timeline, workSession, workSessions: sessions.workSessions.length, reply, mcp, cli: cli.stdout });
    } finally {
      core.close();
      home.remove();
    }
  }
}, 900_000);

afterAll(() => seen.clear());

/** The thread a record names: by its id or an alias, or joined into another thread's records. */
function threadOf(threads: readonly WorkThreadView[], record: ExpectedThread): WorkThreadView | undefined {
  const names = [record.id, ...record.aliases];
  const named = (text: string): boolean => names.some((n) => text.includes(n));
  return threads.find((t) => t.kind !== null && named(t.name)) ?? threads.find((t) => t.records.some(named));
}

describe.each(DAYS.map((d) => [d] as const))('the %s day', (id) => {
  it('names each record opened in a window of its own as a thread, with its kind, state, time in all and apps', () => {
    const { expected, day } = seen.get(id)!;
    expect(expected.length).toBeGreaterThanOrEqual(3);
    for (const record of expected) {
      const thread = threadOf(day.threads, record);
      expect(thread, `${record.id} in ${day.threads.map((t) => t.name).join(' | ')}`).toBeDefined();
      // A record joined into another's thread (the pull request that fixes a ticket) is told with that thread.
      if (!thread!.name.includes(record.id) && !record.aliases.some((a) => thread!.name.includes(a))) continue;
      if (record.kinds) expect(record.kinds, `${record.id} called ${thread!.kind}`).toContain(thread!.kind);
      // The state it was left in: where it leaves the work, and the words the screen showed it in.
      if (record.state) {
        expect(thread!.state?.status, record.id).toBe(record.state.status);
        expect(record.state.text.toLowerCase(), record.id).toContain(threadState(thread!));
      }
      // All its own windows' time, and its tasks' time in the other windows they took in: within its span.
      expect(thread!.seconds, record.id).toBeGreaterThanOrEqual(record.ownSeconds * 0.9);
      expect(thread!.seconds, record.id).toBeLessThanOrEqual((Date.parse(thread!.endedAt) - Date.parse(thread!.startedAt)) / 1000);
      for (const app of record.apps) expect(thread!.apps, record.id).toContain(app);
    }
  });

  it('puts every task of the day in exactly one thread, the same on Today, the day and the work session', () => {
    const { day, timeline, workSession, workSessions } = seen.get(id)!;
    const ids = day.threads.flatMap((t) => t.taskIds).sort((a, b) => a - b);
    expect(ids).toEqual(day.tasks.map((t) => t.id).sort((a, b) => a - b));
    expect(timeline.threads).toEqual(day.threads);
    expect(timeline.tasks.length).toBe(day.tasks.length);
    if (workSessions === 1) expect(workSession.threads.map((t) => t.id)).toEqual(day.threads.map((t) => t.id));
    expect(day.threads.length).toBeLessThan(day.tasks.length);
  });

  it('counts the same tasks and threads in the final summary, "summarise my day", MCP and shadow today', () => {
    const { day, reply, mcp, cli, workSession } = seen.get(id)!;
    const count = threadCount(day.tasks.length, day.threads.length);
    expect(reply).toContain(count);
    expect(cli).toContain(`Work: ${count}`);
    expect(mcp).toContain(`Work threads: ${threadCount(workSession.tasks.length, workSession.threads.length)}`);
    expect(day.latestSummary?.kind).toBe('final');
    expect(day.latestSummary!.text).toContain(threadCount(workSession.tasks.length, workSession.threads.length));
  });

  it('names the threads the most time went to, with their state, in the final summary, MCP and shadow today', () => {
    const { day, mcp, cli } = seen.get(id)!;
    const summary = day.latestSummary!.text;
    const top = [...day.threads].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
    for (const thread of top) {
      const name = threadName(thread);
      expect(summary, name).toContain(name);
      expect(mcp, name).toContain(name);
      expect(cli, name).toContain(name);
      const state = threadState(thread);
      if (state) {
        expect(summary).toContain(`${name} — `);
        expect(summary.split('\n').find((l) => l.includes(`${name} — `))).toContain(`last seen ${state}`);
        expect(cli.split('\n').find((l) => l.includes(name) && l.includes(threadSpan(thread)))).toContain(state);
      }
    }
  });
});

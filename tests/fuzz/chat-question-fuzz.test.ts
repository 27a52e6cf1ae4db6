import { Agent, request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_DAYS } from '../../scripts/day/jobs/index';
import { createHandlers } from '../../src/core/api/handlers';
import type { ShadowCore } from '../../src/core/shadow-core';
import { API_PREFIX, startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import { createMcpServer } from '../../src/server/mcp/create-mcp-server';
import { operationList } from '../../src/shared/contract/index';
import { replayJobDay } from '../fixtures/other-days-replay';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Questions a person might type, generated (issue 24, point 4): templates × the replayed day's own
 * apps, windows, work items, people and organisations × time words × typos, case and punctuation, plus
 * arbitrary unicode. Each goes through the chat over HTTP, and the same text through the MCP tools that
 * take a person's words (search_screen, search_all_sessions, list_sessions); every answer is a success
 * with a readable reply (never a 500, an empty text, "undefined"/"null"/"NaN" or a stack trace), and the
 * engine answers a known question the same way afterwards. Seeded so a failure replays (FUZZ_SEED).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const HTTP_QUESTIONS = Number(process.env.FUZZ_CHAT_CASES ?? 2000);
const MCP_QUESTIONS = Number(process.env.FUZZ_CHAT_MCP_CASES ?? 2000);
const TOKEN = 'chat-fuzz-token-0123456789abcdef';
const day = JOB_DAYS.find((d) => d.id.includes('engineer')) ?? JOB_DAYS[0]!;

let home: TempShadowHome;
let core: ShadowCore;
let http: RunningHttpServer;
let mcp: Client;
const agent = new Agent({ keepAlive: true, maxSockets: 2 });

interface Reply {
  readonly status: number;
  readonly text: string;
}

function post(path: string, body: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: http.port,
        method: 'POST',
        path: `${API_PREFIX}${path}`,
        agent,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * A probe on a connection of its own: after the MCP run, whose in-memory transport only awaits promises,
 * no timer or socket event ran for as long as it lasted, so the server's keep-alive timeout (5 s) fires
 * only once a pooled socket is being reused, and that request reads ECONNRESET.
 */
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: http.port, path: `${API_PREFIX}${path}`, agent: false, headers: { authorization: `Bearer ${TOKEN}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The nouns of the day itself, so generated questions name what is really in its memory. */
const nouns = [
  ...new Set([
    ...Object.values(day.windows).flatMap((w) => [w.app, w.title.split(' - ')[0]!]),
    ...day.truth.items.flatMap((i) => [i.id, i.title, ...(i.aliases ?? [])]),
    ...day.truth.people.map((p) => p.name),
    ...day.truth.organisations,
    ...day.truth.hosts,
    ...day.truth.documents,
  ]),
].filter((n) => n.trim().length > 0);

const TEMPLATES = [
  'how long was I in {n}{t}',
  'when did I first open {n}{t}',
  'when did i last look at {n}',
  'what was I doing{t}',
  'walk me through{t}',
  'summarise my day',
  'who was in the {n} meeting',
  'who assigned {n}',
  'who do I owe a reply to',
  'which tickets did I work on{t}',
  'which servers did I touch{t}',
  'how much was {n}',
  "what's still open",
  'why did I open {n}',
  'what did I do in {n}{t}',
  'what did I get up to once lunch was over',
  'should I reply to {n} first',
  'draft an email to {n}',
  'tell me about {n}',
  '{n}',
  '{n}{t}?',
  'how many times did I switch to {n}',
  'was I idle{t}',
  'what happened between {n} and lunch',
];

const TIME_WORDS = [
  '',
  ' today',
  ' at twenty past ten',
  ' at half past two',
  ' this morning',
  ' this afternoon',
  ' first thing',
  ' at the end of day',
  ' after lunch',
  ' before lunch',
  ' after the stand-up',
  ' around 9:15',
  ' at 3pm',
  ' between 10 and 11',
  ' yesterday',
  ' last week',
  ' at 25:99',
  ' at 0:00',
  ' at midnight',
  ' on 2026-02-31',
  ' in the last 5 minutes',
  ' 3 hours ago',
  ' the day after tomorrow',
];

/** A typo a hurried person makes: two letters swapped, one dropped or doubled. */
function typo(text: string, at: number, kind: number): string {
  if (text.length < 3) return text;
  const i = at % (text.length - 1);
  if (kind === 0) return text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
  if (kind === 1) return text.slice(0, i) + text.slice(i + 1);
  return text.slice(0, i) + text[i] + text.slice(i);
}

const templated: fc.Arbitrary<string> = fc
  .record({
    template: fc.constantFrom(...TEMPLATES),
    noun: fc.constantFrom(...nouns),
    time: fc.constantFrom(...TIME_WORDS),
    typos: fc.array(fc.tuple(fc.nat(), fc.nat(2)), { maxLength: 2 }),
    kase: fc.constantFrom('as-is', 'lower', 'upper', 'first-lower'),
    end: fc.constantFrom('', '?', '??', '!', '…', ' ?', '.', '?!', ' 🙂', '¿'),
    pad: fc.constantFrom('', '  ', '\t', '"', '> '),
  })
  .map(({ template, noun, time, typos, kase, end, pad }) => {
    let text = template.replace('{n}', noun).replace('{t}', time);
    for (const [at, kind] of typos) text = typo(text, at, kind);
    text =
      kase === 'lower'
        ? text.toLowerCase()
        : kase === 'upper'
          ? text.toUpperCase()
          : kase === 'first-lower'
            ? text.charAt(0).toLowerCase() + text.slice(1)
            : text;
    return `${pad}${text}${end}`;
  });

/** Other languages, scripts, control characters, lone surrogates, long runs. */
const arbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
  fc.constantFrom(
    'was habe ich heute um halb elf gemacht?',
    '¿cuánto tiempo pasé en el correo hoy?',
    '今日は何をしましたか',
    'что я делал после обеда?',
    'ما الذي فعلته اليوم؟',
    '?'.repeat(300),
    'a'.repeat(5000),
    '%s %d ${x} {{n}} <script>alert(1)</script>',
    "'; DROP TABLE tasks; --",
    'NEAR(" OR * AND ^ "',
    '\u0000\u0001 what',
    '   ',
    '\n\t ',
  ),
);

const question: fc.Arbitrary<string> = fc.oneof({ weight: 4, arbitrary: templated }, { weight: 1, arbitrary });

const BROKEN = /\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|\n\s+at .+:\d+:\d+/;

/** The reply is readable: words, and none of the leaked placeholders the question did not bring in itself. */
function expectReadable(reply: string, asked: string, what: string): void {
  expect(reply.trim().length, `${what}: an empty reply`).toBeGreaterThan(0);
  const leaked = BROKEN.exec(reply)?.[0];
  if (leaked && !asked.toLowerCase().includes(leaked.trim().toLowerCase())) expect.fail(`${what}: the reply shows "${leaked}": ${reply}`);
}

/** Whether the contract takes this text as the operation's input: the oracle for a refusal. */
function accepts(operation: string, input: Record<string, unknown>): boolean {
  const spec = operationList.find((s) => s.name === operation);
  if (!spec) throw new Error(`No operation ${operation} in the contract`);
  return spec.input.safeParse(input).success;
}

let chatSession = '';
let asked = 0;
async function newChat(): Promise<string> {
  const created = await post('/sessions', { type: 'chat', tools: [] });
  expect(created.status, created.text).toBe(200);
  return (JSON.parse(created.text) as { id: string }).id;
}

const KNOWN = 'how long was I in the terminal today?';
let knownBefore = '';

async function askOverHttp(content: string): Promise<Reply> {
  // A fresh conversation now and then, so no answer leans on hundreds of earlier turns.
  if (asked++ % 40 === 0) chatSession = await newChat();
  return post(`/sessions/${chatSession}/messages`, { content });
}

beforeAll(async () => {
  home = createTempShadowHome('shadow-chat-fuzz-');
  core = await replayJobDay(day, home);
  const handlers = createHandlers(core);
  http = await startHttpServer({ core, handlers, token: TOKEN, port: 0 });
  const server = createMcpServer({
    handlers,
    liveActivity: async () => core.observer.immediateContext(),
    recentImages: () => ({ refused: 'not in the fuzz' }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  mcp = new Client({ name: 'chat-fuzz', version: '1.0.0' });
  await mcp.connect(clientSide);
  const reply = await askOverHttp(KNOWN);
  knownBefore = (JSON.parse(reply.text) as { turn: { reply: string } }).turn.reply;
}, 400_000);

afterAll(async () => {
  await mcp?.close();
  await http?.close();
  agent.destroy();
  core?.close();
  home?.remove();
});

describe('generated questions through the chat', () => {
  it(`answers ${HTTP_QUESTIONS} of them over HTTP, each with a readable reply`, async () => {
    let answered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const reply = await askOverHttp(q);
        const what = `POST messages ${JSON.stringify(q.slice(0, 200))} → ${reply.status} ${reply.text.slice(0, 400)}`;
        if (!accepts('sendMessage', { id: chatSession, content: q })) {
          // Empty, NUL or oversized: the contract's own clear refusal, never a crash.
          expect(reply.status, what).toBe(400);
          refused++;
          return;
        }
        expect(reply.status, what).toBe(200);
        const { turn } = JSON.parse(reply.text) as { turn: { reply: string; status: string } };
        expect(turn.status, what).not.toBe('failed');
        expectReadable(turn.reply, q, what);
        answered++;
      }),
      { seed: SEED, numRuns: HTTP_QUESTIONS, endOnFailure: true },
    );
    console.log(`chat fuzz (seed ${SEED}): ${answered} questions answered over HTTP, ${refused} refused by the contract`);
    expect(answered).toBeGreaterThan(HTTP_QUESTIONS * 0.9);
    expect(await get('/health')).toBe(200);
    const again = await askOverHttp(KNOWN);
    expect((JSON.parse(again.text) as { turn: { reply: string } }).turn.reply).toBe(knownBefore);
  }, 900_000);

  it(`answers ${MCP_QUESTIONS} of them through the MCP tools that take a person's words`, async () => {
    const tools = [
      { tool: 'search_screen', operation: 'searchScreen', arg: 'query' },
      { tool: 'search_all_sessions', operation: 'searchAll', arg: 'query' },
      { tool: 'list_sessions', operation: 'listSessions', arg: 'query' },
    ];
    let answered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(question, fc.nat(tools.length - 1), async (q, which) => {
        const { tool, operation, arg } = tools[which]!;
        const call = { name: tool, arguments: { [arg]: q } };
        const result = (await mcp.callTool(call)) as { isError?: boolean; content: { type: string; text?: string }[] };
        const text = result.content.map((c) => c.text ?? '').join('\n');
        const what = `${call.name} ${JSON.stringify(q.slice(0, 200))} → ${text.slice(0, 400)}`;
        expect(text.trim().length, `${what}: empty`).toBeGreaterThan(0);
        expect(result.isError === true, `${what}: refused where the contract takes it, or the reverse`).toBe(!accepts(operation, { q }));
        if (result.isError) {
          expect(text, what).not.toMatch(/internal|TypeError|Cannot read/i);
          refused++;
          return;
        }
        expectReadable(text, q, what);
        answered++;
      }),
      { seed: SEED + 1, numRuns: MCP_QUESTIONS, endOnFailure: true },
    );
    console.log(`chat fuzz (seed ${SEED + 1}): ${answered} questions answered through MCP, ${refused} refused with a reason`);
    expect(answered).toBeGreaterThan(MCP_QUESTIONS * 0.6);
    expect(await get('/health')).toBe(200);
  }, 900_000);
});

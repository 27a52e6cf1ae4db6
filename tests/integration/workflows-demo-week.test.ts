import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_DATES } from '../../scripts/day/demo-week';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import type { ShadowCore } from '../../src/core/shadow-core';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import type { Workflow, WorkflowList } from '../../src/shared/contract/workflows';
import { DEMO_WEEK_DIR, replayDemoWeek } from '../fixtures/demo-week-replay';
import { WEEK_EXPECTED_FILE } from '../../scripts/day/write-week';
import type { ExpectedAppTime } from '../../scripts/day/timeline';
import { localDayBounds } from '../../src/core/time';
import {
  discoveredOf,
  finishedTruthCases,
  median,
  stepSequence,
  truthActiveSeconds,
  truthSequence,
  truthStepOf,
  WEEK_TRUTH,
} from '../fixtures/demo-week-truth';
import { parseOcel, parseXes } from '../helpers/event-log-parsers';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Workflows across days (issue 28) on the demo week: five days of the accounts-payable clerk replayed
 * with memory and a perfect reading of the screens, then discovery, the questions, chat, the guide, the
 * event logs, the API and MCP checked against the week's truth script (scripts/day/demo-week.ts).
 */
const FROM = WEEK_DATES[0];
const TO = WEEK_DATES.at(-1)!;
const TOKEN = 'workflows-test-token-0123456789';

let home: TempShadowHome;
let core: ShadowCore;
let handlers: Handlers;
let http: RunningHttpServer;
let list: WorkflowList;
let invoices: Workflow;
let tickets: Workflow;

beforeAll(async () => {
  home = createTempShadowHome();
  core = await replayDemoWeek(home);
  handlers = createHandlers(core);
  http = await startHttpServer({ core, handlers, token: TOKEN, port: 0 });
  list = await callOperation(handlers, 'listWorkflows', { from: FROM, to: TO });
  invoices = discoveredOf(list.workflows, WEEK_TRUTH.workflows[0]!)!;
  tickets = discoveredOf(list.workflows, WEEK_TRUTH.workflows[1]!)!;
}, 300_000);

afterAll(async () => {
  await http?.close();
  core?.close();
  home?.remove();
});

describe('the week replays into one profile', () => {
  it('records each day’s app time, idle and private time as the week’s script has them', () => {
    const expected = JSON.parse(readFileSync(join(DEMO_WEEK_DIR, WEEK_EXPECTED_FILE), 'utf8')) as ExpectedAppTime[];
    expect(core.activity.listWorkSessions(10)).toHaveLength(WEEK_DATES.length);
    for (const day of expected) {
      const got = core.activity.appTime({ window: localDayBounds(day.date) });
      expect(Math.abs(got.totalActiveSeconds - day.activeSeconds), `${day.date} active`).toBeLessThanOrEqual(day.activeSeconds * 0.01);
      expect(Math.abs(got.idleSeconds - day.idleSeconds), `${day.date} idle`).toBeLessThanOrEqual(Math.max(2, day.idleSeconds * 0.01));
      expect(Math.abs(got.privateSeconds - day.privateSeconds), `${day.date} private`).toBeLessThanOrEqual(2);
    }
  });

  it('never stores the password manager’s window: it is private time under its own name', () => {
    expect(home.databaseText()).not.toContain(WEEK_TRUTH.privateTitle);
    expect(core.activity.appTime({ window: localDayBounds(TO) }).apps.map((a) => a.app)).not.toContain('1Password');
  });
});

describe('discovery matches the truth script', () => {
  it.each(WEEK_TRUTH.workflows.map((w) => [w.name, w] as const))('%s: found, with its occurrences per day within ±1', (_name, truth) => {
    const found = discoveredOf(list.workflows, truth);
    expect(found, `no workflow of ${truth.kind}s among ${list.workflows.map((w) => w.name).join('; ')}`).toBeDefined();
    for (const date of WEEK_DATES) {
      const got = found!.occurrences.perDay.find((d) => d.date === date)?.count ?? 0;
      expect(
        Math.abs(got - truth.occurrences[date]),
        `${truth.name} on ${date}: ${got}, the script has ${truth.occurrences[date]}`,
      ).toBeLessThanOrEqual(1);
    }
    const total = Object.values(truth.occurrences).reduce((a, b) => a + b, 0);
    expect(Math.abs(found!.occurrences.total - total)).toBeLessThanOrEqual(1);
    expect(found!.occurrences.perWeek).toEqual([{ week: FROM, count: found!.occurrences.total }]);
  });

  it('finds no workflow the script does not have', () => {
    expect(list.workflows.map((w) => w.kind).sort()).toEqual(WEEK_TRUTH.workflows.map((w) => w.kind).sort());
  });

  it.each(WEEK_TRUTH.workflows.map((w) => [w.name, w] as const))('%s: its usual steps are the script’s, in order', (_name, truth) => {
    const found = discoveredOf(list.workflows, truth)!;
    const usual = found.variants.find((v) => v.usual)!;
    expect(truthSequence(found, usual.steps)).toEqual(truth.usual);
  });

  it('names every variant the script has, and the share of the usual one', () => {
    const finished = finishedTruthCases(WEEK_TRUTH.workflows[0]!);
    const usualCases = finished.filter((c) => stepSequence(c).join() === WEEK_TRUTH.workflows[0]!.usual.join());
    const usual = invoices.variants.find((v) => v.usual)!;
    expect(usual.cases).toBe(usualCases.length);
    for (const variant of WEEK_TRUTH.workflows[0]!.variants) {
      const named = invoices.variants.find((v) => !v.usual && v.name.includes(variant.words));
      expect(
        named,
        `the ${variant.name} variant (“${variant.words}”) among ${invoices.variants.map((v) => v.name).join(' | ')}`,
      ).toBeDefined();
      expect(named!.cases).toBe(variant.cases.length);
      expect(named!.examples).toEqual(expect.arrayContaining([...variant.cases]));
    }
    const shares = invoices.variants.reduce((sum, v) => sum + v.share, 0);
    expect(shares).toBeCloseTo(1, 5);
  });

  it('knows the items still in flight when the week ends, and where each stopped', () => {
    expect(invoices.inFlight.map((i) => i.name).sort()).toEqual([...WEEK_TRUTH.workflows[0]!.inFlight].sort());
    for (const item of invoices.inFlight) expect(truthStepOf({ name: item.lastStep, where: '' })).toBe('ledger entry');
    expect(tickets.inFlight).toEqual([]);
  });

  it('gives each workflow’s time per occurrence near the script’s median, with its spread', () => {
    for (const truth of WEEK_TRUTH.workflows) {
      const found = discoveredOf(list.workflows, truth)!;
      const wanted = median(finishedTruthCases(truth).map((c) => truthActiveSeconds(c)));
      expect(
        Math.abs(found.duration.medianSeconds - wanted),
        `${truth.name}: ${found.duration.medianSeconds}s, the script ${wanted}s`,
      ).toBeLessThanOrEqual(wanted * 0.15);
      expect(found.duration.p25Seconds).toBeLessThanOrEqual(found.duration.medianSeconds);
      expect(found.duration.p75Seconds).toBeGreaterThanOrEqual(found.duration.medianSeconds);
    }
  });

  it('measures the waiting between steps: a day between the ledger and the payment run, minutes within the intake', () => {
    const id = (step: string) => invoices.steps.find((s) => truthStepOf(s) === step)!.id;
    const wait = (from: string, to: string) => invoices.transitions.find((t) => t.from === id(from) && t.to === id(to))!.medianWaitSeconds;
    expect(wait('ledger entry', 'payment run')).toBeGreaterThan(12 * 3600);
    expect(wait('invoice mail', 'invoice pdf')).toBeLessThan(600);
  });

  it('names the hand-offs: the mail steps, never the bank or the ledger', () => {
    const handoffs = invoices.handoffs.map((h) => truthStepOf(h));
    expect(handoffs).toEqual(expect.arrayContaining(['invoice mail', 'missing po mail']));
    expect(handoffs).not.toContain('payment run');
    expect(handoffs).not.toContain('ledger entry');
  });

  it('sees how the last day left the usual: the slow PO match and the skipped PDF', () => {
    const deviations = list.workflows.flatMap((w) => w.deviations);
    for (const truth of WEEK_TRUTH.lastDayDeviations) {
      const kind = truth.what === 'slower' ? 'slower' : 'skipped_step';
      expect(
        deviations.some((d) => d.name === truth.id && d.kind === kind),
        `${truth.id} ${truth.what} among ${deviations.map((d) => d.text).join(' | ')}`,
      ).toBe(true);
    }
    expect(deviations.filter((d) => !WEEK_TRUTH.lastDayDeviations.some((t) => t.id === d.name))).toEqual([]);
  });
});

describe('what changed: the questions and the chat', () => {
  it('asked about work done differently, within the question budget and never twice', () => {
    const asked = core.memory.questions.list('all', 200);
    const workflowQuestions = asked.filter((q) => q.trigger === 'workflow');
    expect(workflowQuestions.some((q) => q.askedAt.startsWith(TO) && /INV-2264|INV-7745/.test(q.text))).toBe(true);
    expect(new Set(workflowQuestions.map((q) => q.subject)).size).toBe(workflowQuestions.length);
    const times = asked.map((q) => Date.parse(q.askedAt)).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(core.settings.questionMinIntervalMin * 60_000);
  });

  const ask = async (question: string) => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const { turn } = await core.sessions.send(session.id, question);
    return turn;
  };

  it.each(['How do I usually handle a supplier invoice?', 'what are the steps for an invoice', 'walk me through how I process invoices'])(
    '“%s” gets the usual procedure as numbered steps naming their apps, with a moment per step',
    async (question) => {
      const turn = await ask(question);
      const numbered = turn.reply.split('\n').filter((l) => /^\d+\. /.test(l));
      expect(numbered.length, turn.reply).toBe(WEEK_TRUTH.workflows[0]!.usual.length);
      expect(numbered.map((l) => truthStepOf({ name: l, where: '' }))).toEqual(WEEK_TRUTH.workflows[0]!.usual);
      for (const app of ['Outlook', 'Adobe Acrobat Reader', 'NetSuite', 'Excel', 'Northwind Bank']) expect(turn.reply).toContain(app);
      expect(turn.evidence.length).toBe(numbered.length);
      expect(turn.evidence.every((e) => e.open.at >= `${FROM}T00:00`)).toBe(true);
    },
  );

  it('“how long does a payment run take me?” answers the run’s typical time, and an invoice’s its median', async () => {
    const run = await ask('How long does a payment run take me?');
    const step = invoices.steps.find((s) => truthStepOf(s) === 'payment run')!;
    expect(run.reply).toMatch(/Payments/);
    expect(step.stretchMedianSeconds).toBeGreaterThan(10 * 60);
    const invoice = await ask('how long does an invoice usually take?');
    expect(invoice.reply).toMatch(/^An invoice takes you about/);
  });

  it('“what did I do differently today?” lists the last day’s deviations with their evidence', async () => {
    const turn = await ask('What did I do differently today?');
    expect(turn.reply).toContain('INV-2264');
    expect(turn.reply).toContain('INV-7745');
    expect(turn.evidence.length).toBeGreaterThanOrEqual(2);
    expect(turn.evidence.every((e) => e.at.startsWith(TO))).toBe(true);
  });
});

describe('the guide as procedures', () => {
  it('shows each workflow as numbered steps with apps, typical time, variants and a moment per step', () => {
    const guide = core.memory.guide().markdown;
    expect(guide).toContain('## Procedures');
    const section = guide.slice(guide.indexOf('## Procedures'), guide.indexOf('## Recurring tasks'));
    const steps = section.split('\n').filter((l) => /^\d+\. \*\*/.test(l));
    expect(steps.length).toBe(WEEK_TRUTH.workflows[0]!.usual.length + WEEK_TRUTH.workflows[1]!.usual.length);
    expect(steps.every((l) => /#moment=/.test(l) && / in /.test(l) && (/about \d/.test(l) || / again /.test(l)))).toBe(true);
    expect(section).toMatch(/Missing PO/);
    expect(section).toMatch(/Still in flight: .*INV-2264/);
  });
});

describe('the event logs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shadow-logs-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('XES validates against the IEEE 1849-2016 schema and reads back to the same counts: a trace per case', async () => {
    const log = await callOperation(handlers, 'exportEventLog', { from: FROM, to: TO, format: 'xes' });
    const file = join(dir, 'week.xes');
    writeFileSync(file, log.content);
    execFileSync('xmllint', ['--noout', '--schema', 'tests/fixtures/xes-ieee-1849-2016.xsd', file], { stdio: 'pipe' });
    const parsed = parseXes(log.content);
    expect(parsed.extensions).toEqual(expect.arrayContaining(['Concept', 'Time']));
    expect(parsed.traces.length).toBe(log.cases);
    expect(parsed.traces.reduce((n, t) => n + t.events.length, 0)).toBeGreaterThanOrEqual(log.events);
    for (const c of WEEK_TRUTH.cases.filter((x) => x.kind === 'invoice')) {
      const trace = parsed.traces.find((t) => t.name === c.id);
      expect(trace, c.id).toBeDefined();
      // One invoice's run across days, not one day: its steps as the script has them.
      const steps = trace!.events.map((e) => truthStepOf({ name: e.name, where: '' }));
      expect(steps.filter((s, i) => s !== steps[i - 1])).toEqual(stepSequence(c));
      expect(trace!.events.every((e) => /T\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/.test(e.timestamp))).toBe(true);
    }
  });

  it('OCEL 2.0 validates against its JSON schema, ties each event to every item it touched, and reads back to the same counts', async () => {
    const log = await callOperation(handlers, 'exportEventLog', { from: FROM, to: TO, format: 'ocel' });
    const schema = JSON.parse(readFileSync('tests/fixtures/ocel-2.0-schema.json', 'utf8')) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const document: unknown = JSON.parse(log.content);
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const parsed = parseOcel(log.content);
    expect(parsed.dangling).toEqual([]);
    expect(parsed.events.length).toBe(log.events);
    expect(parsed.objectTypes).toEqual(expect.arrayContaining(['invoice', 'ticket', 'purchase order']));
    // The payment run is one event of the nine invoices it paid; the PO match names the invoice and its PO.
    const run = parsed.events.find((e) => e.type.startsWith('Payments') && e.time.startsWith(TO))!;
    expect(run.objects.filter((o) => o.startsWith('invoice:')).length).toBe(9);
    const match = parsed.events.find((e) => e.type.startsWith('Purchase Order') && e.objects.includes('invoice:5120'))!;
    expect(match.objects).toContain('purchase order:7812');
  });

  it('keeps private time, excluded windows and secrets out of both logs', async () => {
    for (const format of ['xes', 'ocel'] as const) {
      const log = await callOperation(handlers, 'exportEventLog', { from: FROM, to: TO, format });
      expect(log.content).not.toContain(WEEK_TRUTH.privateTitle);
      expect(log.content).not.toContain('1Password');
    }
    const before = await callOperation(handlers, 'exportEventLog', { from: FROM, to: TO, format: 'ocel' });
    expect(before.content).toContain('Freshdesk');
    core.settings.exclusions = [...core.settings.exclusions, { title: 'Freshdesk' }];
    try {
      const after = await callOperation(handlers, 'exportEventLog', { from: FROM, to: TO, format: 'ocel' });
      expect(after.content).not.toContain('Freshdesk');
      expect(after.events).toBeLessThan(before.events);
    } finally {
      core.settings.exclusions = core.settings.exclusions.slice(0, -1);
    }
  });

  it('--to is inclusive, and a range backwards or too long is refused with a clear error', async () => {
    const friday = await callOperation(handlers, 'exportEventLog', { from: TO, to: TO, format: 'xes' });
    expect(parseXes(friday.content).traces.some((t) => t.name === 'INV-3321')).toBe(true);
    await expect(callOperation(handlers, 'exportEventLog', { from: TO, to: FROM, format: 'xes' })).rejects.toThrow(/is after to/);
    await expect(callOperation(handlers, 'listWorkflows', { from: '2025-01-01', to: TO })).rejects.toThrow(/at most 92/);
  });
});

describe('the API and MCP', () => {
  it('GET /api/v1/workflows?from=&to= gives the workflows with occurrences, typical duration and variants', async () => {
    const res = await fetch(`${http.url}/api/v1/workflows?from=${FROM}&to=${TO}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as WorkflowList;
    const found = body.workflows.find((w) => w.kind === 'invoice')!;
    expect(found.occurrences.total).toBe(invoices.occurrences.total);
    expect(found.duration.medianSeconds).toBe(invoices.duration.medianSeconds);
    expect(found.variants.length).toBe(invoices.variants.length);
    const bad = await fetch(`${http.url}/api/v1/workflows?from=2026-13-01`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bad.status).toBe(400);
  });

  it('MCP list_workflows answers within its budget with the usual steps numbered and their apps', async () => {
    const client = new Client({ name: 'workflows-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    try {
      const result = (await client.callTool({ name: 'list_workflows', arguments: { from: FROM, to: TO } })) as unknown as {
        content: { text: string }[];
        structuredContent: { workflows: { kind: string; steps: { n: number; app: string }[] }[] };
      };
      const text = result.content.map((c) => c.text).join('\n');
      expect(text).toMatch(/1\. Invoice … from … — Microsoft Outlook/);
      const invoice = result.structuredContent.workflows.find((w) => w.kind === 'invoice')!;
      expect(invoice.steps.map((s) => s.n)).toEqual([1, 2, 3, 4, 5]);
      const small = (await client.callTool({ name: 'list_workflows', arguments: { from: FROM, to: TO, max_tokens: 300 } })) as unknown as {
        content: { text: string }[];
      };
      expect(small.content.map((c) => c.text).join('\n')).toMatch(/cursor|cut to fit/);
    } finally {
      await client.close();
    }
  });
});

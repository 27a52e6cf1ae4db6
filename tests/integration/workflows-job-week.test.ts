import { createHash } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDay } from '../../scripts/day/job-day';
import { CLINIC_DAY } from '../../scripts/day/jobs/clinic-day';
import { DISPATCHER_DAY } from '../../scripts/day/jobs/dispatcher-day';
import { SALES_DAY } from '../../scripts/day/jobs/sales-day';
import { renumber } from '../../scripts/day/renumber';
import { screenText } from '../../scripts/day/screen-render';
import { seededRandom } from '../../scripts/day/timeline';
import { writeJobWeek, type JobWeekDay } from '../../scripts/day/write-job-week';
import { createHandlers, type Handlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import type { TextRecognizer } from '../../src/core/ocr/text-recognizer';
import { ManualClock } from '../../src/core/clock';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import type { Workflow } from '../../src/shared/contract/workflows';
import { parseOcel, parseXes } from '../helpers/event-log-parsers';
import { startFakeOpenAiServer } from '../helpers/fake-openai-server';
import { quietSource } from '../helpers/quiet-core';
import { replayWithMemory } from '../helpers/memory-replay';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Workflows across days (issue 28) on a week of other jobs than the demo's: a job's day (scripts/day/jobs/)
 * repeated over five workdays with its record numbers moved on each day, the last day slower on the day's
 * main item, replayed as a folder of days with memory and a perfect reading of the screens. The truth is
 * the job's script: its main item is the one the most windows name, and its steps are those windows in the
 * order the day shows them.
 */
const run = promisify(execFile);
const DAYS = 5;
const SHIFT = 100;
const SLOWER = 3;

interface Truth {
  readonly item: string;
  /** The item's kind in everyday words, as the script says it. */
  readonly kind: string;
  /** The windows that name the item, in the order the day shows them (one stretch of several in one window once). */
  readonly steps: readonly { readonly window: string; readonly app: string }[];
}

function truthOf(day: JobDay): Truth {
  const segments = day.schedule(seededRandom(day.seed)).filter((s) => s.input !== 'away' && !s.private);
  const windowsOf = (id: string): string[] =>
    segments.filter((s) => s.title.includes(id)).map((s, i, all) => (i > 0 && all[i - 1]!.window === s.window ? '' : s.window));
  const [main] = [...day.truth.items].sort((a, b) => new Set(windowsOf(b.id)).size - new Set(windowsOf(a.id)).size);
  const steps = windowsOf(main!.id)
    .filter((w, i, all) => w !== '' && w !== all[i - 1])
    .map((window) => ({ window, app: day.windows[window]!.app }));
  return { item: main!.id, kind: main!.kind, steps };
}

/** Reads the week's screens as the text they were drawn with. */
function weekRecognizer(dir: string, week: readonly JobWeekDay[]): TextRecognizer {
  const byHash = new Map<string, string>();
  for (const day of week)
    for (const spec of day.screens) {
      const bytes = readFileSync(join(dir, 'images', spec.file));
      byHash.set(createHash('sha1').update(bytes).digest('hex'), screenText(spec));
    }
  return {
    recognize: (image) => Promise.resolve(byHash.get(createHash('sha1').update(image).digest('hex')) ?? ''),
    terminate: () => Promise.resolve(),
  };
}

describe.each([CLINIC_DAY, SALES_DAY, DISPATCHER_DAY].map((d) => [d.job, d] as const))('a week of the %s', (_job, day) => {
  const truth = truthOf(day);
  let dir: string;
  let home: TempShadowHome;
  let core: ShadowCore;
  let handlers: Handlers;
  let week: JobWeekDay[];
  let found: Workflow;
  let from: string;
  let to: string;
  const itemOn = (n: number): string => renumber(truth.item, week[n]!.shift);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `shadow-${day.id}-week-`));
    week = await writeJobWeek(day, dir, { days: DAYS, shiftPerDay: SHIFT, slowerOnLastDay: { item: truth.item, factor: SLOWER } });
    from = week[0]!.date;
    to = week.at(-1)!.date;
    home = createTempShadowHome();
    core = createShadowCore({
      env: {},
      paths: home.paths,
      replayDir: dir,
      ocrRecognizer: weekRecognizer(dir, week),
      settings: { pollIntervalMs: 1000, captureIntervalSec: 10 },
    });
    await replayWithMemory(core);
    await core.ocr.whenIdle();
    handlers = createHandlers(core);
    const list = await callOperation(handlers, 'listWorkflows', { from, to });
    const withItem = list.workflows.find((w) => w.cases.some((c) => c.name === itemOn(0)));
    expect(withItem, `no workflow holds ${itemOn(0)}: ${list.workflows.map((w) => w.name).join('; ')}`).toBeDefined();
    found = withItem!;
  }, 600_000);

  afterAll(() => {
    core?.close();
    home?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('replays the five days into one profile, one work session a day', () => {
    expect(core.activity.listWorkSessions(10)).toHaveLength(DAYS);
  });

  it('finds the main item’s workflow: each day’s item a case of it, its occurrences per day within ±1 of one', () => {
    for (const [n, d] of week.entries()) {
      expect(found.cases.map((c) => c.name)).toContain(itemOn(n));
      const got = found.occurrences.perDay.find((p) => p.date === d.date)?.count ?? 0;
      expect(Math.abs(got - 1), `${d.date}: ${got}`).toBeLessThanOrEqual(1);
    }
  });

  it('gives the usual steps as the script’s windows that name the item, in order, each in its app', () => {
    const usual = found.variants.find((v) => v.usual)!;
    const apps = usual.steps.map((id) => found.steps.find((s) => s.id === id)!.app);
    expect(apps).toEqual(truth.steps.map((s) => s.app));
    expect(usual.cases).toBeGreaterThanOrEqual(DAYS - 1);
  });

  it('sees the last day’s slower run of the item, and gives the typical time without it', () => {
    const last = itemOn(DAYS - 1);
    const slower = found.deviations.filter((d) => d.name === last && d.kind === 'slower');
    expect(slower.length, JSON.stringify(found.deviations)).toBeGreaterThanOrEqual(1);
    const times = found.cases.filter((c) => c.finished).map((c) => c.seconds);
    expect(found.duration.medianSeconds).toBeLessThan(Math.max(...times));
  });

  const ask = async (question: string) => {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    return (await core.sessions.send(session.id, question)).turn;
  };

  it('the shadow asked about the slower run on the last day, once', () => {
    const asked = core.memory.questions.list('all', 200).filter((q) => q.trigger === 'workflow');
    expect(
      asked.some((q) => q.askedAt.startsWith(to) && q.text.includes(itemOn(DAYS - 1))),
      JSON.stringify(asked),
    ).toBe(true);
    expect(new Set(asked.map((q) => q.subject)).size).toBe(asked.length);
  });

  it('“how do I usually handle a …?” in the script’s word for the item answers the steps numbered, naming their apps', async () => {
    const turn = await ask(`How do I usually handle a ${truth.kind}?`);
    const numbered = turn.reply.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(numbered.length, turn.reply).toBe(truth.steps.length);
    for (const app of new Set(truth.steps.map((s) => s.app))) expect(turn.reply).toContain(app);
    expect(turn.evidence.length).toBe(numbered.length);
  });

  it('“how long does a … take me?” answers its typical time', async () => {
    const turn = await ask(`How long does a ${truth.kind} take me?`);
    expect(turn.reply).toMatch(/takes? you about/i);
  });

  it('“what did I do differently today?” names the last day’s slower item, with evidence of that day', async () => {
    const turn = await ask('What did I do differently today?');
    expect(turn.reply).toContain(itemOn(DAYS - 1));
    expect(turn.evidence.some((e) => e.at.startsWith(to))).toBe(true);
  });

  it('the guide has the workflow as numbered steps with a moment each', () => {
    const guide = core.memory.guide().markdown;
    const section = guide.slice(guide.indexOf('## Procedures'));
    expect(section).toContain(found.name);
    const steps = section.split('\n').filter((l) => /^\d+\. \*\*/.test(l));
    expect(steps.length).toBeGreaterThanOrEqual(truth.steps.length);
    expect(steps.every((l) => /#moment=/.test(l))).toBe(true);
  });

  it('`shadow workflows` lists it and `shadow export-log` writes a log that validates; bad flags get a clear error', async () => {
    const shadow = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run('node', ['bin/shadow.js', ...args], { env: home.env });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        return { code: e.code, stdout: e.stdout, stderr: e.stderr };
      }
    };
    const listed = await shadow('workflows', '--from', from, '--to', to);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(found.name);
    expect(listed.stdout).toContain(`${found.occurrences.total} times`);
    const out = mkdtempSync(join(tmpdir(), 'shadow-job-cli-'));
    try {
      const file = join(out, 'week.xes');
      const wrote = await shadow('export-log', '--from', from, '--to', to, '--format', 'xes', '--out', file);
      expect(wrote.code, wrote.stderr).toBe(0);
      expect(wrote.stdout).toMatch(/^Wrote XES with \d+ cases and \d+ events/);
      execFileSync('xmllint', ['--noout', '--schema', 'tests/fixtures/xes-ieee-1849-2016.xsd', file], { stdio: 'pipe' });
      expect(parseXes(readFileSync(file, 'utf8')).traces.map((t) => t.name)).toContain(itemOn(DAYS - 1));
      const again = await shadow('export-log', '--from', from, '--to', to, '--format', 'xes', '--out', file);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/exists; choose another --out or add --force/);
      const format = await shadow('export-log', '--format', 'csv', '--out', join(out, 'x.csv'));
      expect(format.code).not.toBe(0);
      expect(format.stderr).toMatch(/format/i);
      const backwards = await shadow('export-log', '--from', to, '--to', from, '--format', 'ocel', '--out', join(out, 'x.json'));
      expect(backwards.code).not.toBe(0);
      expect(backwards.stderr).toMatch(/is after/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    // Five runs of the CLI, each a process of its own (through tsx when the built CLI is older than the sources).
  }, 180_000);

  it('exports XES and OCEL 2.0 that validate and read back to the same counts, a trace per item', async () => {
    const out = mkdtempSync(join(tmpdir(), 'shadow-job-logs-'));
    try {
      const xes = await callOperation(handlers, 'exportEventLog', { from, to, format: 'xes' });
      const file = join(out, 'week.xes');
      writeFileSync(file, xes.content);
      execFileSync('xmllint', ['--noout', '--schema', 'tests/fixtures/xes-ieee-1849-2016.xsd', file], { stdio: 'pipe' });
      const traces = parseXes(xes.content).traces;
      expect(traces.length).toBe(xes.cases);
      for (let n = 0; n < DAYS; n++) expect(traces.map((t) => t.name)).toContain(itemOn(n));
      const ocel = await callOperation(handlers, 'exportEventLog', { from, to, format: 'ocel' });
      const ajv = new Ajv({ allErrors: true, strict: false });
      addFormats(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync('tests/fixtures/ocel-2.0-schema.json', 'utf8')) as object);
      expect(validate(JSON.parse(ocel.content)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
      const parsed = parseOcel(ocel.content);
      expect(parsed.dangling).toEqual([]);
      expect(parsed.events.length).toBe(ocel.events);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('with a model, “how do I usually handle a …?” sends the usual steps to it as evidence and answers with its reply', async () => {
    const fake = await startFakeOpenAiServer(() => ({ text: 'You take it through the same steps each time.' }));
    const lastDayEnd = Date.parse(week.at(-1)!.generated.manifest.endedAt);
    const withModel = createShadowCore({
      env: {},
      paths: home.paths,
      source: quietSource,
      clock: new ManualClock(lastDayEnd),
      settings: { ocrEnabled: false, llm: { baseUrl: fake.baseUrl, textModel: 'scripted-text', timeoutMs: 5000 } },
    });
    try {
      const session = withModel.sessions.create({ type: 'chat', tools: [] });
      const { turn } = await withModel.sessions.send(session.id, `How do I usually handle a ${truth.kind}?`);
      expect(turn).toMatchObject({ engine: 'llm', reply: 'You take it through the same steps each time.' });
      const sent = fake.requests.map((r) => JSON.stringify(r.body)).find((b) => b.includes(`How do I usually handle a ${truth.kind}?`));
      expect(sent).toBeDefined();
      const usual = found.variants.find((v) => v.usual)!;
      for (const id of usual.steps) expect(sent).toContain(JSON.stringify(found.steps.find((s) => s.id === id)!.name).slice(1, -1));
    } finally {
      withModel.close();
      await fake.close();
    }
  });
});

/**
 * The offline assistant over a year of work: 250 synthetic workdays of the jobs in scripts/day/jobs/
 * (a different job's day from one workday to the next, each day's stretches dropped, lengthened and
 * shortened by its own seed, its record numbers and figures moved on), written into a profile the way
 * observation and memory write it (work sessions, app spans, screen text, the tasks memory cuts) and
 * indexed by the understanding's work-item index. Then questions of every kind about days across the
 * year are asked in the chat as the HTTP API asks them (a new conversation each, `sessions.send`),
 * and the time of each answer is printed per kind: p50, p95 and slowest (the bar: p95 ≤ 100 ms), with
 * the CPU time the answers took, the store's size and the process's RSS (the bar: ≤ 150 MiB).
 * `--keep DIR` keeps the profile in DIR (SHADOW_HOME) and reuses it on the next run (to profile the answers alone).
 * `--engine-only` skips the in-process questions (with `--keep`, to measure the engine alone).
 * `--engine` then starts the engine as a person runs it (`shadow start --headless`, built, with its V8
 * flags) on the year's profile, asks the same questions over its HTTP API and prints its RSS after them:
 * the in-process figure also holds what writing the year left behind.
 * `--only KIND,KIND` asks only the questions of those kinds (to profile them); `--slow MS` prints each answer slower than MS.
 *   node bin/run-ts.js bench/recall-year.ts [--days 250] [--rounds 3] [--keep DIR] [--engine] [--engine-only] [--only KINDS] [--slow MS]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { JobDay, JobSegment } from '../scripts/day/job-day';
import { JOB_DAYS } from '../scripts/day/jobs';
import { renumber } from '../scripts/day/renumber';
import { screenText } from '../scripts/day/screen-render';
import { seededRandom, type Random } from '../scripts/day/timeline';
import { ManualClock } from '../src/core/clock';
import { segmentTasks } from '../src/core/memory/task-segmentation';
import { resolveProfilePaths } from '../src/core/config/paths';
import { createShadowCore } from '../src/core/shadow-core';
import { formatClockTime } from '../src/shared/format-clock-time';
import { quietSource } from '../tests/helpers/quiet-core';
import { startHeadlessShadow } from '../tests/helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../tests/helpers/temp-shadow-home';
import { mib, percentile, printFigures } from './lib/report';

process.env.TZ = 'UTC';
const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'string' },
    engine: { type: 'boolean', default: false },
    'engine-only': { type: 'boolean', default: false },
    only: { type: 'string' },
    slow: { type: 'string' },
  },
});
const WORKDAYS = Number(values.days);
const ROUNDS = Number(values.rounds);
const DAY_MS = 86_400_000;
/** A Monday: the year's first workday. */
const FIRST_MONDAY = Date.parse('2025-05-05T00:00:00.000Z');
/** The engine's default idle threshold: an away stretch under it stays the window's time. */
const IDLE_AFTER_SEC = 180;
/** How long the engine is left alone after its last answer before its settled RSS is read. */
const SETTLE_MS = 20_000;

interface WrittenDay {
  readonly job: JobDay;
  readonly date: number;
  readonly startMs: number;
  readonly endMs: number;
  /** The day's work items as its screens show them (numbers moved on). */
  readonly items: readonly { id: string; kind: string; people: readonly [string, string][]; amounts: readonly string[] }[];
  readonly apps: readonly string[];
  readonly lunch: { startMs: number; endMs: number } | null;
}

/** The nth workday of the year (Monday to Friday), at midnight UTC. */
const workday = (n: number): number => FIRST_MONDAY + (Math.floor(n / 5) * 7 + (n % 5)) * DAY_MS;

/** Figures of the day moved by a factor, so the year's amounts differ from day to day. */
function scaleFigures(text: string, factor: number): string {
  return text.replace(/\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})?/g, (_m, whole: string, cents: string | undefined) => {
    const value = Math.round(Number(whole.replace(/,/g, '')) * factor);
    return `$${value.toLocaleString('en-US')}${cents ?? ''}`;
  });
}

/** The job's day as this workday lived it: some stretches left out, the others longer or shorter. */
function varied(job: JobDay, random: Random): JobSegment[] {
  return job
    .schedule(random)
    .filter((s) => s.mark !== undefined || random() > 0.12)
    .map((s) => ({ ...s, seconds: Math.max(20, Math.round(s.seconds * (0.6 + random() * 0.8))) }));
}

const clock = new ManualClock(workday(0));
const home = values.keep ? keptHome(values.keep) : createTempShadowHome();
const reuse = values.keep !== undefined && existsSync(home.paths.database);
const core = createShadowCore({ env: {}, paths: home.paths, source: quietSource, clock, settings: { ocrEnabled: true } });
const days: WrittenDay[] = [];
let closed = false;
try {
  const writeStarted = performance.now();
  const writeCpu = process.cpuUsage();
  let spans = 0;
  let rows = 0;
  for (let n = 0; n < WORKDAYS; n++) {
    const job = JOB_DAYS[(n * 3 + Math.floor(n / 5)) % JOB_DAYS.length]!;
    const random = seededRandom(job.seed * 1000 + n);
    const shift = 10 * n;
    const factor = 0.5 + random();
    const edit = (text: string): string => scaleFigures(renumber(text, shift), factor);
    const date = workday(n);
    const jobStart = Date.parse(job.startIso);
    const startMs = date + (jobStart % DAY_MS) + Math.round((random() - 0.5) * 40) * 60_000;
    let t = startMs;
    let lunch: WrittenDay['lunch'] = null;
    const workSession = reuse ? 0 : core.activity.startWorkSession(t, 'replay');
    const sink = core.activity.spanSink(() => workSession);
    const apps = new Set<string>();
    for (const segment of varied(job, random)) {
      const start = t;
      t += segment.seconds * 1000;
      if (segment.mark?.kind === 'lunch') lunch = { startMs: start, endMs: t };
      const away = segment.input === 'away' && segment.seconds >= IDLE_AFTER_SEC;
      const kind = away ? 'idle' : segment.private ? 'private' : 'app';
      const title = kind === 'app' ? edit(segment.title) : null;
      if (!reuse)
        sink.open({
          kind,
          app: kind === 'idle' ? null : segment.app,
          title,
          privateReason: kind === 'private' ? 'password manager' : null,
          startMs: start,
          endMs: t,
        });
      spans++;
      if (kind !== 'app') continue;
      apps.add(segment.app);
      // OCR keeps a row when the screen changed: each screen the stretch cycles to, once per change.
      const every = (segment.screenEverySec ?? segment.seconds) * 1000;
      let shown: string | null = null;
      for (let at = start, i = 0; at < t; at += every, i++) {
        const file = segment.screens[i % segment.screens.length];
        if (file === undefined || file === shown) continue;
        shown = file;
        const spec = Object.values(job.screens).find((s) => s.file === file)!;
        if (!reuse) core.screenText.insert({ atMs: at, app: segment.app, title: title!, text: edit(screenText(spec)) });
        rows++;
      }
    }
    if (!reuse) {
      core.activity.endWorkSession(workSession, t, 'end of day');
      // What memory stores when a work session ends: its tasks, cut for the last time.
      core.memory.repositories.tasks.replaceWorkSessionTasks(workSession, segmentTasks(core.activity.workSessionSpans(workSession), false));
    }
    days.push({
      job,
      date,
      startMs,
      endMs: t,
      apps: [...apps],
      lunch,
      items: job.truth.items.map((item) => ({
        id: renumber(item.id, shift),
        kind: item.kind,
        people: Object.entries(item.people ?? {}).map(([role, who]) => [role, Array.isArray(who) ? who[0]! : (who as string)]),
        amounts: Object.keys(item.amounts ?? {}),
      })),
    });
  }
  const written = performance.now();
  clock.set(days.at(-1)!.endMs + 60_000);
  core.understanding.refresh();
  const indexed = performance.now();
  const setupCpu = process.cpuUsage(writeCpu);
  console.log(
    `${WORKDAYS} workdays from ${new Date(days[0]!.date).toISOString().slice(0, 10)} to ${new Date(days.at(-1)!.date).toISOString().slice(0, 10)}: ` +
      `${spans} spans and ${rows} rows of screen text written in ${((written - writeStarted) / 1000).toFixed(1)} s, ` +
      `indexed in ${((indexed - written) / 1000).toFixed(1)} s (CPU ${((setupCpu.user + setupCpu.system) / 1e6).toFixed(1)} s)`,
  );

  const only = values.only?.split(',');
  const questions = questionsOf(days).filter((q) => only === undefined || only.includes(q.kind));
  if (values['engine-only']) {
    core.close();
    closed = true;
    await reportEngine(home, questions, days.at(-1)!.endMs + 60_000);
    if (!values.keep) home.remove();
    process.exit(0);
  }
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  /** The CPU time of each answer by kind (this process's, all threads): steadier than wall time on a shared machine. */
  const cpuByKind = new Map<string, number[]>();
  const cpuAll: number[] = [];
  let failed = 0;
  /** Every first-round reply, hashed in order: a change that should keep the answers shows the same hash. */
  const replies = createHash('sha256');
  const load0 = loadavg()[0]!;
  const askCpu = process.cpuUsage();
  const askStarted = performance.now();
  /** The memory a round leaves (after a full collection where node runs with --expose-gc: what is held, not garbage). */
  const memory = (): string => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return `RSS ${mib(m.rss).toFixed(0)} MiB, heap ${mib(m.heapUsed).toFixed(0)} MiB used of ${mib(m.heapTotal).toFixed(0)}`;
  };
  console.log(`before the questions: ${memory()}`);
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) console.log(`after round ${round}: ${memory()}`);
    for (const q of questions) {
      const session = core.sessions.create({ type: 'chat', tools: [] });
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      try {
        const { turn } = await core.sessions.send(session.id, q.question);
        if (turn.status === 'failed') failed++;
        if (round === 0) replies.update(`${q.question}\n${turn.reply}\n`);
        if (round === 0 && process.env.RECALL_YEAR_REPLIES) console.log(`[${q.kind}] ${q.question}\n  → ${turn.reply.slice(0, 200)}`);
      } catch {
        failed++;
      }
      const ms = performance.now() - started;
      const spent = process.cpuUsage(startedCpu);
      const cpuMs = (spent.user + spent.system) / 1000;
      cpuAll.push(cpuMs);
      cpuByKind.set(q.kind, [...(cpuByKind.get(q.kind) ?? []), cpuMs]);
      if (values.slow !== undefined && ms > Number(values.slow))
        console.log(`${ms.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)} ms) [${q.kind}] ${q.question}`);
      all.push(ms);
      byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
    }
  }
  const askWall = performance.now() - askStarted;
  const cpu = process.cpuUsage(askCpu);
  const askCpuMs = (cpu.user + cpu.system) / 1000;
  const load1 = loadavg()[0]!;
  await core.sessions.idle();
  const rss = process.memoryUsage().rss;
  const storeBytes = ['', '-wal'].reduce((sum, ext) => {
    try {
      return sum + statSync(`${home.paths.database}${ext}`).size;
    } catch {
      return sum;
    }
  }, 0);

  const rowsOut = [['KIND', 'ASKED', 'P50 ms', 'P95 ms', 'MAX ms', 'CPU P50 ms', 'CPU P95 ms']];
  for (const [kind, samples] of [...byKind.entries(), ['all', all] as const]) {
    const cpuSamples = kind === 'all' ? cpuAll : cpuByKind.get(kind)!;
    rowsOut.push([
      kind,
      String(samples.length),
      percentile(samples, 50).toFixed(1),
      percentile(samples, 95).toFixed(1),
      Math.max(...samples).toFixed(1),
      percentile(cpuSamples, 50).toFixed(1),
      percentile(cpuSamples, 95).toFixed(1),
    ]);
  }
  const widths = rowsOut[0]!.map((_, c) => Math.max(...rowsOut.map((r) => r[c]!.length)));
  console.log(`\n${rowsOut.map((r) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')).join('\n')}`);
  console.log(
    `\n${all.length} answers (${questions.length} questions × ${ROUNDS}) in ${(askWall / 1000).toFixed(1)} s wall, ` +
      `${(askCpuMs / 1000).toFixed(1)} s CPU (${((100 * askCpuMs) / askWall).toFixed(0)}% of a core), ${failed} failed; ` +
      `load average ${load0.toFixed(2)} before, ${load1.toFixed(2)} after`,
  );
  console.log(`replies of the first round: sha256 ${replies.digest('hex').slice(0, 16)}`);
  console.log(
    `heap ${mib(process.memoryUsage().heapUsed).toFixed(0)} MiB used of ${mib(process.memoryUsage().heapTotal).toFixed(0)} MiB, external ${mib(process.memoryUsage().external).toFixed(0)} MiB`,
  );
  printFigures('recall-year', [
    { name: `chat answer over ${WORKDAYS} workdays p50`, value: percentile(all, 50), unit: 'ms' },
    { name: `chat answer over ${WORKDAYS} workdays p95`, value: percentile(all, 95), unit: 'ms', targetMax: 100 },
    { name: `chat answer over ${WORKDAYS} workdays, slowest of ${all.length}`, value: Math.max(...all), unit: 'ms' },
    { name: 'CPU per answer (mean)', value: askCpuMs / all.length, unit: 'ms' },
    { name: `store of ${WORKDAYS} workdays (database and WAL)`, value: mib(storeBytes), unit: 'MiB' },
    // This process also holds tsx and what writing the year left behind: the bar is the engine's (--engine).
    { name: "bench process RSS after the answers (tsx and the year's writing included)", value: mib(rss), unit: 'MiB' },
  ]);
  if (values.engine) {
    core.close();
    closed = true;
    await reportEngine(home, questions, days.at(-1)!.endMs + 60_000);
  }
} finally {
  if (!closed) core.close();
  if (!values.keep) home.remove();
}

async function reportEngine(home: TempShadowHome, questions: readonly Question[], yearEndMs: number): Promise<void> {
  const engine = await engineRss(home, questions, yearEndMs);
  printFigures('recall-year', [
    { name: 'engine RSS before the questions', value: engine.idleMib, unit: 'MiB' },
    { name: `engine RSS after ${engine.answers} answers over HTTP`, value: engine.rssMib, unit: 'MiB', targetMax: 150, note: engine.note },
    { name: 'engine RSS at its peak', value: engine.peakMib, unit: 'MiB' },
    { name: `engine RSS ${SETTLE_MS / 1000} s after the last answer`, value: engine.settledMib, unit: 'MiB' },
    { name: 'engine CPU per answer (mean, GC included)', value: engine.cpuMsPerAnswer, unit: 'ms' },
  ]);
}

/**
 * The engine as it ships (`shadow start --headless`: the bundled CLI with the V8 flags of bin/shadow.js's
 * first line) on the year's profile: each question in a new chat over the HTTP API, then its VmRSS.
 * Its clock is the machine's, so "today" and "last week" are this week's (nothing): the dated questions
 * and those about all history read the same year.
 */
async function engineRss(
  home: TempShadowHome,
  questions: readonly Question[],
  yearEndMs: number,
): Promise<{
  idleMib: number;
  rssMib: number;
  peakMib: number;
  settledMib: number;
  answers: number;
  cpuMsPerAnswer: number;
  note: string;
}> {
  execFileSync('npm', ['run', '--silent', 'build:cli'], { stdio: 'inherit' });
  const shebangFlags = (readFileSync(new URL('../bin/shadow.js', import.meta.url), 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
  const asShipped = ['sh', '-c', `exec "$0" ${shebangFlags.join(' ')} "$@"`];
  const env = { ...process.env, SHADOW_HOME: home.home, SHADOW_PROFILE: 'default', TZ: 'UTC', DISPLAY: '', WAYLAND_DISPLAY: '' };
  const shadow = await startHeadlessShadow([], env, 120_000, asShipped);
  try {
    const status = (field: string): number =>
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${shadow.child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
    /** The engine's user and system CPU so far, in ms (clock ticks of /proc/PID/stat, 100 a second). */
    const cpuMs = (): number => {
      const fields = readFileSync(`/proc/${shadow.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const idleMib = status('VmRSS');
    const cpu0 = cpuMs();
    const load0 = loadavg()[0]!;
    // The replies, hashed in the order asked: a change to memory must not change an answer.
    const replies = createHash('sha256');
    const afterRound: string[] = [];
    let answers = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of questions) {
        const session = await shadow.post<{ id: string }>('/sessions', { type: 'chat' });
        const { turn } = await shadow.post<{ turn: { reply: string } }>(`/sessions/${session.id}/messages`, { content: q.question });
        replies.update(`${q.question}\n${turn.reply}\n`);
        answers++;
      }
      afterRound.push(status('VmRSS').toFixed(0));
    }
    const cpuMsPerAnswer = (cpuMs() - cpu0) / answers;
    const rssMib = status('VmRSS');
    const peakMib = status('VmHWM');
    // What an engine left alone keeps: V8's memory reducer collects a while after the allocations stop.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const settledMib = status('VmRSS');
    console.log(
      `engine: RSS ${idleMib.toFixed(0)} MiB before the questions, ${afterRound.join(' → ')} MiB after each round, peak ${peakMib.toFixed(0)} MiB; ` +
        `load average ${load0.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after; replies sha256 ${replies.digest('hex').slice(0, 16)}`,
    );
    const note = `(${idleMib.toFixed(0)} MiB before the questions, peak ${peakMib.toFixed(0)} MiB; year ends ${new Date(yearEndMs).toISOString().slice(0, 10)})`;
    return { idleMib, rssMib, peakMib, settledMib, answers, cpuMsPerAnswer, note };
  } finally {
    await shadow.stop();
  }
}

function keptHome(dir: string): TempShadowHome {
  mkdirSync(dir, { recursive: true });
  const paths = resolveProfilePaths({ SHADOW_HOME: dir, SHADOW_PROFILE: 'default' });
  return { home: dir, paths, env: {}, databaseText: () => '', remove: () => undefined };
}

interface Question {
  readonly kind: string;
  readonly question: string;
}

/** Questions of every kind about days spread over the year, each naming its day the way people do. */
function questionsOf(year: readonly WrittenDay[]): Question[] {
  const dateFmt = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const picked = Array.from({ length: 12 }, (_, i) => year[Math.floor(((i + 0.5) * year.length) / 12)]!);
  const today = year.at(-1)!;
  const out: Question[] = [];
  const add = (kind: string, question: string): void => void out.push({ kind, question });
  picked.forEach((d, i) => {
    const on = i === picked.length - 1 ? 'today' : `on ${dateFmt.format(d.date)}`;
    const item = d.items[i % d.items.length]!;
    const withPerson = d.items.find((it) => it.people.length > 0);
    const withAmount = d.items.find((it) => it.amounts.length > 0);
    const app = d.apps[i % d.apps.length]!;
    const at = d.startMs + Math.round((d.endMs - d.startMs) * 0.3);
    const from = d.startMs + Math.round((d.endMs - d.startMs) * 0.6);
    add('how long', `how long was I in ${app} ${on}?`);
    add('how long', `how much time did I spend on ${item.id}?`);
    add('when', `when did I first open ${item.id}?`);
    add('when', `what time did I start work ${on}?`);
    add('what at', `what was I doing at ${formatClockTime(at)} ${on}?`);
    add('what in stretch', `what did I do between ${formatClockTime(from)} and ${formatClockTime(from + 3600_000)} ${on}?`);
    if (d.lunch) add('what in stretch', `what did I get up to after lunch ${on}?`);
    add('which', `which ${item.kind}s did I work on ${on}?`);
    if (withPerson) add('who', `who is ${withPerson.people[0]![0]} ${withPerson.id}?`);
    add('who', `who did I talk to ${on}?`);
    if (withAmount) add('how much', `how much was the ${withAmount.amounts[0]} of ${withAmount.id}?`);
    add('open', `what is still open from ${on === 'today' ? 'today' : dateFmt.format(d.date)}?`);
    add('why', `why did I work on ${item.id}?`);
    add('summarise', `summarise my day ${on}`);
    add('advice', `how could I get through ${item.kind}s faster?`);
  });
  add('open', `what's still open?`);
  add('summarise', `what did I do last week?`);
  add('which', `which ${today.items[0]!.kind}s did I look at this month?`);
  return out;
}

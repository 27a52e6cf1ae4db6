/**
 * The offline assistant over the days of other jobs (scripts/day/jobs/) and the demo day's extra
 * phrasings: each day replayed with memory and its screens read, every question asked in the chat,
 * judged against the day's truth script. Prints right/total per day and per question kind, the
 * misses with their replies (`--misses`), and how long an answer takes. It never asserts; the suite's
 * tests/integration/recall-other-days.test.ts holds the bar.
 *   node bin/run-ts.js bench/recall-other-days.ts [--misses] [--day engineer]
 */
import { parseArgs } from 'node:util';
import { createShadowCore, type ShadowCore } from '../src/core/shadow-core';
import { DemoDayOracle } from '../tests/fixtures/demo-day-oracle';
import { demoDayExtraPhrasings } from '../tests/fixtures/demo-day-extra-phrasings';
import { judgeReply, scoreReport, type DayCase, type JudgedCase } from '../tests/fixtures/day-question-judge';
import { DayOracle } from '../tests/fixtures/day-oracle';
import { HELD_OUT_DAY_QUESTION_SETS, OTHER_DAY_QUESTION_SETS } from '../tests/fixtures/other-day-questions';
import { replayJobDay, replyText } from '../tests/fixtures/other-days-replay';
import { demoReplayOptions, replayDemoDayForRecall } from '../tests/fixtures/recall-replay';
import { createTempShadowHome, type TempShadowHome } from '../tests/helpers/temp-shadow-home';
import { percentile, printFigures } from './lib/report';

// The question sets name clock times of the days as they were recorded (UTC), like the test suite does.
process.env.TZ = 'UTC';
const { values } = parseArgs({ options: { misses: { type: 'boolean' }, day: { type: 'string' } } });

const samples: number[] = [];
const judged: JudgedCase[] = [];

async function askDay(day: string, core: ShadowCore, cases: readonly DayCase[]): Promise<void> {
  for (const c of cases) {
    const session = core.sessions.create({ type: 'chat', tools: [] });
    const started = performance.now();
    let reply: string;
    try {
      reply = replyText((await core.sessions.send(session.id, c.question)).turn);
    } catch (error) {
      reply = replyText(error as Error);
    }
    samples.push(performance.now() - started);
    judged.push({ day, case: c, reply, verdict: judgeReply(c, reply) });
  }
}

async function withHome(run: (home: TempShadowHome) => Promise<void>): Promise<void> {
  const home = createTempShadowHome();
  try {
    await run(home);
  } finally {
    home.remove();
  }
}

const sets = [...OTHER_DAY_QUESTION_SETS, ...HELD_OUT_DAY_QUESTION_SETS];
const heldOut = new Set(HELD_OUT_DAY_QUESTION_SETS.map((s) => s.day.id));
const known = [...sets.map((s) => s.day.id), 'demo'];
if (values.day && !known.includes(values.day)) {
  console.error(`recall-other-days: no day “${values.day}” (there are: ${known.join(', ')})`);
  process.exit(2);
}
for (const { day, questions } of sets) {
  if (values.day && values.day !== day.id) continue;
  await withHome(async (home) => {
    const core = await replayJobDay(day, home);
    try {
      await askDay(day.id, core, questions(new DayOracle(day)));
    } finally {
      core.close();
    }
  });
}
if (!values.day || values.day === 'demo') {
  await withHome(async (home) => {
    const core = createShadowCore({ env: {}, paths: home.paths, ...demoReplayOptions });
    try {
      await replayDemoDayForRecall(core);
      await askDay('demo', core, demoDayExtraPhrasings(new DemoDayOracle()));
    } finally {
      core.close();
    }
  });
}

console.log(scoreReport(judged, { misses: values.misses === true }));
const share = (list: readonly JudgedCase[]): number => (100 * list.filter((j) => j.verdict.ok).length) / Math.max(1, list.length);
const newDays = judged.filter((j) => j.day !== 'demo' && !heldOut.has(j.day));
const held = judged.filter((j) => heldOut.has(j.day));
const demo = judged.filter((j) => j.day === 'demo');
printFigures('recall-other-days', [
  ...(newDays.length ? [{ name: 'days of other jobs answered wrong offline', value: 100 - share(newDays), unit: '%', targetMax: 10 }] : []),
  ...(held.length ? [{ name: 'held-out days answered wrong offline', value: 100 - share(held), unit: '%', targetMax: 10 }] : []),
  ...(demo.length ? [{ name: 'demo day extra phrasings answered wrong offline', value: 100 - share(demo), unit: '%', targetMax: 5 }] : []),
  { name: 'questions asked', value: judged.length, unit: '' },
  { name: 'chat answer p50', value: percentile(samples, 50), unit: 'ms' },
  { name: 'chat answer p95', value: percentile(samples, 95), unit: 'ms' },
]);

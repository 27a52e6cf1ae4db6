/**
 * The offline assistant over the question set of the demo day (tests/fixtures/recall-question-set.ts):
 * the share of questions answered right (questions marked as needing a model count as wrong) and how
 * long an answer takes, after the demo day is replayed with memory and its screens read.
 *   node bin/run-ts.js bench/recall-questions.ts
 */
import { createShadowCore } from '../src/core/shadow-core';
import { DemoDayOracle } from '../tests/fixtures/demo-day-oracle';
import { recallQuestionSet } from '../tests/fixtures/recall-question-set';
import { demoReplayOptions, replayDemoDayForRecall } from '../tests/fixtures/recall-replay';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import { percentile, printFigures } from './lib/report';

// The question set names clock times of the day as it was recorded (UTC), like the test suite does.
process.env.TZ = 'UTC';
const home = createTempShadowHome();
try {
  const core = createShadowCore({ env: {}, paths: home.paths, ...demoReplayOptions });
  await replayDemoDayForRecall(core);
  const cases = recallQuestionSet(new DemoDayOracle());
  const now = core.clock.now();
  const samples: number[] = [];
  const wrong: string[] = [];
  for (const c of cases) {
    const started = performance.now();
    const { markdown } = core.recall.answer(c.question, now);
    samples.push(performance.now() - started);
    const right = !c.notYetOffline && c.must.every((f) => markdown.includes(f)) && !(c.mustNot ?? []).some((f) => markdown.includes(f));
    if (!right) wrong.push(`${c.question}${c.notYetOffline ? ` (not yet offline: ${c.notYetOffline})` : ''}`);
  }
  core.close();
  const right = cases.length - wrong.length;
  console.log(`recall question set: ${right} of ${cases.length} answered right offline (${((100 * right) / cases.length).toFixed(1)}%)`);
  for (const question of wrong) console.log(`  wrong: ${question}`);
  printFigures('recall-questions', [
    { name: 'question set answered right offline', value: (100 * right) / cases.length, unit: '%' },
    { name: 'question set answered wrong offline', value: (100 * wrong.length) / cases.length, unit: '%', targetMax: 10 },
    { name: 'offline answer p50', value: percentile(samples, 50), unit: 'ms' },
    { name: 'offline answer p95', value: percentile(samples, 95), unit: 'ms' },
  ]);
} finally {
  home.remove();
}

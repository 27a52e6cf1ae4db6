import { beforeAll, describe, expect, it } from 'vitest';
import { buildJobDay } from '../../scripts/day/write-job-day';
import type { ShadowCore } from '../../src/core/shadow-core';
import type { Turn } from '../../src/shared/contract/sessions';
import { DemoDayOracle } from '../fixtures/demo-day-oracle';
import { demoDayExtraPhrasings } from '../fixtures/demo-day-extra-phrasings';
import { DAY_QUESTION_KINDS, judgeReply, scoreReport, type DayCase, type JudgedCase } from '../fixtures/day-question-judge';
import { DayOracle } from '../fixtures/day-oracle';
import { OTHER_DAY_QUESTION_SETS } from '../fixtures/other-day-questions';
import { askAll, replayJobDay, replyText } from '../fixtures/other-days-replay';
import { createShadowCore } from '../../src/core/shadow-core';
import { demoReplayOptions, replayDemoDayForRecall } from '../fixtures/recall-replay';
import { createTempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Generalization is the measure (issue 24): days of other jobs than the demo's, each replayed with
 * memory and OCR, asked everyday questions in the chat offline, and judged against the day's truth
 * script. The bar is 90% right over the new days; the demo day's extra phrasings keep its 95%.
 * The new days stand at 406 of 434 (94%), the recruiter's day, held out while the rules were written,
 * among them: this test holds the bar (docs/performance.md lists what is still missed).
 */
const NEW_DAYS_FLOOR = 0.9;
const sets = OTHER_DAY_QUESTION_SETS.map(({ day, questions }) => {
  const oracle = new DayOracle(day);
  return { day, oracle, cases: questions(oracle) };
});
const demo = new DemoDayOracle();
const demoCases = demoDayExtraPhrasings(demo);

interface Recorded {
  readonly apps: Map<string, number>;
  readonly idleSeconds: number;
  readonly privateSeconds: number;
}
const recorded = new Map<string, Recorded>();
const judged: JudgedCase[] = [];
const demoJudged: JudgedCase[] = [];
const turns: { day: string; question: string; turn: Turn | Error }[] = [];

function judgeAll(day: string, cases: readonly DayCase[], replies: Map<string, Turn | Error>, into: JudgedCase[]): void {
  for (const c of cases) {
    const reply = replies.get(c.question);
    into.push({ day, case: c, reply: replyText(reply), verdict: judgeReply(c, replyText(reply)) });
    if (reply) turns.push({ day, question: c.question, turn: reply });
  }
}

function record(core: ShadowCore, oracle: DayOracle): Recorded {
  const appTime = core.activity.appTime({ window: oracle.day });
  return {
    apps: new Map(appTime.apps.map((a) => [a.app, a.seconds])),
    idleSeconds: appTime.idleSeconds,
    privateSeconds: appTime.privateSeconds,
  };
}

beforeAll(async () => {
  for (const { day, oracle, cases } of sets) {
    const home = createTempShadowHome();
    const core = await replayJobDay(day, home);
    try {
      recorded.set(day.id, record(core, oracle));
      judgeAll(day.id, cases, await askAll(core, cases), judged);
    } finally {
      core.close();
      home.remove();
    }
  }
  const home = createTempShadowHome();
  const core = createShadowCore({ env: {}, paths: home.paths, ...demoReplayOptions });
  try {
    await replayDemoDayForRecall(core);
    judgeAll('demo', demoCases, await askAll(core, demoCases), demoJudged);
  } finally {
    core.close();
    home.remove();
  }
  console.log(`questions about the days of other jobs, offline:\n${scoreReport(judged)}`);
  console.log(`the demo day's extra phrasings, offline:\n${scoreReport(demoJudged)}`);
}, 600_000);

describe('the days of other jobs and their truth', () => {
  it.each(sets.map((s) => [s.day.id, s] as const))('%s: the truth script is what its screens show', (_id, { oracle }) => {
    expect(oracle.problems()).toEqual([]);
  });

  it.each(sets.map((s) => [s.day.id, s] as const))('%s: a realistic 8 to 9-hour day', (_id, { day, oracle }) => {
    const hours = (oracle.endMs - oracle.startMs) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(8);
    expect(hours).toBeLessThanOrEqual(9);
    expect(oracle.appTotals().size).toBeGreaterThanOrEqual(4);
    expect(new Set(oracle.segments.map((s) => s.title)).size).toBeGreaterThanOrEqual(12);
    expect(oracle.lunch.endMs - oracle.lunch.startMs).toBeGreaterThanOrEqual(20 * 60_000);
    expect(oracle.meetings.length).toBeGreaterThanOrEqual(1);
    expect(oracle.breaks.length).toBeGreaterThanOrEqual(1);
    expect(oracle.segments.some((s) => s.private)).toBe(true);
    expect(oracle.segments.some((s) => s.input === 'away' && !s.idle)).toBe(true);
    expect(day.truth.reasons.length).toBeGreaterThanOrEqual(1);
    expect(day.truth.owedReplies.length).toBeGreaterThanOrEqual(1);
    expect(oracle.openItems().length).toBeGreaterThanOrEqual(1);
    expect(oracle.closedItems().length).toBeGreaterThanOrEqual(1);
  });

  it('the days differ in structure: start, length and lunch', () => {
    const starts = new Set(sets.map((s) => s.oracle.startMs % 86_400_000));
    const lengths = new Set(sets.map((s) => s.oracle.endMs - s.oracle.startMs));
    const lunches = new Set(sets.map((s) => s.oracle.lunch.startMs % 86_400_000));
    expect(Math.min(starts.size, lengths.size, lunches.size)).toBe(sets.length);
  });

  it('asks at least 150 questions of every kind, each fact in at least three phrasings', () => {
    const cases = sets.flatMap((s) => s.cases);
    expect(cases.length).toBeGreaterThanOrEqual(150);
    for (const { day, cases: dayCases } of sets) {
      expect(new Set(dayCases.map((c) => c.kind)), day.id).toEqual(new Set(DAY_QUESTION_KINDS));
      expect(new Set(dayCases.map((c) => c.question)).size, day.id).toBe(dayCases.length);
      const phrasings = new Map<string, number>();
      for (const c of dayCases) phrasings.set(c.fact, (phrasings.get(c.fact) ?? 0) + 1);
      for (const [fact, count] of phrasings) expect(count, `${day.id}: ${fact}`).toBeGreaterThanOrEqual(3);
      for (const c of dayCases) expect(c.must.length > 0 || c.needsModel === true, c.question).toBe(true);
    }
  });

  it("adds at least two more phrasings for many of the demo day's facts", () => {
    const phrasings = new Map<string, number>();
    for (const c of demoCases) phrasings.set(c.fact, (phrasings.get(c.fact) ?? 0) + 1);
    expect(phrasings.size).toBeGreaterThanOrEqual(20);
    for (const [fact, count] of phrasings) expect(count, fact).toBeGreaterThanOrEqual(2);
  });
});

describe('the judge of a reply', () => {
  const fact: DayCase = {
    question: 'who reported PLAT-1?',
    kind: 'who',
    fact: 'reporter',
    must: ['Ana Lee', ['12,480', '12 480']],
    mustNot: ['Sam Roe'],
  };
  const advice: DayCase = { question: 'what should I do?', kind: 'advice', fact: 'advice', must: [], needsModel: true };

  it('wants every fact, in any of its forms, whatever the case, emphasis or spacing', () => {
    expect(judgeReply(fact, '**ana  LEE** reported it; 12 480 was the total.').ok).toBe(true);
    expect(judgeReply(fact, 'Ana Lee reported it.').missing).toEqual([['12,480', '12 480']]);
    expect(judgeReply(fact, 'Ana Lee and Sam Roe, 12,480').wrong).toEqual(['Sam Roe']);
  });

  it('takes a plain "needs a model" for advice, never a list of snippets or a long answer', () => {
    expect(judgeReply(advice, 'That needs a language model (LLM); I can show you what was still open today.').ok).toBe(true);
    expect(judgeReply(advice, 'I found nothing about “do”.').ok).toBe(false);
    expect(judgeReply(advice, 'That needs a model. The closest I saw:\n- 09:12, Excel, “Budget”').ok).toBe(false);
    expect(judgeReply(advice, `That needs a model. ${'More words. '.repeat(40)}`).ok).toBe(false);
  });
});

describe('the recorded days agree with their truth scripts', () => {
  it.each(sets.map((s) => [s.day.id, s] as const))('%s: app time per app, idle and private time', (id, { day, oracle }) => {
    const expected = buildJobDay(day).generated.expected;
    const got = recorded.get(id)!;
    expect(Object.fromEntries(got.apps)).toEqual(Object.fromEntries(oracle.appTotals()));
    expect({ idle: got.idleSeconds, private: got.privateSeconds }).toEqual({
      idle: expected.idleSeconds,
      private: expected.privateSeconds,
    });
  });
});

describe('questions about the days of other jobs, asked in the chat offline', () => {
  it('never fails a request, and answers offline', () => {
    for (const { day, question, turn } of turns) {
      expect(turn, `${day}: ${question}`).not.toBeInstanceOf(Error);
      expect((turn as Turn).engine, `${day}: ${question}`).toBe('offline');
    }
  });

  it(`answers at least ${NEW_DAYS_FLOOR * 100}% of the questions about the new days right (the bar is 90%)`, () => {
    const right = judged.filter((j) => j.verdict.ok).length;
    expect(right / judged.length, scoreReport(judged, { misses: false })).toBeGreaterThanOrEqual(NEW_DAYS_FLOOR);
  });

  it("answers at least 95% of the demo day's extra phrasings right", () => {
    const right = demoJudged.filter((j) => j.verdict.ok).length;
    expect(right / demoJudged.length, scoreReport(demoJudged, { misses: false })).toBeGreaterThanOrEqual(0.95);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_DAYS } from '../../scripts/day/jobs/index';
import { createHandlers } from '../../src/core/api/handlers';
import { callOperation } from '../../src/core/api/invoke-operation';
import type { OperationOutput, Operations } from '../../src/shared/contract/index';
import { replayJobDay } from '../fixtures/other-days-replay';
import { createTempShadowHome } from '../helpers/temp-shadow-home';

/**
 * The day's structure on whole days of other jobs (issue 24, point 7), each replayed with memory and
 * OCR, each with a private window: no task of 0 seconds, the final summary and task names never cut
 * inside a word, and "summarise my day" counting the same tasks as `shadow today`.
 */
type Day = OperationOutput<Operations['dayOverview']>;
const seen = new Map<string, { day: Day; reply: string }>();

beforeAll(async () => {
  for (const job of JOB_DAYS) {
    const home = createTempShadowHome();
    const core = await replayJobDay(job, home);
    try {
      const day = await callOperation(createHandlers(core), 'dayOverview', {});
      const chat = core.sessions.create({ type: 'chat', tools: [] });
      seen.set(job.id, { day, reply: (await core.sessions.send(chat.id, 'summarise my day')).turn.reply });
    } finally {
      core.close();
      home.remove();
    }
  }
}, 600_000);

afterAll(() => seen.clear());

/** The words a shortened text may end on: whole words of what it was shortened from (or a whole duration, 25m). */
function wholeWords(day: Day): Set<string> {
  const sources = day.tasks.flatMap((t) => [...t.titles, ...t.apps]);
  return new Set(sources.join(' ').match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Every word just before an ellipsis, in a text made of the day's titles. */
const wordsBeforeEllipsis = (text: string): string[] => [...text.matchAll(/([\p{L}\p{N}]+)[^\p{L}\p{N}\n]{0,3}…/gu)].map((m) => m[1]!);

describe.each(JOB_DAYS.map((d) => [d.id] as const))('the %s day', (id) => {
  it('has a private window and no task of 0 seconds', () => {
    const { day } = seen.get(id)!;
    expect(day.privateSeconds).toBeGreaterThan(0);
    expect(day.tasks.length).toBeGreaterThan(10);
    for (const task of day.tasks) {
      expect(task.durationSeconds, task.name).toBeGreaterThan(0);
      expect(Date.parse(task.endedAt!) - Date.parse(task.startedAt), task.name).toBeGreaterThan(0);
    }
  });

  it('cuts no word in its final summary or its task names', () => {
    const { day } = seen.get(id)!;
    const words = wholeWords(day);
    expect(day.latestSummary?.kind).toBe('final');
    for (const text of [day.latestSummary!.text, ...day.tasks.map((t) => t.name)])
      for (const word of wordsBeforeEllipsis(text)) expect(words.has(word) || /^\d+[hms]$/.test(word), `"${word}…" in ${text}`).toBe(true);
    // A task is named from its windows: each word of its name is a whole word of its titles or apps.
    for (const task of day.tasks) {
      const own = new Set([...task.titles, ...task.apps].join(' ').match(/[\p{L}\p{N}]+/gu) ?? []);
      for (const word of task.name.match(/[\p{L}\p{N}]+/gu) ?? []) expect(own.has(word), `"${word}" in ${task.name}`).toBe(true);
    }
  });

  it('counts the same tasks in "summarise my day" as in today', () => {
    const { day, reply } = seen.get(id)!;
    const counted = /\b(\d+) tasks?\b/.exec(reply);
    expect(counted, reply).not.toBeNull();
    expect(Number(counted![1]), reply).toBe(day.tasks.length);
  });
});

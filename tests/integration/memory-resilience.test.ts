import { afterEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/core/clock';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { databaseOf, createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { openDatabase } from '../../src/core/store/database';
import { MemorySummaryRepository } from '../../src/core/store/repositories/memory-summary-repository';
import { replayWithMemory } from '../helpers/memory-replay';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

let home: TempShadowHome | undefined;
let core: ShadowCore | undefined;
afterEach(() => {
  core?.close();
  core = undefined;
  home?.remove();
  home = undefined;
});

describe('memory failures', () => {
  it('are reported as memory:error and never stop or slow the capture loop', async () => {
    home = createTempShadowHome();
    const day = await writeTinyDay([
      { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 400 },
      { app: 'Google Chrome', title: 'Northwind Bank - Google Chrome', seconds: 300 },
    ]);
    core = createShadowCore({ paths: home.paths, replayDir: day, env: {}, settings: { ocrEnabled: false } });
    // Break one memory table under the running core: every theory write now fails.
    databaseOf(core).exec('DROP TABLE task_theories');
    const errors: string[] = [];
    core.events.on('memory:error', ({ message }) => errors.push(message));
    await replayWithMemory(core);

    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^memory: .*task_theories/);
    expect(core.memory.pipeline.health().errors).toBe(errors.length);
    // Observation went on untouched: no capture failure, full app time, and the rest of memory still worked.
    const capture = core.observer.health();
    expect(capture.failures).toBe(0);
    const [ws] = core.activity.listWorkSessions(1);
    expect(ws!.activeSeconds).toBeGreaterThanOrEqual(695);
    expect(core.memory.repositories.tasks.listTasks(ws!.id).map((t) => t.name)).toEqual([
      'Ledger 2026.xlsx (Microsoft Excel)',
      'Northwind Bank (Google Chrome)',
    ]);
  });
});

describe('quitting with memory work queued', () => {
  it('still stores the final summary of the work session that just ended', async () => {
    home = createTempShadowHome();
    const day = await writeTinyDay([
      { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 400 },
      { app: 'Google Chrome', title: 'Northwind Bank - Google Chrome', seconds: 300 },
    ]);
    const first = createShadowCore({ paths: home.paths, replayDir: day, env: {}, settings: { ocrEnabled: false } });
    const source = first.source as ReplaySource;
    const clock = first.clock as ManualClock;
    first.observer.start();
    for (let t = source.startMs; t <= source.endMs; t += 1000) {
      clock.set(t);
      await first.observer.tick();
    }
    // The app quits: capture stops and the database closes before memory's queue gets to run.
    first.close();

    const db = openDatabase(home.paths.database);
    try {
      const summaries = new MemorySummaryRepository(db);
      const [final] = summaries.finalSummaries(5);
      expect(final).toMatchObject({
        kind: 'final',
        engine: 'offline',
        fallbackReason: 'the app quit before the final summary was written',
      });
      expect(final!.text).toContain('Ledger 2026.xlsx');
      expect(final!.tokenCount).toBeLessThanOrEqual(500);
    } finally {
      db.close();
    }
  });
});

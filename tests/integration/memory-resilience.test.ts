import { afterEach, describe, expect, it } from 'vitest';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
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
    core.db.exec('DROP TABLE task_theories');
    const errors: string[] = [];
    core.events.on('memory:error', ({ message }) => errors.push(message));
    await replayWithMemory(core);

    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^memory: .*task_theories/);
    expect(core.memory.health().errors).toBe(errors.length);
    // Observation went on untouched: no capture failure, full app time, and the rest of memory still worked.
    const capture = core.observer.health();
    expect(capture.failures).toBe(0);
    const [ws] = core.activity.listWorkSessions(1);
    expect(ws!.activeSeconds).toBeGreaterThanOrEqual(695);
    expect(core.memory.tasks.listTasks(ws!.id).map((t) => t.name)).toEqual(['Ledger 2026.xlsx (Microsoft Excel)', 'Northwind Bank (Google Chrome)']);
  });
});

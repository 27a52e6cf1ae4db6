import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/core/clock';
import { createHandlers } from '../../src/core/api/handlers';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { useTempCore } from '../helpers/temp-core';
import { writeTinyDay } from '../helpers/tiny-day';

const temp = useTempCore();

describe('"right now": one record for the header, the sentence and MCP', () => {
  it('names the latest span and the task holding it while observing, and what was last seen once observation stopped', async () => {
    const day = await writeTinyDay([
      { app: 'Editor', title: 'Vendor review notes', seconds: 240 },
      { app: 'Browser', title: 'Supplier portal', seconds: 200 },
      { app: 'Mail', title: 'Inbox', seconds: 300 },
    ]);
    const { core } = temp.open({ replayDir: day, settings: { ocrEnabled: false } });
    const handlers = createHandlers(core);
    const source = core.source as ReplaySource;
    const clock = core.clock as ManualClock;
    core.observer.start();
    const playUntil = async (offsetSec: number): Promise<void> => {
      for (let t = clock.now() + 1000; t <= source.startMs + offsetSec * 1000; t += 1000) {
        clock.set(t);
        await core.observer.tick();
        await core.memory.pipeline.idle();
      }
    };

    await playUntil(600);
    const live = await handlers.observationNow({});
    expect(live.current).toMatchObject({ live: true, kind: 'app', app: 'Mail', title: 'Inbox' });
    // The header and the sentence name the same window.
    expect(live.currentApp).toBe(live.current!.app);
    expect(live.current!.text).toMatch(/^Working on “Inbox” in Mail for 3m/);
    const tasks = (await handlers.getWorkSession({ id: core.observer.health().workSessionId! })).tasks;
    const holding = tasks.filter((t) => Date.parse(t.startedAt) <= clock.now()).at(-1)!;
    expect(live.current!.task?.name).toBe(holding.name);
    expect(live.current!.text).toContain(`(task “${holding.name}”`);

    await playUntil(740);
    core.observer.stop('the recorded day ended');
    await core.memory.pipeline.idle();
    const after = await handlers.observationNow({});
    expect(after.currentApp).toBeNull();
    expect(after.current).toMatchObject({ live: false, app: 'Mail', title: 'Inbox' });
    expect(after.current!.text).toMatch(/^Observation stopped at .+; last seen: “Inbox” in Mail \(task “.+”, 5m\)\.$/);
    const [latest] = (await handlers.listWorkSessions({ limit: 1 })).workSessions;
    const last = (await handlers.getWorkSession({ id: latest!.id })).tasks.at(-1)!;
    expect(after.current!.task).toMatchObject({ name: last.name });
    expect(Math.abs(after.current!.task!.seconds - last.durationSeconds)).toBeLessThanOrEqual(1);
  });
});

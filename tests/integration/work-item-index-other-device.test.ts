import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillSyntheticDays } from '../../bench/lib/synthetic-work';
import { timelineHandlers } from '../../src/core/api/timeline-handlers';
import { resolveProfilePaths } from '../../src/core/config/paths';
import { runReplay } from '../../src/core/observe/capture-loop';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import type { ManualClock } from '../../src/core/clock';
import { createShadowCore, databaseOf } from '../../src/core/shadow-core';
import { openQuietCore } from '../helpers/quiet-core';
import { writeTinyDay } from '../helpers/tiny-day';

/**
 * The work-item index when another device's day runs past this one's clock: a replayed morning here,
 * and a whole synced day of the other computer on the same date. Its rows after this clock are not
 * settled yet; a full batch of them must end the catch-up (it once read the same batch for ever, and
 * every reader of the day — Today, the timeline — hung with it).
 */
const dirs: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the work-item index beside another device ahead of this clock', () => {
  it('catches up, and the day with both devices is told in threads', async () => {
    const folder = tempDir('shadow-index-sync-');
    const desktop = openQuietCore(tempDir('shadow-index-desktop-'), {
      settings: { sync: { folder, deviceName: 'desktop', share: ['activity', 'memory', 'screenText'], intervalSec: 120 } },
    });
    fillSyntheticDays(databaseOf(desktop), { days: 1, startMs: Date.parse('2026-11-02T00:00:00Z'), framesPerDay: 40 });
    const written = await desktop.sync.run();
    desktop.close();

    const day = await writeTinyDay([
      { app: 'Thunderbird', title: 'Supplier payment - Mozilla Thunderbird', seconds: 240, text: ['Invoice 5120'] },
      { app: 'Visual Studio Code', title: 'forecast.py - budget-tools', seconds: 300, text: ['def forecast()'] },
    ]);
    dirs.push(day);
    const laptop = createShadowCore({
      paths: resolveProfilePaths({ SHADOW_HOME: tempDir('shadow-index-laptop-') }),
      replayDir: day,
      settings: { sync: { folder, deviceName: 'laptop', share: ['activity', 'memory', 'screenText'], intervalSec: 120 } },
      env: {},
    });
    try {
      laptop.observer.start();
      await runReplay(laptop.observer, laptop.source as ReplaySource, laptop.clock as ManualClock, {
        pollIntervalMs: laptop.settings.pollIntervalMs,
        speed: 0,
      });
      await laptop.sync.run();
      laptop.sync.trust(written.status.device.id, written.status.fingerprint!);
      const imported = await laptop.sync.run();
      expect(imported.status.devices.find((d) => !d.local)?.appliedSegments).toBe(1);

      laptop.understanding.refresh();
      const { days } = timelineHandlers(laptop).timeline({ date: '2026-11-02', days: 1 });
      const devices = new Set(days[0]!.tasks.map((t) => t.device?.name));
      expect([...devices].sort()).toEqual(['desktop', 'laptop']);
      expect(days[0]!.threads.length).toBeGreaterThan(0);
      // Every task of both devices is in exactly one thread.
      expect(days[0]!.threads.flatMap((t) => t.taskIds).sort()).toEqual(days[0]!.tasks.map((t) => t.id).sort());
    } finally {
      laptop.close();
    }
  }, 120_000);
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import { INTERVIEW_EXCLUSION_REASON } from '../../src/core/observe/interview-exclusions';
import type { ReplaySource } from '../../src/core/observe/sources/replay-source';
import { useTempCore } from '../helpers/temp-core';
import { writeTinyDay } from '../helpers/tiny-day';

const cores = useTempCore();

describe('"never observe" in the onboarding interview', () => {
  it('becomes exclusion rules: saved in settings.json and applied to what is observed next', async () => {
    const day = await writeTinyDay([
      { app: 'Microsoft Excel', title: 'Ledger 2026.xlsx - Excel', seconds: 300 },
      { app: 'Google Chrome', title: 'HR Portal - Payslips - Google Chrome', seconds: 120 },
      { app: 'Slack', title: 'Slack | #random', seconds: 60 },
    ]);
    const { core, home } = cores.open({ replayDir: day, settings: { ocrEnabled: false } });
    await core.memory.interview.saveAnswers({ role: 'Accounts payable', 'never-observe': 'Slack and the HR portal' });

    const saved = JSON.parse(readFileSync(home.paths.settings, 'utf8')) as {
      exclusions: { app?: string; title?: string; reason?: string }[];
    };
    const fromInterview = saved.exclusions.filter((r) => r.reason === INTERVIEW_EXCLUSION_REASON);
    expect(fromInterview).toContainEqual({ app: 'Slack', reason: INTERVIEW_EXCLUSION_REASON });
    expect(fromInterview).toContainEqual({ title: 'HR portal', reason: INTERVIEW_EXCLUSION_REASON });
    // The defaults are still there.
    expect(saved.exclusions.some((r) => r.reason === 'password manager')).toBe(true);

    core.observer.start();
    await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, { pollIntervalMs: 1000, speed: 0 });
    const appTime = core.activity.appTime({ workSessionId: core.observer.health().workSessionId! });
    core.observer.stop('the recorded day ended');
    expect(appTime.apps.map((a) => a.app)).toEqual(['Microsoft Excel']);
    expect(appTime.privateSeconds).toBeGreaterThan(170);
    expect(appTime.privateSeconds).toBeLessThan(190);
    // Nothing of the excluded windows was kept: no title, no frame.
    expect(JSON.stringify(core.observer.immediateContext())).not.toMatch(/HR Portal|Slack/);
  });
});

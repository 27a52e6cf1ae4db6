import { cpSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import { interviewSeedOf, isFolderOfDays, loadRecording, replayPolls, ReplaySource } from '../../src/core/observe/sources/replay-source';
import { createShadowCore } from '../../src/core/shadow-core';
import { localDayBounds } from '../../src/core/time';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { writeTinyDay } from '../helpers/tiny-day';

const made: string[] = [];
let home: TempShadowHome | undefined;
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  home?.remove();
  home = undefined;
});

/** Two tiny days in a folder of days, the second day's screenshots moved to the folder's shared images/. */
async function twoDays(): Promise<string> {
  const week = mkdtempSync(join(tmpdir(), 'shadow-days-'));
  made.push(week);
  const monday = await writeTinyDay([{ app: 'Excel', title: 'Ledger.xlsx', seconds: 60 }], '2026-11-02T09:00:00.000Z');
  const tuesday = await writeTinyDay(
    [
      { app: 'Outlook', title: 'Inbox', seconds: 30 },
      { app: 'Excel', title: 'Ledger.xlsx', seconds: 30 },
    ],
    '2026-11-03T09:00:00.000Z',
  );
  cpSync(monday, join(week, '2026-11-02'), { recursive: true });
  renameSync(tuesday, join(week, '2026-11-03'));
  mkdirSync(join(week, 'images'));
  for (const image of readdirSync(join(week, '2026-11-03', 'images')))
    renameSync(join(week, '2026-11-03', 'images', image), join(week, 'images', image));
  rmSync(monday, { recursive: true, force: true });
  writeFileSync(join(week, 'interview.json'), JSON.stringify({ 'What is your name?': 'Test' }));
  return week;
}

describe('a folder of recorded days', () => {
  it('plays its days in order on one clock, never polling the night between them', async () => {
    const week = await twoDays();
    expect(isFolderOfDays(week)).toBe(true);
    const recording = loadRecording(week);
    expect(recording.days.map((d) => new Date(d.startMs).toISOString())).toEqual(['2026-11-02T09:00:00.000Z', '2026-11-03T09:00:00.000Z']);
    const polls = [...replayPolls(recording, 1000)];
    expect(polls).toHaveLength(61 + 61);
    expect(polls.some((t) => t > Date.parse('2026-11-02T09:01:00Z') && t < Date.parse('2026-11-03T09:00:00Z'))).toBe(false);
    // A day's frame finds its image in the folder's shared images/ when its own folder has none.
    const clock = new ManualClock(Date.parse('2026-11-03T09:00:40Z'));
    const source = new ReplaySource(week, clock);
    expect((await source.captureScreen()).length).toBeGreaterThan(100);
    expect(interviewSeedOf(week)).toBe(join(week, 'interview.json'));
  });

  it('replays into one profile: a work session per day, each day its own app time', async () => {
    home = createTempShadowHome();
    const week = await twoDays();
    const core = createShadowCore({ env: {}, paths: home.paths, replayDir: week, settings: { ocrEnabled: false, pollIntervalMs: 1000 } });
    try {
      core.observer.start();
      await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, { pollIntervalMs: 1000, speed: 0 });
      core.observer.stop('the recorded days ended');
      expect(core.activity.listWorkSessions(10)).toHaveLength(2);
      expect(core.activity.appTime({ window: localDayBounds('2026-11-02') }).totalActiveSeconds).toBe(60);
      expect(core.activity.appTime({ window: localDayBounds('2026-11-03') }).totalActiveSeconds).toBe(60);
      expect(core.memory.interview.view().answers).not.toEqual({});
    } finally {
      core.close();
    }
  });

  it('refuses days that overlap, naming them', async () => {
    const week = await twoDays();
    const manifest = join(week, '2026-11-03', 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        format: 'workflow-shadow-day',
        version: 1,
        startedAt: '2026-11-02T09:00:30.000Z',
        endedAt: '2026-11-02T09:01:30.000Z',
      }),
    );
    expect(() => loadRecording(week)).toThrow(/overlap/);
  });

  it('keeps the single day as it was, and says what is wrong with a folder that holds no day', async () => {
    const day = await writeTinyDay([{ app: 'Excel', title: 'Ledger.xlsx', seconds: 10 }]);
    made.push(day);
    expect(isFolderOfDays(day)).toBe(false);
    expect(loadRecording(day).days).toHaveLength(1);
    expect(interviewSeedOf(day)).toBeNull();
    const empty = mkdtempSync(join(tmpdir(), 'shadow-empty-'));
    made.push(empty);
    expect(() => loadRecording(empty)).toThrow(/holds no recorded day/);
  });
});

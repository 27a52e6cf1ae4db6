import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import { loadRecordedDay, type ReplaySource } from '../../src/core/observe/sources/replay-source';
import { createShadowCore } from '../../src/core/shadow-core';
import type { ExpectedAppTime } from '../../scripts/day/timeline';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const makeDay = (args: string[]) =>
  spawnSync(process.execPath, ['bin/run-ts.js', 'scripts/make-day.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });

let home: TempShadowHome | undefined;
let work: string | undefined;
afterEach(() => {
  home?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
  home = undefined;
  work = undefined;
});

describe('generated days (scripts/make-day.ts --synthetic)', () => {
  it('writes a random day whose replay gives exactly the app time the generator computed', async () => {
    work = mkdtempSync(join(tmpdir(), 'shadow-synthetic-'));
    const dayDir = join(work, 'day');
    const made = makeDay(['--synthetic', '--hours', '2', '--seed', '7', '--out', dayDir]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Synthetic 2h day written/);
    const expected = JSON.parse(readFileSync(join(dayDir, 'expected-app-time.json'), 'utf8')) as ExpectedAppTime;
    expect(expected.totalSeconds).toBe(7200);
    expect(expected.activeSeconds + expected.idleSeconds + expected.privateSeconds).toBe(7200);
    expect(expected.idleSeconds).toBeGreaterThan(0);
    expect(loadRecordedDay(dayDir).frames.at.length).toBeGreaterThan(600);

    home = createTempShadowHome();
    const core = createShadowCore({
      paths: home.paths,
      replayDir: dayDir,
      settings: { idleAfterSec: expected.idleAfterSec, ocrEnabled: false },
    });
    try {
      core.observer.start();
      await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, { pollIntervalMs: 1000, speed: 0 });
      const sessionId = core.observer.health().workSessionId!;
      core.observer.stop('the recorded day ended');
      const got = core.activity.appTime({ workSessionId: sessionId });
      expect(got.idleSeconds).toBe(expected.idleSeconds);
      expect(got.privateSeconds).toBe(expected.privateSeconds);
      expect(Object.fromEntries(got.apps.map((a) => [a.app, a.seconds]))).toEqual(
        Object.fromEntries(expected.apps.map((a) => [a.app, a.seconds])),
      );
    } finally {
      core.close();
    }
  });

  it('refuses bad arguments with a message and writes nothing', () => {
    work = mkdtempSync(join(tmpdir(), 'shadow-synthetic-'));
    const noOut = makeDay(['--synthetic', '--hours', '2']);
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toMatch(/--out DIR is required/);
    const badHours = makeDay(['--synthetic', '--hours', '30', '--out', join(work, 'x')]);
    expect(badHours.status).toBe(2);
    expect(badHours.stderr).toMatch(/--hours is at most 24/);
    expect(existsSync(join(work, 'x'))).toBe(false);
    const both = makeDay(['--synthetic', '--scripted']);
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/exactly one of --scripted, --synthetic, --job NAME or --week/);
  });
});

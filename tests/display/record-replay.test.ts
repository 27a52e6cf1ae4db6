import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/core/clock';
import { runReplay } from '../../src/core/observe/capture-loop';
import { loadRecordedDay, type ReplaySource } from '../../src/core/observe/sources/replay-source';
import { createShadowCore } from '../../src/core/shadow-core';
import { spawnShadow, waitForOutput } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { startInputLoop, startXSession, type XSession } from '../helpers/x-session';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let x: XSession;
let home: TempShadowHome;
let outDir: string;
let recordOutput = '';

beforeAll(async () => {
  home = createTempShadowHome();
  outDir = join(mkdtempSync(join(tmpdir(), 'shadow-recording-')), 'day');
  x = await startXSession();
  const excel = await x.openXterm('Excel', 'Budget.xlsx', { background: '#1d6f42' });
  const vault = await x.openXterm('KeePassXC', 'KeePassXC - Passwords.kdbx', { background: '#202020' });
  const chrome = await x.openXterm('Chrome', 'Bank portal', { background: '#f4f4f4' });
  await x.activate(excel);
  const input = startInputLoop(x, 250);
  try {
    const recorder = spawnShadow(['record', '--out', outDir, '--duration', '8', '--poll-ms', '250', '--interval', '1'], {
      ...home.env,
      DISPLAY: x.display,
    });
    const log: string[] = [];
    recorder.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    recorder.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => recorder.once('exit', resolve));
    await waitForOutput(recorder, /Recording the desktop into/, 30_000, log);
    await sleep(3000);
    await x.activate(vault);
    await sleep(1500);
    await x.activate(chrome);
    const code = await exited;
    recordOutput = log.join('');
    expect(code, recordOutput).toBe(0);
  } finally {
    await input.stop();
  }
}, 90_000);

afterAll(async () => {
  await x?.stop();
  home?.remove();
  if (outDir) rmSync(join(outDir, '..'), { recursive: true, force: true });
});

describe('shadow record on a real X desktop, then replay', () => {
  it('writes a replayable day with screenshots and no trace of the excluded window', async () => {
    expect(recordOutput).toMatch(/Recorded \d+ events/);
    const day = loadRecordedDay(outDir);
    expect(day.windows.value.map((w) => w.app)).toEqual(['Excel', '(private)', 'Chrome']);
    expect(day.inputs.length).toBeGreaterThan(2);
    const images = readdirSync(join(outDir, 'images'));
    expect(images.length).toBeGreaterThanOrEqual(2);
    const meta = await sharp(readFileSync(join(outDir, 'images', images[0]!))).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 800]);
    const events = readFileSync(join(outDir, 'events.jsonl'), 'utf8');
    expect(events).not.toContain('KeePassXC');
    expect(events).not.toContain('Passwords.kdbx');
  });

  it('replays into plausible app time for both apps', async () => {
    // A profile of its own: the recorder's stays as it left it, and this test sees nothing of another run.
    const replayHome = createTempShadowHome();
    const core = createShadowCore({ paths: replayHome.paths, replayDir: outDir, settings: { pollIntervalMs: 250 } });
    try {
      core.observer.start();
      await runReplay(core.observer, core.source as ReplaySource, core.clock as ManualClock, { pollIntervalMs: 250, speed: 0 });
      const sessionId = core.observer.health().workSessionId!;
      core.observer.stop('the recorded day ended');
      const appTime = core.activity.appTime({ workSessionId: sessionId });
      const seconds = (app: string): number => appTime.apps.find((a) => a.app === app)?.seconds ?? 0;
      expect(appTime.apps.map((a) => a.app).sort()).toEqual(['Chrome', 'Excel']);
      expect(seconds('Excel')).toBeGreaterThan(2);
      expect(seconds('Excel')).toBeLessThan(4.5);
      expect(seconds('Chrome')).toBeGreaterThan(2);
      expect(seconds('Chrome')).toBeLessThan(5);
      expect(appTime.privateSeconds).toBeGreaterThan(0.75);
      expect(appTime.privateSeconds).toBeLessThan(2.5);
      expect(appTime.idleSeconds).toBe(0);
      expect(appTime.apps.find((a) => a.app === 'Excel')?.titles[0]?.title).toBe('Budget.xlsx');
    } finally {
      core.close();
      replayHome.remove();
    }
  });
});

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
import { waitFor } from '../helpers/wait';
import { startInputLoop, startXSession, type XSession } from '../helpers/x-session';

interface RecordedEvent {
  readonly kind: string;
  readonly at?: string;
  readonly app?: string;
}

/** The scenario's own stretches (time spent in a window), each begun once the recording saw it. */
const stayUntil = (at: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** The events the recorder has appended so far (it writes each as it happens). */
function readEvents(): RecordedEvent[] {
  const file = join(outDir, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as RecordedEvent);
}

const windowsOf = (events: readonly RecordedEvent[]): string[] => events.filter((e) => e.kind === 'window').map((e) => e.app ?? '');
const framesOf = (events: readonly RecordedEvent[]): number => events.filter((e) => e.kind === 'frame').length;

/** Waits until the recording holds what `seen` looks for. */
function recorded(what: string, seen: (events: readonly RecordedEvent[]) => boolean, log: readonly string[]): Promise<RecordedEvent[]> {
  return waitFor(readEvents, { what: `the recording to hold ${what}`, until: seen, timeoutMs: 30_000, details: () => log.join('') });
}

let x: XSession;
let home: TempShadowHome;
let outDir: string;
let recordOutput = '';
/** Seconds the script spent in each window, measured around the switches. */
let measured = { excel: 0, private: 0, chrome: 0 };

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
    // No --duration: the recording is stopped (SIGTERM, as Ctrl+C) once it has seen all three windows.
    const recorder = spawnShadow(['record', '--out', outDir, '--poll-ms', '250', '--interval', '1'], { ...home.env, DISPLAY: x.display });
    const log: string[] = [];
    recorder.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    recorder.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => recorder.once('exit', resolve));
    await waitForOutput(recorder, /Recording the desktop into/, 30_000, log);
    const excelFrom = Date.parse(
      (
        await recorded(
          'a window event of Excel and its first frame',
          (events) => windowsOf(events).includes('Excel') && framesOf(events) >= 1,
          log,
        )
      ).find((e) => e.kind === 'window')!.at!,
    );
    await stayUntil(excelFrom + 3000);
    const vaultFrom = await x.activate(vault).then(() => Date.now());
    await recorded('the password manager, as "(private)"', (events) => windowsOf(events).includes('(private)'), log);
    await stayUntil(vaultFrom + 2000);
    const chromeFrom = await x.activate(chrome).then(() => Date.now());
    const frames = framesOf(readEvents());
    await recorded('Chrome and a frame of it', (events) => windowsOf(events).includes('Chrome') && framesOf(events) > frames, log);
    await stayUntil(chromeFrom + 3000);
    const until = Date.now();
    measured = { excel: (vaultFrom - excelFrom) / 1000, private: (chromeFrom - vaultFrom) / 1000, chrome: (until - chromeFrom) / 1000 };
    recorder.kill('SIGTERM');
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
      // Each switch is recorded at the recorder's next poll (250 ms), later on a loaded machine.
      const within = (actual: number, wanted: number, what: string) =>
        expect(Math.abs(actual - wanted), `${what}: replayed ${actual}s, the script spent ${wanted.toFixed(2)}s`).toBeLessThanOrEqual(1.5);
      within(seconds('Excel'), measured.excel, 'Excel');
      within(appTime.privateSeconds, measured.private, 'the password manager (private)');
      // The recording ends when the recorder has stopped, after the script's last stretch.
      expect(
        seconds('Chrome'),
        `Chrome: replayed ${seconds('Chrome')}s, the script spent ${measured.chrome.toFixed(2)}s`,
      ).toBeGreaterThanOrEqual(measured.chrome - 1.5);
      expect(appTime.idleSeconds).toBe(0);
      expect(appTime.apps.find((a) => a.app === 'Excel')?.titles[0]?.title).toBe('Budget.xlsx');
    } finally {
      core.close();
      replayHome.remove();
    }
  });
});

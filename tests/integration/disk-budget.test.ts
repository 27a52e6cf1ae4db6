import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/core/api/handlers';
import { ManualClock } from '../../src/core/clock';
import type { ShadowCore } from '../../src/core/shadow-core';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http/http-server';
import type { DiskMeter, Health, OperationOutput, Operations } from '../../src/shared/contract/index';
import { openQuietCore } from '../helpers/quiet-core';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { runShadow } from '../helpers/shadow-process';

type SettingsView = OperationOutput<Operations['getSettings']>;

const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
const TODAY = '2026-03-10';
const FRAMES_PER_DAY = 12;
const ROWS_PER_DAY = 300;
const WORDS = ['invoice', 'ledger', 'Northwind', 'payment', 'approved', 'vendor', 'reconcile', 'March', 'wire', 'reference'];

/** A day of screen text: rows of varied words and numbers, like OCR of a working day. */
function fillScreenText(core: ShadowCore, day: string): void {
  const start = Date.parse(`${day}T08:00:00Z`);
  for (let i = 0; i < ROWS_PER_DAY; i++) {
    const text = Array.from({ length: 160 }, (_, w) => `${WORDS[(i * 7 + w) % WORDS.length]} ${(i * 131 + w * 17) % 99_991}`).join(' ');
    core.screenText.insert({ atMs: start + i * 60_000, app: i % 2 ? 'Excel' : 'Chrome', title: `Ledger ${day}`, text });
  }
}

/** A day of kept frames: incompressible files the size of a 1280x800 JPEG. */
function fillFrames(framesDir: string, day: string): void {
  mkdirSync(join(framesDir, day), { recursive: true });
  for (let i = 0; i < FRAMES_PER_DAY; i++) writeFileSync(join(framesDir, day, `${i}.jpg`), randomBytes(180 * 1024));
}

describe('the disk budget', () => {
  let home: TempShadowHome;
  let core: ShadowCore;
  let framesDir: string;
  let before: DiskMeter;
  let during: { pruning: boolean; settled: boolean };
  let after: DiskMeter;
  let rowsByDay: Map<string, number>;

  beforeAll(async () => {
    home = createTempShadowHome('shadow-budget-');
    // In the settings file, so the CLI below reads the same cap.
    mkdirSync(dirname(home.paths.settings), { recursive: true });
    writeFileSync(home.paths.settings, JSON.stringify({ storageCapMb: 10 }));
    core = openQuietCore(home.home, { clock: new ManualClock(Date.parse(`${TODAY}T15:00:00Z`)) });
    framesDir = join(home.paths.data, 'frames');
    for (const day of DAYS) {
      fillScreenText(core, day);
      fillFrames(framesDir, day);
    }
    before = core.diskBudget.meter();
    let settled = false;
    const pass = core.diskBudget.enforce().then((result) => {
      settled = true;
      return result;
    });
    // One turn of the event loop later the pass is still going: it deletes in steps, never in one block.
    await new Promise((resolve) => setImmediate(resolve));
    during = { pruning: core.diskBudget.meter().pruning, settled };
    await pass;
    after = core.diskBudget.meter();
    rowsByDay = new Map(
      DAYS.map((day) => [day, core.screenText.textBetween(Date.parse(`${day}T00:00:00Z`), Date.parse(`${day}T23:59:59Z`), 10_000).length]),
    );
  }, 60_000);

  afterAll(() => {
    core.close();
    home.remove();
  });

  it('measures the profile against the cap', () => {
    expect(before.capBytes).toBe(10 * 1024 * 1024);
    expect(before.framesBytes).toBe(DAYS.length * FRAMES_PER_DAY * 180 * 1024);
    expect(before.databaseBytes).toBeGreaterThan(1024 * 1024);
    expect(before.usedBytes).toBe(before.databaseBytes + before.framesBytes + before.otherDataBytes);
    expect(before.overBudget).toBe(true);
    expect(before).toMatchObject({
      oldestScreenTextDay: DAYS[0],
      oldestFrameDay: DAYS[0],
      retention: { framesDays: 90, screenTextDays: 90, summariesDays: null },
    });
  });

  it('prunes in steps that leave the event loop free', () => {
    expect(during).toEqual({ pruning: true, settled: false });
  });

  it('brings the profile under the cap, oldest days first, and never touches today', () => {
    expect(after.usedBytes).toBeLessThanOrEqual(after.capBytes);
    expect(after.overBudget).toBe(false);
    const frameDays = readdirSync(framesDir).sort();
    expect(frameDays.at(-1)).toBe(TODAY);
    expect(readdirSync(join(framesDir, TODAY))).toHaveLength(FRAMES_PER_DAY);
    expect(rowsByDay.get(TODAY)).toBe(ROWS_PER_DAY);
    // What is left is the newest days: every day kept is newer than every day emptied.
    const keptFrames = DAYS.filter((day) => frameDays.includes(day));
    expect(keptFrames).toEqual(DAYS.slice(DAYS.length - keptFrames.length));
    const keptText = DAYS.filter((day) => rowsByDay.get(day)! > 0);
    expect(keptText).toEqual(DAYS.slice(DAYS.length - keptText.length));
    expect(keptFrames.length).toBeLessThan(DAYS.length);
    expect(after.oldestFrameDay).toBe(keptFrames[0]);
  });

  it('says what it removed', () => {
    const removedFrames = (DAYS.length - readdirSync(framesDir).length) * FRAMES_PER_DAY;
    const removedRows = DAYS.length * ROWS_PER_DAY - [...rowsByDay.values()].reduce((a, b) => a + b, 0);
    expect(after.lastPrune).toMatchObject({ at: `${TODAY}T15:00:00.000Z`, frames: removedFrames, screenTextRows: removedRows });
    expect(removedRows).toBeGreaterThan(0);
  });

  describe('on every surface', () => {
    let http: RunningHttpServer;
    const TOKEN = 'budget-token-0123456789abcdef';
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`http://127.0.0.1:${http.port}/api/v1${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };

    beforeAll(async () => {
      http = await startHttpServer({ core, handlers: createHandlers(core), token: TOKEN, port: 0 });
    });

    afterAll(async () => {
      await http.close();
    });

    it('HTTP answers the meter at /disk and in health', async () => {
      const meter = await get<DiskMeter>('/disk');
      expect(meter).toMatchObject({ capBytes: after.capBytes, overBudget: false, oldestFrameDay: after.oldestFrameDay });
      const health = await get<Health>('/health');
      expect(health.disk.capBytes).toBe(after.capBytes);
      expect(health.disk.usedBytes).toBeLessThanOrEqual(after.capBytes);
      expect(health.storage, 'the deprecated name still answers').toEqual(health.disk);
    });

    it('/settings tells the same size as the meter: one measure of a profile with data', async () => {
      const [settings, meter] = [await get<SettingsView>('/settings'), await get<DiskMeter>('/disk')];
      expect(meter.framesBytes).toBeGreaterThan(0);
      expect(meter.databaseBytes).toBeGreaterThan(1024 * 1024);
      expect(settings.usage.databaseBytes).toBe(meter.databaseBytes);
      expect(settings.usage.dataBytes).toBe(meter.framesBytes + meter.otherDataBytes);
      expect(settings.usage.screenTextRows).toBe([...rowsByDay.values()].reduce((a, b) => a + b, 0));
    });

    it('`shadow today` prints the meter under the day', async () => {
      const { stdout } = await runShadow(['today', '--date', TODAY], home.env);
      expect(stdout).toMatch(/Disk: [\d.]+ MB of 10 MB \(\d+%\) · screen text since 2026-03-\d\d/);
    }, 60_000);
  });
});

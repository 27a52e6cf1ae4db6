import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema, type Settings } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import type { Frame } from '../../src/core/observe/frame';
import { Observer } from '../../src/core/observe/observer';
import type { RawImage } from '../../src/core/observe/raw-image';
import type { ActiveWindow, CaptureSource, GrabRequest, Screenshot, UnchangedScreen } from '../../src/core/observe/sources/capture-source';
import { openDatabase } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';

/** A flat screen of one grey with a dark band at `band` (0..19 of 20), as RGB pixels. */
function screen(grey: number, band: number | null = null): RawImage {
  const width = 320;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3, grey);
  if (band !== null) pixels.fill(0, band * 10 * width * 3, (band + 1) * 10 * width * 3);
  return { pixels, width, height, channels: 3 };
}

/** Two monitors: the focused window on the right one; what each shows is scripted per test. */
class TwoMonitors implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow = { app: 'Excel', title: 'Ledger.xlsx' };
  left = screen(240);
  right = screen(200);
  leftWindow: ActiveWindow = { app: 'Chrome', title: 'Northwind bank' };
  requests: GrabRequest[] = [];
  /** What each request allowed, asked when it was made: cells of the focused (HDMI-1) and the other monitor (DP-1). */
  allowed: { 'HDMI-1': number; 'DP-1': number }[] = [];
  /** Answer the focused monitor as unchanged wherever the request allows any cells. */
  leaveOut = false;
  fail = false;
  async activeWindow() {
    return this.window;
  }
  async idleSeconds() {
    return 0;
  }
  async captureScreen(): Promise<Buffer> {
    throw new Error('the observer asks for pixels where a source hands them over');
  }
  async grabScreens(request: GrabRequest): Promise<(Screenshot | UnchangedScreen)[]> {
    this.requests.push(request);
    this.allowed.push({ 'HDMI-1': request.unchangedUpTo!('HDMI-1', true), 'DP-1': request.unchangedUpTo!('DP-1', false) });
    if (this.fail) throw new Error('the display went away');
    if (this.leaveOut && request.unchangedUpTo!('HDMI-1', true) >= 0) return [{ unchanged: true, monitor: 'HDMI-1', focused: true }];
    const right: Screenshot = { image: this.right, monitor: 'HDMI-1', focused: true, focus: { x: 20, y: 10, width: 280, height: 180 } };
    if (request.monitors === 'focused') return [right];
    return [{ image: this.left, monitor: 'DP-1', focused: false, focus: null, window: this.leftWindow }, right];
  }
}

const T0 = Date.parse('2026-11-02T09:00:00Z');

function setUp(settings: Partial<Settings>, imageWanted?: () => boolean) {
  const db = openDatabase(':memory:');
  const clock = new ManualClock(T0);
  const source = new TwoMonitors();
  const events = new EventBus();
  const activity = new ActivityRepository(db);
  const observer = new Observer({
    settings: settingsSchema.parse({ captureIntervalSec: 10, ...settings }),
    source,
    clock,
    activity,
    events,
    imageWanted,
  });
  const kept: Frame[] = [];
  const beside: Frame[] = [];
  events.on('frame:kept', ({ frame }) => kept.push(frame));
  events.on('frame:beside', ({ frame }) => beside.push(frame));
  observer.start();
  const runFor = async (seconds: number): Promise<void> => {
    for (let i = 0; i < seconds; i++) {
      clock.advance(1000);
      await observer.tick();
    }
  };
  return { source, observer, activity, kept, beside, runFor };
}

describe('capture of several monitors', () => {
  let run: ReturnType<typeof setUp>;

  describe('by default, the monitor holding the focused window', () => {
    beforeEach(() => {
      run = setUp({});
    });

    it('keeps frames of that monitor with its name and the window rectangle, encoded only when they pass dedup', async () => {
      await run.runFor(30);
      expect(run.source.requests.every((r) => r.monitors === 'focused')).toBe(true);
      expect(run.kept).toHaveLength(1);
      expect(run.kept[0]).toMatchObject({ monitor: 'HDMI-1', focus: { x: 20, y: 10, width: 280, height: 180 }, width: 320, height: 200 });
      // JPEG, from the pixels.
      expect(run.kept[0]!.image!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(run.observer.health()).toMatchObject({ framesCaptured: 1, framesSkipped: 2 });
      run.source.right = screen(200, 5);
      await run.runFor(10);
      expect(run.kept).toHaveLength(2);
      expect(run.beside).toHaveLength(0);
      expect(run.observer.immediateContext().recentFrames.at(-1)).toMatchObject({ monitor: 'HDMI-1' });
    });

    it("records the focused window's monitor with its app time", async () => {
      await run.runFor(30);
      run.observer.flushOpenSpan();
      const time = run.activity.appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } });
      expect(time.apps[0]).toMatchObject({ app: 'Excel' });
      expect(time.monitors).toEqual([{ monitor: 'HDMI-1', seconds: time.totalActiveSeconds }]);
    });
  });

  describe('every monitor, when the setting says so', () => {
    beforeEach(() => {
      run = setUp({ captureMonitors: 'all' });
    });

    it('keeps a frame of each, deduplicated against its own monitor, the other one named by its top window', async () => {
      await run.runFor(30);
      expect(run.kept.map((f) => f.monitor)).toEqual(['HDMI-1']);
      expect(run.beside).toHaveLength(1);
      expect(run.beside[0]).toMatchObject({ monitor: 'DP-1', app: 'Chrome', title: 'Northwind bank', focus: null });
      // Only the left monitor changes: only it gets a new frame, and memory still sees the focused one alone.
      run.source.left = screen(240, 12);
      await run.runFor(10);
      expect(run.beside).toHaveLength(2);
      expect(run.kept).toHaveLength(1);
      expect(run.observer.recentFrames().map((f) => f.monitor)).toEqual(['HDMI-1']);
    });

    it('keeps no frame of a monitor whose top window is excluded', async () => {
      run.source.leftWindow = { app: 'KeePassXC', title: 'Passwords.kdbx' };
      await run.runFor(30);
      expect(run.beside).toHaveLength(0);
      expect(run.kept).toHaveLength(1);
    });
  });

  describe('screenshots a source may leave out (nothing drawn that could matter)', () => {
    /** `cells` thumbnail cells of the right monitor darkened (each cell is 10×10 of its 320×200 pixels). */
    const withCells = (cells: number): RawImage => {
      const image = screen(200);
      for (let y = 0; y < 10; y++) image.pixels.fill(0, y * 320 * 3, (y * 320 + cells * 10) * 3);
      return image;
    };
    const asked = (r: ReturnType<typeof setUp>, monitor: 'HDMI-1' | 'DP-1'): number[] => r.source.allowed.map((cells) => cells[monitor]);

    it('allows as many cells drawn as dedup could still drop: 1% of the cells less those already changed', async () => {
      run = setUp({ captureMonitors: 'all' });
      await run.runFor(20);
      // Nothing kept yet: the screenshot must be taken. Kept with nothing changed: ceil(1% of 640) − 1 = 6
      // cells may be drawn on and the next one is still dropped.
      expect(asked(run, 'HDMI-1')).toEqual([-1, 6]);
      run.source.right = withCells(2);
      await run.runFor(20);
      // That screenshot changed 2 cells and was dropped: 4 more may change.
      expect(run.kept).toHaveLength(1);
      expect(asked(run, 'HDMI-1').slice(2)).toEqual([6, 4]);
      run.source.right = withCells(7);
      await run.runFor(20);
      expect(run.kept).toHaveLength(2);
      expect(asked(run, 'HDMI-1').slice(4)).toEqual([4, 6]);
      // A monitor beside the focused one: its window is known only from its screenshot, which is always taken.
      expect(asked(run, 'DP-1').every((cells) => cells === -1)).toBe(true);
      // Another window: the screenshot is taken.
      run.source.window = { app: 'Excel', title: 'Other.xlsx' };
      await run.runFor(1);
      expect(asked(run, 'HDMI-1').at(-1)).toBe(-1);
      expect(run.kept.at(-1)).toMatchObject({ title: 'Other.xlsx' });
    });

    it('counts a monitor left out as dropped, takes one at least every 5 minutes, and again after a failed screenshot', async () => {
      run = setUp({});
      await run.runFor(10);
      run.source.leaveOut = true;
      await run.runFor(30);
      expect(run.observer.health()).toMatchObject({ framesCaptured: 1, framesSkipped: 3 });
      // A still screen for 10 minutes: the source may leave out screenshots, but not for 5 minutes on end.
      await run.runFor(600);
      const allowed = asked(run, 'HDMI-1');
      expect(allowed.filter((cells) => cells < 0).length).toBe(3); // the first, then after 5 and after 10 minutes
      expect(allowed.at(-1)).toBe(6);
      run.source.fail = true;
      await run.runFor(10);
      run.source.fail = false;
      await run.runFor(10);
      expect(asked(run, 'HDMI-1').at(-1)).toBe(-1);
    });

    it('is never offered with dedup off', async () => {
      run = setUp({ dedupMinChange: 0 });
      await run.runFor(30);
      expect(asked(run, 'HDMI-1').every((cells) => cells < 0)).toBe(true);
    });
  });

  describe('encoding', () => {
    it('encodes a frame only while something reads images, and keeps it without one otherwise', async () => {
      let reading = false;
      run = setUp({}, () => reading);
      await run.runFor(30);
      expect(run.kept).toHaveLength(1);
      expect(run.kept[0]).toMatchObject({ image: null, monitor: 'HDMI-1', width: 320, height: 200 });
      // The dedup thumbnail is still made from the pixels: an unchanged screen is still dropped.
      expect(run.observer.health()).toMatchObject({ framesCaptured: 1, framesSkipped: 2 });
      reading = true;
      run.source.right = screen(200, 5);
      await run.runFor(10);
      expect(run.kept).toHaveLength(2);
      expect(run.kept[1]!.image!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    });
  });
});

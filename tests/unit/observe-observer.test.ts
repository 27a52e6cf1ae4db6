import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import { Observer } from '../../src/core/observe/observer';
import type { ActiveWindow, CaptureSource } from '../../src/core/observe/sources/capture-source';
import { openDatabase, type Db } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';

const screens = new Map<string, Buffer>();
async function screenFor(label: string): Promise<Buffer> {
  if (!screens.has(label)) {
    const svg = `<svg width="640" height="400"><rect width="640" height="400" fill="#fff"/><text x="20" y="${60 + (label.length % 5) * 60}" font-size="48">${label}</text></svg>`;
    screens.set(label, await sharp(Buffer.from(svg)).png().toBuffer());
  }
  return screens.get(label)!;
}

/** A desktop whose focus, idle time and failures the test scripts. */
class ScriptedSource implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow | null = { app: 'Excel', title: 'Budget.xlsx' };
  idle = 0;
  windowError: Error | null = null;
  screenshotError: Error | null = null;
  screenshots = 0;
  /** Focus moves to this window while the next screenshot is taken. */
  focusDuringCapture: ActiveWindow | null = null;
  /** How long the next screenshots take, on the test's clock. */
  captureTakesMs = 0;
  async activeWindow() {
    if (this.windowError) throw this.windowError;
    return this.window;
  }
  idleProbes = 0;
  async idleSeconds() {
    this.idleProbes++;
    return this.idle;
  }
  async captureScreen() {
    if (this.screenshotError) throw this.screenshotError;
    this.screenshots++;
    clock.advance(this.captureTakesMs);
    const shown = this.window;
    if (this.focusDuringCapture) {
      this.window = this.focusDuringCapture;
      this.focusDuringCapture = null;
    }
    return screenFor(shown ? `${shown.app} ${shown.title}` : 'desktop');
  }
}

let db: Db;
let clock: ManualClock;
let source: ScriptedSource;
let events: EventBus;
let activity: ActivityRepository;
let observer: Observer;
const T0 = Date.parse('2026-11-02T09:00:00Z');

async function runFor(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    await observer.tick();
  }
}

beforeEach(() => {
  db = openDatabase(':memory:');
  clock = new ManualClock(T0);
  source = new ScriptedSource();
  events = new EventBus();
  activity = new ActivityRepository(db);
  observer = new Observer({
    settings: settingsSchema.parse({ idleAfterSec: 30, captureIntervalSec: 10 }),
    source,
    clock,
    activity,
    events,
  });
  observer.start();
});

describe('Observer', () => {
  it('captures on a switch and every interval, keeps at most 6 frames and skips identical ones', async () => {
    const kept: string[] = [];
    events.on('frame:kept', ({ frame }) => kept.push(frame.app));
    await runFor(60);
    expect(source.screenshots).toBe(6);
    expect(observer.health()).toMatchObject({ framesCaptured: 1, framesSkipped: 5 });
    source.window = { app: 'Chrome', title: 'Bank' };
    await runFor(1);
    expect(kept).toEqual(['Excel', 'Chrome']);
    expect(observer.immediateContext()).toMatchObject({
      currentApp: 'Chrome',
      lastSignificantChange: { kind: 'app-switch', description: 'Switched from Excel to Chrome ("Bank")' },
    });
    for (let i = 0; i < 8; i++) {
      source.window = { app: 'Excel', title: `Sheet ${i}` };
      await runFor(1);
    }
    expect(observer.recentFrames()).toHaveLength(6);
    expect(observer.recentFrames().at(-1)?.title).toBe('Sheet 7');
  });

  it('counts idle time as idle, not app time, from the last input', async () => {
    await runFor(20);
    source.idle = 0;
    for (let i = 1; i <= 60; i++) {
      source.idle = i;
      clock.advance(1000);
      await observer.tick();
    }
    source.idle = 0;
    await runFor(10);
    observer.flushOpenSpan();
    const time = activity.appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } });
    // Active +1..+20 s (last input at +20) and +81..+90 s; idle from the last input until input came back.
    expect(time.apps[0]).toMatchObject({ app: 'Excel', seconds: 19 + 9 });
    expect(time.idleSeconds).toBe(61);
  });

  it('dates a switch by when the source saw the focus move, not by the poll that read it late', async () => {
    await runFor(10);
    // The focus moved 0.7 s after the last poll; the next poll came 3 s later (a screenshot held it up).
    source.window = { app: 'Chrome', title: 'Bank portal', since: clock.now() + 700 };
    clock.advance(3000);
    await observer.tick();
    // A focus time before the last poll (that poll saw the old window) or after this one is not taken.
    source.window = { app: 'Slack', title: '#finance', since: clock.now() - 500 };
    clock.advance(1000);
    await observer.tick();
    source.window = { app: 'Excel', title: 'Budget.xlsx', since: clock.now() + 5000 };
    clock.advance(1000);
    await observer.tick();
    await runFor(2);
    observer.flushOpenSpan();
    const seconds = Object.fromEntries(
      activity.appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } }).apps.map((a) => [a.app, a.seconds]),
    );
    expect(seconds).toEqual({ Excel: 9.7 + 2, Chrome: 3.3, Slack: 1 });
  });

  it('counts the seconds a slow screenshot held the poll up as seen, when the window was the same after it', async () => {
    await runFor(3);
    source.window = { app: 'Chrome', title: 'Bank portal' };
    source.captureTakesMs = 4500;
    await runFor(1);
    source.captureTakesMs = 0;
    await runFor(3);
    // The focus moves on during the next slow one: nothing is counted beyond the poll that saw Slack.
    source.window = { app: 'Slack', title: '#finance' };
    source.captureTakesMs = 4500;
    source.focusDuringCapture = { app: 'Excel', title: 'Budget.xlsx' };
    await runFor(1);
    source.captureTakesMs = 0;
    await runFor(2);
    observer.flushOpenSpan();
    const spans = activity.spansIn({ startMs: T0, endMs: T0 + 3_600_000 }).map((span) => [span.app, (span.endMs - span.startMs) / 1000]);
    // Chrome from +4 s (4.5 s of it in its screenshot) to the poll that saw Slack at +12.5 s; Slack only
    // at that poll; Excel from the first poll after the gap the second screenshot left (+18 s).
    expect(spans).toEqual([
      ['Excel', 3],
      ['Chrome', 8.5],
      ['Slack', 0],
      ['Excel', 1],
    ]);
  });

  it('reads idle time only when the threshold could have been crossed while active, and every poll while idle', async () => {
    await runFor(60);
    // idleAfterSec is 30: readings at +1 s, +31 s and +61 s, not one a second.
    expect(source.idleProbes).toBe(2);
    source.idle = 45;
    await runFor(5);
    expect(source.idleProbes).toBe(2 + 5);
    expect(observer.health().state).toBe('idle');
  });

  it('drops excluded windows before any capture and counts their time as private', async () => {
    const kept: string[] = [];
    events.on('frame:kept', ({ frame }) => kept.push(frame.title));
    await runFor(5);
    source.window = { app: 'KeePassXC', title: 'Passwords.kdbx' };
    const shotsBefore = source.screenshots;
    await runFor(30);
    expect(source.screenshots).toBe(shotsBefore);
    expect(observer.immediateContext()).toMatchObject({ state: 'private', currentApp: null, currentWindowTitle: null });
    source.window = { app: 'Excel', title: 'Budget.xlsx' };
    await runFor(5);
    const time = activity.appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } });
    expect(time.privateSeconds).toBe(30);
    expect(JSON.stringify(time)).not.toMatch(/KeePass|Passwords/);
    expect(kept.join()).not.toMatch(/Passwords/);
    const stored = db.prepare(`SELECT COUNT(*) AS n FROM activity_spans WHERE app LIKE '%Keep%' OR title LIKE '%kdbx%'`).get();
    expect(stored).toEqual({ n: 0 });
  });

  it('takes no screenshot until a second after a private window had the focus (its last picture may still be shown)', async () => {
    await runFor(2);
    source.window = { app: 'KeePassXC', title: 'Passwords.kdbx' };
    await runFor(5);
    const shotsBefore = source.screenshots;
    source.window = { app: 'Excel', title: 'Budget.xlsx' };
    clock.advance(400);
    await observer.tick();
    expect(source.screenshots).toBe(shotsBefore);
    clock.advance(400);
    await observer.tick();
    expect(source.screenshots).toBe(shotsBefore);
    clock.advance(400);
    await observer.tick();
    expect(source.screenshots).toBe(shotsBefore + 1);
    // Private time ends at the first poll that saw the app, screenshot or not (first seen at 3 s, the app at 7.4 s).
    const time = activity.appTime({ window: { startMs: T0, endMs: clock.now() + 1 } });
    expect(time.privateSeconds).toBeCloseTo(4.4, 3);
  });

  it('discards a screenshot when the focus moved to another window while it was taken', async () => {
    await runFor(1);
    source.window = { app: 'Chrome', title: 'Work' };
    source.focusDuringCapture = { app: 'Chrome', title: 'Private Browsing' };
    const kept: string[] = [];
    events.on('frame:kept', ({ frame }) => kept.push(frame.title));
    await runFor(3);
    expect(kept).toEqual([]);
  });

  it('keeps polling when the window probe or the screenshot fails, and reports it in health', async () => {
    source.windowError = new Error('xprop: unable to open display');
    await runFor(5);
    expect(observer.health()).toMatchObject({ failures: 5, lastError: { message: 'xprop: unable to open display' } });
    source.windowError = null;
    source.screenshotError = new Error('import: not found');
    await runFor(2);
    expect(observer.health().lastError?.message).toBe('import: not found');
    source.screenshotError = null;
    await runFor(15);
    expect(observer.health()).toMatchObject({ state: 'observing', framesCaptured: 1 });
    expect(observer.health().polls).toBe(22);
  });

  it('times out a hung probe instead of stalling the loop', async () => {
    const hung = new Observer({
      settings: settingsSchema.parse({}),
      source: {
        ...source,
        kind: 'desktop',
        activeWindow: () => new Promise(() => {}),
        idleSeconds: async () => 0,
        captureScreen: async () => Buffer.alloc(0),
      },
      clock,
      activity,
      events,
      probeTimeoutMs: 20,
    });
    hung.start();
    await hung.tick();
    expect(hung.health().lastError?.message).toMatch(/timed out after 20 ms/);
    hung.stop();
  });

  it('ends the work session on pause and starts a new one on resume', async () => {
    await runFor(10);
    const first = observer.health().workSessionId!;
    observer.pause();
    expect(observer.health()).toMatchObject({ state: 'paused', pausedReason: 'paused by the user', workSessionId: null });
    await runFor(30);
    observer.resume();
    await runFor(10);
    const second = observer.health().workSessionId!;
    expect(second).not.toBe(first);
    observer.flushOpenSpan();
    expect(activity.getWorkSession(first)).toMatchObject({ status: 'completed', endReason: 'paused by the user', activeSeconds: 9 });
    expect(activity.appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } }).totalActiveSeconds).toBe(18);
  });

  it('starts a new work session at midnight', async () => {
    clock.set(Date.parse('2026-11-02T23:59:50Z'));
    await runFor(20);
    const sessions = activity.listWorkSessions(10);
    expect(sessions.map((s) => s.status)).toEqual(['active', 'completed']);
    expect(sessions[1]?.endReason).toBe('end of day');
  });

  it('pauses with a clear reason instead of crashing when the database fails', async () => {
    await runFor(2);
    db.exec('DROP TABLE activity_spans');
    source.window = { app: 'Chrome', title: 'Bank' };
    await runFor(1);
    expect(observer.health()).toMatchObject({ state: 'paused' });
    expect(observer.health().pausedReason).toMatch(/^database error: .*activity_spans/);
  });

  it('closes work sessions left open by a crash as interrupted, losing at most the last 10 s', async () => {
    await runFor(30);
    const id = observer.health().workSessionId!;
    const next = new ActivityRepository(db);
    expect(next.closeInterruptedWorkSessions()).toEqual([id]);
    const ended = Date.parse(next.getWorkSession(id)!.endedAt!);
    expect(next.getWorkSession(id)).toMatchObject({ status: 'interrupted' });
    expect(T0 + 30_000 - ended).toBeLessThanOrEqual(10_000);
  });
});

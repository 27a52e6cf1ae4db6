import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import { settingsSchema } from '../../src/core/config/settings';
import { EventBus } from '../../src/core/events';
import type { Frame } from '../../src/core/observe/frame';
import { changedShare } from '../../src/core/observe/frame-fingerprint';
import { Observer } from '../../src/core/observe/observer';
import { fingerprintRaw } from '../../src/core/observe/raw-image';
import { DesktopSource } from '../../src/core/observe/sources/desktop-source';
import { createScreenGrabber, type ScreenGrabber } from '../../src/core/observe/sources/screen-grabber';
import { X11Display } from '../../src/core/observe/sources/x11-display';
import { openDatabase } from '../../src/core/store/database';
import { ActivityRepository } from '../../src/core/store/repositories/activity-repository';
import { startXSession, type XSession, type XWindow } from '../helpers/x-session';

/**
 * The X server says where the screen was drawn on (DAMAGE), so a screenshot that dedup would drop
 * anyway is not taken. On Xvfb + openbox, the real desktop source and observer (on a manual clock, a
 * screenshot each 10 s) watch a terminal running `cat` while a person types into it. Each screenshot
 * the engine did not take is checked against an oracle: the screen grabbed at that moment over a
 * connection of the test's own, compared with the last kept frame as dedup compares: it must be one
 * dedup drops (under 1% of the thumbnail changed). A screenshot is taken again once enough was drawn.
 */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const DEDUP_MIN_CHANGE = 0.01;

let x: XSession;
let terminal: XWindow;
let other: XWindow;
let source: DesktopSource;
let oracle: X11Display;
let observer: Observer;
const clock = new ManualClock(Date.parse('2026-11-02T09:00:00Z'));
const kept: Frame[] = [];
let grabs = 0;

interface Step {
  readonly grabbed: boolean;
  readonly kept: boolean;
  /** The oracle's share of thumbnail cells changed against the last kept frame, at this screenshot. */
  readonly trueChange: number;
}

/** Ten seconds on: one screenshot, then what the engine did and what the oracle saw. */
async function nextScreenshot(): Promise<Step> {
  await sleep(400); // the terminal draws what was typed
  const grabsBefore = grabs;
  const keptBefore = kept.length;
  const lastKept = kept.at(-1)!;
  const [monitor] = await oracle.monitors();
  const truth = fingerprintRaw(await oracle.grab(monitor!));
  for (let i = 0; i < 10; i++) {
    clock.advance(1000);
    await observer.tick();
  }
  return { grabbed: grabs > grabsBefore, kept: kept.length > keptBefore, trueChange: changedShare(lastKept.thumb, truth.thumb) };
}

beforeAll(async () => {
  x = await startXSession();
  process.env.DISPLAY = x.display;
  terminal = await x.openXterm('Notes', 'notes.txt', { geometry: '120x40+0+0', fontSize: 14, command: ['cat'] });
  other = await x.openXterm('Ledger', 'ledger.txt', { geometry: '60x20+700+400', background: '#336699' });
  await x.activate(terminal);
  const native = createScreenGrabber();
  const counting: ScreenGrabber = {
    ...native,
    kind: native.kind,
    monitors: () => native.monitors(),
    grab: (m) => (grabs++, native.grab(m)),
  };
  source = new DesktopSource(async () => 0, { grabber: counting, logind: false });
  oracle = new X11Display(x.display);
  const events = new EventBus();
  events.on('frame:kept', ({ frame }) => kept.push(frame));
  observer = new Observer({
    settings: settingsSchema.parse({ captureIntervalSec: 10, dedupMinChange: DEDUP_MIN_CHANGE, ocrEnabled: false }),
    source,
    clock,
    activity: new ActivityRepository(openDatabase(':memory:')),
    events,
  });
  observer.start();
  clock.advance(1000);
  await observer.tick();
  expect(kept).toHaveLength(1);
}, 60_000);

afterAll(async () => {
  await source?.close();
  oracle?.close();
  await x?.stop();
});

describe('screenshots of a screen nobody drew on', () => {
  it('are not taken while nothing is drawn, and every one left out is one dedup drops', async () => {
    const steps: Step[] = [];
    for (let i = 0; i < 4; i++) steps.push(await nextScreenshot());
    expect(steps.map((s) => s.grabbed)).toEqual([false, false, false, false]);
    for (const step of steps) expect(step.trueChange).toBeLessThan(DEDUP_MIN_CHANGE);
    expect(observer.health()).toMatchObject({ framesCaptured: 1, framesSkipped: 4 });
  });

  it('are not taken for a character typed (a cell or two drawn on), and are for a line', async () => {
    await x.xdotool('type', '--delay', '20', 'x');
    const oneCharacter = await nextScreenshot();
    expect(oneCharacter.grabbed).toBe(false);
    expect(oneCharacter.trueChange).toBeLessThan(DEDUP_MIN_CHANGE);

    // Small changes add up: after a few characters more, the screenshot is taken and compared.
    const small: Step[] = [];
    for (let i = 0; i < 6 && !small.some((s) => s.grabbed); i++) {
      await x.xdotool('type', '--delay', '20', 'yz');
      small.push(await nextScreenshot());
    }
    for (const step of small) if (!step.grabbed) expect(step.trueChange).toBeLessThan(DEDUP_MIN_CHANGE);
    expect(small.some((s) => s.grabbed)).toBe(true);

    await x.xdotool('type', '--delay', '5', 'The quarterly figures were sent to the whole team for review today');
    await x.xdotool('key', 'Return');
    const line = await nextScreenshot();
    expect(line).toMatchObject({ grabbed: true, kept: true });
    expect(line.trueChange).toBeGreaterThanOrEqual(DEDUP_MIN_CHANGE);
  });

  it('are taken when the focus moves, even where little is drawn', async () => {
    await x.activate(other);
    const switched = await nextScreenshot();
    expect(switched).toMatchObject({ grabbed: true, kept: true });
    expect(kept.at(-1)).toMatchObject({ app: 'Ledger', title: 'ledger.txt' });
    const still = await nextScreenshot();
    expect(still.grabbed).toBe(false);
  });
});

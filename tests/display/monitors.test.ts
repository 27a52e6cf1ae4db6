import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCaptureLoop } from '../../src/core/observe/capture-loop';
import type { Frame } from '../../src/core/observe/frame';
import { DesktopSource } from '../../src/core/observe/sources/desktop-source';
import { createScreenGrabber, type MonitorArea, type ScreenGrabber } from '../../src/core/observe/sources/screen-grabber';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import type { Settings } from '../../src/core/config/settings';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';
import { waitFor } from '../helpers/wait';
import { startXSession, type XSession } from '../helpers/x-session';

/**
 * Two monitors side by side on a real X desktop (Xvfb + openbox, 2560x800). Xvfb has one RandR
 * output and ignores `xrandr --setmonitor`, so the layout a dual-head machine reports is handed to
 * the in-process grabber; the pixels, the window stack and the focus are the real ones. A ledger
 * window on the right monitor has the focus, a mail window sits on the left one. Then the same
 * desktop is observed with node-screenshots made to fail: the xrandr + import fallback takes over.
 */
const LEFT: MonitorArea = { name: 'DP-1', x: 0, y: 0, width: 1280, height: 800, primary: true };
const RIGHT: MonitorArea = { name: 'HDMI-1', x: 1280, y: 0, width: 1280, height: 800, primary: false };

function dualHead(grabber: ScreenGrabber): ScreenGrabber {
  return { kind: grabber.kind, monitors: async () => [LEFT, RIGHT], grab: (monitor) => grabber.grab(monitor) };
}

const SETTINGS: Partial<Settings> = { captureIntervalSec: 1, pollIntervalMs: 500, idleAfterSec: 3600, captureMonitors: 'all' };

interface Observed {
  readonly kept: Frame[];
  readonly beside: Frame[];
  readonly core: ShadowCore;
}

let x: XSession;
const homes: TempShadowHome[] = [];
let dual: Observed;
let fallback: Observed;

/** The real engine core on this display with `source`, until `done` says it saw enough. */
async function observe(source: DesktopSource, settings: Partial<Settings>, done: (o: Observed) => boolean): Promise<Observed> {
  const home = createTempShadowHome('shadow-monitors-');
  homes.push(home);
  process.env.DISPLAY = x.display;
  const core = createShadowCore({ paths: home.paths, source, settings });
  const observed: Observed = { kept: [], beside: [], core };
  core.events.on('frame:kept', ({ frame }) => observed.kept.push(frame));
  core.events.on('frame:beside', ({ frame }) => observed.beside.push(frame));
  core.observer.start();
  const stop = startCaptureLoop(core.observer, core.settings.pollIntervalMs);
  try {
    await waitFor(() => observed, {
      what: 'frames of the monitors',
      until: done,
      timeoutMs: 45_000,
      details: () => JSON.stringify(core.observer.health()),
    });
    await core.ocr.whenIdle();
  } finally {
    stop();
  }
  core.observer.flushOpenSpan();
  return observed;
}

beforeAll(async () => {
  x = await startXSession({ width: 2560, height: 800 });
  await x.openXterm('Mail', 'Inbox - Quarterly report', {
    fontSize: 20,
    geometry: '50x8+100+100',
    command: ['sh', '-c', 'echo QUARTERLY REPORT LEFT; sleep 600'],
  });
  const ledger = await x.openXterm('Ledger', 'Ledger 2026.xlsx', {
    fontSize: 20,
    geometry: '50x8+1500+100',
    command: ['sh', '-c', 'echo INVOICE 4471 RIGHT; sleep 600'],
  });
  await x.activate(ledger);
  process.env.DISPLAY = x.display;
  dual = await observe(
    new DesktopSource(undefined, { grabber: dualHead(createScreenGrabber()) }),
    SETTINGS,
    (o) => o.kept.length > 0 && o.beside.length > 0 && o.core.ocr.status().stored >= 2,
  );
  fallback = await observe(
    new DesktopSource(undefined, {
      loadNative: () => {
        throw new Error('node-screenshots made to fail by the test');
      },
    }),
    { ...SETTINGS, captureMonitors: 'focused' },
    (o) => o.kept.length > 0 && o.core.ocr.status().stored >= 1,
  );
}, 150_000);

afterAll(async () => {
  for (const o of [dual, fallback]) {
    await o?.core.source.close?.();
    o?.core.close();
  }
  await x?.stop();
  for (const home of homes) home.remove();
});

describe('several monitors', () => {
  it('grabs in-process, the focused window on its own monitor and the other monitor as frames of their own', () => {
    expect(dual.core.observer.health().screenshots).toEqual({ grabber: 'native', fallbackReason: null });
    expect(new Set(dual.kept.map((f) => f.monitor))).toEqual(new Set(['HDMI-1']));
    expect(dual.kept[0]).toMatchObject({ app: 'Ledger', title: 'Ledger 2026.xlsx', width: 1280, height: 800 });
    // The ledger's frame, title bar included, in the right monitor's own pixels.
    expect(dual.kept[0]!.focus).toMatchObject({ x: expect.any(Number), y: expect.any(Number) });
    expect(dual.kept[0]!.focus!.x).toBeGreaterThanOrEqual(200);
    expect(dual.kept[0]!.focus!.x).toBeLessThan(260);
    expect(dual.beside[0]).toMatchObject({ monitor: 'DP-1', app: 'Mail', title: 'Inbox - Quarterly report', focus: null });
  });

  it("reads each monitor's text and records where it was seen", () => {
    const ledger = dual.core.screenText.search({ match: '"4471"', limit: 5 });
    expect(ledger[0]).toMatchObject({ app: 'Ledger', monitor: 'HDMI-1' });
    const mail = dual.core.screenText.search({ match: '"quarterly"', limit: 5 });
    expect(mail[0]).toMatchObject({ app: 'Mail', monitor: 'DP-1' });
  });

  it("counts app time with the focused window's monitor", () => {
    const time = dual.core.activity.appTime({ window: { startMs: 0, endMs: Date.now() + 60_000 } });
    expect(time.apps.map((a) => a.app)).toEqual(['Ledger']);
    expect(time.monitors).toEqual([{ monitor: 'HDMI-1', seconds: expect.any(Number) }]);
    expect(time.monitors![0]!.seconds).toBeGreaterThan(0);
  });
});

describe('without node-screenshots', () => {
  it('falls back to xrandr + import, says why, and still reads the screen', () => {
    expect(fallback.core.observer.health().screenshots).toEqual({
      grabber: 'import',
      fallbackReason: expect.stringContaining('node-screenshots made to fail by the test'),
    });
    expect(fallback.kept[0]).toMatchObject({ app: 'Ledger', monitor: 'screen', width: 2560, height: 800 });
    expect(fallback.core.screenText.search({ match: '"4471"', limit: 5 })[0]).toMatchObject({ app: 'Ledger', monitor: 'screen' });
  });
});

import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock';
import type { ActiveWindow, CaptureSource } from '../../src/core/observe/sources/capture-source';
import { createShadowCore, type ShadowCore } from '../../src/core/shadow-core';
import { SAMPLE_CARD } from '../helpers/secret-samples';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/** A desktop the test scripts: the focused window, a focus change during a screenshot, windows blacked out beside it. */
class ScriptedDesktop implements CaptureSource {
  readonly kind = 'desktop' as const;
  window: ActiveWindow = { app: 'Excel', title: 'Budget.xlsx' };
  focusDuringCapture: ActiveWindow | null = null;
  blackedOut = 0;
  constructor(private readonly image: Buffer) {}
  activeWindow = async (): Promise<ActiveWindow> => this.window;
  idleSeconds = async (): Promise<number> => 0;
  async captureScreen(_isPrivate?: (w: ActiveWindow) => boolean, onBlackedOut?: (windows: number) => void): Promise<Buffer> {
    if (this.blackedOut > 0) onBlackedOut?.(this.blackedOut);
    if (this.focusDuringCapture) {
      this.window = this.focusDuringCapture;
      this.focusDuringCapture = null;
    }
    return this.image;
  }
}

const T0 = Date.parse('2026-03-14T09:00:00Z');
let home: TempShadowHome;
let core: ShadowCore;
let clock: ManualClock;
let desktop: ScriptedDesktop;

async function runFor(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    clock.advance(1000);
    await core.observer.tick();
  }
}

beforeEach(async () => {
  home = createTempShadowHome();
  clock = new ManualClock(T0);
  desktop = new ScriptedDesktop(
    await sharp({ create: { width: 64, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  core = createShadowCore({ paths: home.paths, source: desktop, clock, env: {}, settings: { ocrEnabled: false, captureIntervalSec: 5 } });
  core.observer.start();
});

afterEach(() => {
  core.close();
  home.remove();
});

describe('the observer and the privacy layer', () => {
  it('keeps window titles only redacted: spans, frames, the immediate context and change descriptions', async () => {
    await runFor(3);
    desktop.window = { app: 'Thunderbird', title: `Card ${SAMPLE_CARD} declined` };
    await runFor(20);
    const now = core.observer.immediateContext();
    expect(now.currentWindowTitle).toBe('Card [card] declined');
    expect(now.recentFrames.map((f) => f.title)).toContain('Card [card] declined');
    expect(now.lastSignificantChange?.description).toBe('Switched from Excel to Thunderbird ("Card [card] declined")');
    core.observer.flushOpenSpan();
    const titles = core.activity
      .appTime({ window: { startMs: T0, endMs: T0 + 3_600_000 } })
      .apps.flatMap((a) => a.titles.map((t) => t.title));
    expect(titles).toEqual(expect.arrayContaining(['Card [card] declined', 'Budget.xlsx']));
    expect(home.databaseText()).not.toContain('4111');
    // One title seen for 20 polls is one redaction.
    expect(core.privacy.report('2026-03-14').redactions.byChannel['window-titles']).toBe(1);
  });

  it('counts screenshots dropped because the focus moved, and windows blacked out, per day', async () => {
    desktop.blackedOut = 2;
    await runFor(1);
    desktop.blackedOut = 0;
    desktop.focusDuringCapture = { app: 'Chrome', title: 'Bank' };
    await runFor(5);
    const report = core.privacy.report('2026-03-14');
    expect(report.regionsBlackedOut).toBe(2);
    expect(report.framesDropped).toEqual({ total: 1, byReason: [{ reason: 'focus-moved', count: 1 }] });
    expect(core.privacy.report('2026-03-15').framesDropped.total).toBe(0);
  });

  it('records private time under the rule that made it private', async () => {
    desktop.window = { app: 'KeePassXC', title: 'Passwords.kdbx' };
    await runFor(30);
    desktop.window = { app: 'Firefox', title: 'Bank — Private Browsing' };
    await runFor(10);
    desktop.window = { app: 'Excel', title: 'Budget.xlsx' };
    await runFor(2);
    const report = core.privacy.report('2026-03-14');
    expect(report.excluded.byRule).toEqual([
      { rule: 'password manager', seconds: 30 },
      { rule: 'private window', seconds: 10 },
    ]);
    expect(report.excluded.seconds).toBe(40);
    expect(home.databaseText()).not.toMatch(/KeePassXC|Passwords\.kdbx|Private Browsing/);
  });
});

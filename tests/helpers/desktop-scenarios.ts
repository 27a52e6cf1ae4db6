import { chownSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractRecognizer } from '../../src/core/ocr/text-recognizer';
import type {
  AppTime,
  Health,
  ImmediateContextView,
  OcrStatusView,
  PrivacyReport,
  ScreenSearchResult,
} from '../../src/shared/contract/index';
import { startHeadlessShadow, TEST_API_TOKEN, type ShadowProcess } from './shadow-process';
import { createTempShadowHome, type TempShadowHome } from './temp-shadow-home';
import { waitFor } from './wait';
import type { TestWindow, WaylandDesktop } from './wayland-desktop';

/**
 * The display scenarios every Wayland desktop must pass (sway, GNOME Shell, KWin), each against the
 * real engine (`shadow start --headless`) running inside the headless session as its user:
 *  - app time within 5% of a scripted morning (scaled down to about a minute and a half), with an
 *    idle stretch and a password manager, its time private and none of it stored;
 *  - screen text found by search through the real OCR path, an excluded window's text never read
 *    (focused, or open beside the focused window: blacked out);
 *  - health naming the desktop, and a missing piece with its fix.
 */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A piece the desktop's test takes away, and what health must say then. */
export interface MissingPieceCase {
  /** What is taken away, in words (the test's name). */
  readonly what: string;
  /** The engine's environment without the piece. */
  readonly env: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  /** Prepares the desktop (e.g. disables the extension) before the engine starts; undone by `restore`. */
  readonly prepare?: () => Promise<void>;
  readonly restore?: () => Promise<void>;
  readonly code: string;
  readonly severity: 'failing' | 'degraded';
  readonly missing: 'window' | 'screenshots' | 'idle';
  /** Words the fix (the reason's action) must contain. */
  readonly fix: RegExp;
}

export interface DesktopScenarioOptions {
  /** `sway`, `GNOME Shell`…: the tests' names. */
  readonly name: string;
  readonly start: () => Promise<WaylandDesktop>;
  /** The grabber health must report (`wlr-screencopy`, `gnome-shell`, `kwin`). */
  readonly grabber: string;
  readonly missingPiece: MissingPieceCase;
}

/** A temp SHADOW_HOME the desktop's user owns (the engine runs as that user). */
function homeFor(desktop: WaylandDesktop): TempShadowHome {
  const home = createTempShadowHome('shadow-wayland-test-');
  if (desktop.user.name) chownSync(home.home, desktop.user.uid, desktop.user.gid);
  return home;
}

/** The real engine inside the desktop session, as its user, on `home`. */
function startEngine(desktop: WaylandDesktop, home: TempShadowHome, args: readonly string[], env = desktop.env): Promise<ShadowProcess> {
  const engineEnv = { ...env, SHADOW_HOME: home.home, SHADOW_PROFILE: 'default', TZ: 'UTC', SHADOW_API_TOKEN: TEST_API_TOKEN };
  return startHeadlessShadow(args, engineEnv, 90_000, desktop.user.launcher(engineEnv));
}

/** Keeps the person "present": an input event every `everyMs` until stopped; resolves with the last one's time. */
function startInputLoop(desktop: WaylandDesktop, everyMs = 400): { stop(): Promise<number> } {
  let running = true;
  let lastInputAt = Date.now();
  const loop = (async () => {
    while (running) {
      await desktop.nudge();
      lastInputAt = Date.now();
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return lastInputAt;
    },
  };
}

const POLL_MS = 100;
const IDLE_AFTER_SEC = 5;
const SLACK_SEC = 1;

export function describeDesktopScenarios(options: DesktopScenarioOptions): void {
  let desktop: WaylandDesktop;

  beforeAll(async () => {
    desktop = await options.start();
  }, 120_000);

  afterAll(async () => {
    await desktop?.stop();
  });

  describe(`app time on ${options.name} (a scripted morning)`, () => {
    const measured = { apps: new Map<string, number>(), idle: 0, private: 0 };
    const windows: Record<string, TestWindow> = {};
    let home: TempShadowHome;
    let shadow: ShadowProcess | undefined;
    let appTime: AppTime;
    let health: Health;
    let duringPrivate: ImmediateContextView;
    let afterScenario: ImmediateContextView;

    beforeAll(async () => {
      home = homeFor(desktop);
      for (const [app, title, background] of [
        ['Excel', 'Budget.xlsx', '1d6f42'],
        ['Chrome', 'Bank portal', 'f4f4f4'],
        ['Slack', '#finance', '4a154b'],
        ['org.keepassxc.KeePassXC', 'Passwords.kdbx - KeePassXC', '202020'],
        ['Terminal', 'bash', '000000'],
      ] as const) {
        windows[app] = await desktop.openWindow({ app, title, background });
      }
      let input: ReturnType<typeof startInputLoop> | null = startInputLoop(desktop);
      let current: { kind: 'app' | 'private'; app: string; since: number } | null = null;
      const account = (until: number): void => {
        if (!current) return;
        const seconds = (until - current.since) / 1000;
        if (current.kind === 'private') measured.private += seconds;
        else measured.apps.set(current.app, (measured.apps.get(current.app) ?? 0) + seconds);
      };
      const focus = async (app: string, kind: 'app' | 'private' = 'app'): Promise<void> => {
        const now = await desktop.focus(windows[app]!);
        account(now);
        current = { kind, app, since: now };
      };
      try {
        await desktop.focus(windows.Terminal!);
        shadow = await startEngine(desktop, home, [
          '--poll-ms',
          String(POLL_MS),
          '--interval',
          '10',
          '--idle-after',
          String(IDLE_AFTER_SEC),
        ]);
        await waitFor(() => shadow!.get<ImmediateContextView>('/observation/now'), {
          what: 'the engine observing the Terminal window',
          until: (now) => now.currentApp === 'Terminal',
          timeoutMs: 30_000,
          details: () => `shadow's output:\n${shadow!.output()}`,
        });
        await focus('Excel');
        await sleep(12_000);
        await focus('Chrome');
        await sleep(10_000);
        await focus('Slack');
        await sleep(10_000);
        await focus('Excel');
        await sleep(8_000);
        await focus('Chrome');
        await sleep(5_000);
        // Hands off the keyboard and mouse for twice the idle threshold.
        const lastInput = await input.stop();
        input = null;
        await sleep(IDLE_AFTER_SEC * 2000);
        await desktop.nudge();
        const back = Date.now();
        input = startInputLoop(desktop);
        measured.idle = (back - lastInput) / 1000;
        measured.apps.set('Chrome', (measured.apps.get('Chrome') ?? 0) - measured.idle);
        await sleep(5_000);
        await focus('org.keepassxc.KeePassXC', 'private');
        await sleep(3_000);
        duringPrivate = await shadow.get<ImmediateContextView>('/observation/now');
        await sleep(3_000);
        await focus('Slack');
        await sleep(8_000);
        await focus('Excel');
        await sleep(6_000);
        health = await shadow.get<Health>('/health');
        await shadow.post('/capture/pause', { reason: 'end of the scripted scenario' });
        account(Date.now());
        await input.stop();
        input = null;
        afterScenario = await shadow.get<ImmediateContextView>('/observation/now');
        appTime = await shadow.get<AppTime>(`/observation/app-time?workSessionId=${health.capture.workSessionId}`);
      } finally {
        await input?.stop();
        await shadow?.stop();
        for (const window of Object.values(windows)) await desktop.close(window);
      }
    }, 240_000);

    afterAll(() => home?.remove());

    const within5Percent = (actual: number | undefined, wanted: number, what: string, slackSec = 0): void => {
      expect(actual, `${what} is missing from ${JSON.stringify(appTime)}`).toBeDefined();
      const tolerance = Math.max(wanted * 0.05, slackSec);
      expect(Math.abs(actual! - wanted), `${what}: API says ${actual}s, the script took ${wanted.toFixed(2)}s`).toBeLessThanOrEqual(
        tolerance,
      );
    };

    it('names the desktop and the way screenshots are taken in health', () => {
      expect(health.capture.desktop).toEqual({ session: 'wayland', compositor: desktop.compositor, missing: [] });
      expect(health.capture.screenshots?.grabber).toBe(options.grabber);
      expect(health.reasons.filter((r) => r.code.startsWith('desktop_'))).toEqual([]);
      expect(health.capture.probes.idle.consecutiveFailures).toBe(0);
    });

    it('matches the scripted time per app (named by its app id) within 5%', () => {
      for (const app of ['Excel', 'Chrome', 'Slack'])
        within5Percent(appTime.apps.find((a) => a.app === app)?.seconds, measured.apps.get(app)!, app);
      expect(appTime.apps.find((a) => a.app === 'Excel')?.titles.map((t) => t.title)).toEqual(['Budget.xlsx']);
    });

    it('reports the hands-off stretch as idle, from the compositor', () => {
      within5Percent(appTime.idleSeconds, measured.idle, 'idle', SLACK_SEC);
      expect(measured.idle).toBeGreaterThan(IDLE_AFTER_SEC * 2);
    });

    it('counts the password manager as private and keeps nothing of it', () => {
      within5Percent(appTime.privateSeconds, measured.private, 'private', SLACK_SEC);
      expect(appTime.apps.some((a) => /keepass/i.test(a.app))).toBe(false);
      expect(duringPrivate.state).toBe('private');
      expect(duringPrivate.currentApp).toBeNull();
      for (const view of [duringPrivate, afterScenario]) {
        expect(view.recentFrames.length).toBeGreaterThan(0);
        for (const frame of view.recentFrames) expect(frame.app).not.toMatch(/keepass/i);
      }
      const stored = home.databaseText();
      expect(stored).toContain('Budget.xlsx');
      expect(stored).not.toMatch(/keepass/i);
      expect(stored).not.toContain('Passwords.kdbx');
    });
  });

  describe(`screen text on ${options.name} (OCR, exclusions)`, () => {
    let home: TempShadowHome;
    let shadow: ShadowProcess | undefined;
    let firstHits: ScreenSearchResult['hits'] = [];
    let privateState: Health['capture']['state'] | undefined;
    let secretOnScreen = '';
    let besideOnScreen = '';
    let besideCaptures = { screenshots: 0, failures: 0 };
    let blackedOut = 0;

    const search = (q: string): Promise<ScreenSearchResult> => shadow!.get<ScreenSearchResult>(`/search/screen?q=${encodeURIComponent(q)}`);
    const ocrCaughtUp = (): Promise<OcrStatusView> =>
      waitFor(() => shadow!.get<OcrStatusView>('/screen/ocr'), {
        what: 'OCR to catch up (an empty queue)',
        until: (status) => status.queued === 0,
        timeoutMs: 60_000,
        intervalMs: 250,
        details: () => `shadow's output:\n${shadow!.output()}`,
      });

    beforeAll(async () => {
      home = homeFor(desktop);
      const flag = `${desktop.user.makeDir('shadow-flag-')}/show`;
      const opened: TestWindow[] = [];
      const open = async (app: string, title: string, script: string): Promise<TestWindow> => {
        const window = await desktop.openWindow({ app, title, script, fontSize: 20 });
        opened.push(window);
        return window;
      };
      const recognizer = createTesseractRecognizer();
      try {
        const notes = await open('Notes', 'Notes', 'echo ORDER 5839 ZEBRA WIDGETS');
        await desktop.focus(notes);
        shadow = await startEngine(desktop, home, ['--interval', '2', '--poll-ms', '500', '--idle-after', '3600']);
        firstHits = await waitFor(async () => (await search('5839')).hits, {
          what: 'screen text 5839 in the search',
          until: (hits) => hits.length > 0,
          timeoutMs: 90_000,
          intervalMs: 500,
          details: () => `shadow's output:\n${shadow!.output()}`,
        });

        // The secret shows only once the password manager has the focus (the test says so by a file).
        const vault = await open(
          'org.keepassxc.KeePassXC',
          'Passwords.kdbx - KeePassXC',
          `while [ ! -e ${flag} ]; do sleep 0.1; done; echo SECRETWORD 9931`,
        );
        await desktop.focus(vault);
        await waitFor(() => shadow!.get<Health>('/health'), {
          what: 'the engine to see the password manager',
          until: (h) => h.capture.state === 'private',
        });
        await desktop.user.exec(['touch', flag], desktop.env);
        await sleep(1500);
        secretOnScreen = await recognizer.recognize(await desktop.screenshot());
        privateState = (await shadow.get<Health>('/health')).capture.state;
        await sleep(8_000);
        await desktop.close(vault);
        opened.splice(opened.indexOf(vault), 1);
        await desktop.focus(notes);
        await sleep(3000);
        await ocrCaughtUp();

        // A password manager and a private browser window open beside the focused notes.
        await open('org.keepassxc.KeePassXC', 'Vault', 'echo VAULTCODE 5521');
        await open('Chrome', 'Bank — Private Browsing', 'echo PRIVATEPAGE 6632');
        await desktop.focus(notes);
        await sleep(2000);
        const before = (await shadow.get<Health>('/health')).capture;
        besideOnScreen = await recognizer.recognize(await desktop.screenshot());
        await sleep(6000);
        const after = (await shadow.get<Health>('/health')).capture;
        besideCaptures = {
          screenshots: after.framesCaptured + after.framesSkipped - before.framesCaptured - before.framesSkipped,
          failures: after.failures - before.failures,
        };
        blackedOut = (await shadow.get<PrivacyReport>('/privacy/report')).regionsBlackedOut;
        await ocrCaughtUp();
      } finally {
        await recognizer.terminate();
        for (const window of opened) await desktop.close(window);
      }
    }, 300_000);

    afterAll(async () => {
      await shadow?.stop();
      home?.remove();
    });

    it('finds text shown in a window through /search/screen', async () => {
      expect(firstHits[0]).toMatchObject({ app: 'Notes', title: 'Notes' });
      expect(firstHits[0]!.snippet).toContain('**5839**');
      expect((await search('zebra widgets')).hits.length).toBeGreaterThan(0);
    });

    it('never OCRs, stores or finds the text of an excluded window, focused or beside', async () => {
      expect(secretOnScreen).toContain('SECRETWORD');
      expect(privateState).toBe('private');
      for (const q of ['SECRETWORD', '9931', 'KeePassXC', 'Passwords']) expect((await search(q)).hits, q).toEqual([]);
      expect(besideOnScreen).toContain('VAULTCODE');
      expect(besideOnScreen).toContain('PRIVATEPAGE');
      expect(besideCaptures.screenshots).toBeGreaterThan(0);
      expect(besideCaptures.failures).toBe(0);
      expect(blackedOut).toBeGreaterThan(0);
      for (const q of ['VAULTCODE', '5521', 'PRIVATEPAGE', '6632']) expect((await search(q)).hits, q).toEqual([]);
      const stored = home.databaseText().toLowerCase();
      expect(stored).toContain('5839');
      for (const secret of ['secretword', '9931', 'vaultcode', 'privatepage']) expect(stored).not.toContain(secret);
    });
  });

  describe(`screenshots of a still screen on ${options.name}`, () => {
    let home: TempShadowHome;
    let shadow: ShadowProcess | undefined;
    let still = { ticks: 0, leftOut: 0, kept: 0 };
    let written = { kept: 0, afterMs: Number.POSITIVE_INFINITY };

    beforeAll(async () => {
      home = homeFor(desktop);
      const flag = `${desktop.user.makeDir('shadow-flag-')}/write`;
      const notes = await desktop.openWindow({
        app: 'Notes',
        title: 'Notes',
        fontSize: 20,
        script: `echo FIRST LINE; while [ ! -e ${flag} ]; do sleep 0.1; done; echo SECOND LINE WRITTEN 4242`,
      });
      try {
        await desktop.focus(notes);
        shadow = await startEngine(desktop, home, ['--interval', '1', '--poll-ms', '250', '--idle-after', '3600']);
        const health = async (): Promise<Health['capture']> => (await shadow!.get<Health>('/health')).capture;
        await waitFor(health, { what: 'a first frame', until: (h) => h.framesCaptured > 0, timeoutMs: 60_000 });
        await sleep(3000);
        const before = await health();
        await sleep(8000);
        const after = await health();
        still = {
          ticks: after.framesCaptured + after.framesSkipped - before.framesCaptured - before.framesSkipped,
          leftOut: after.screenshotsLeftOut - before.screenshotsLeftOut,
          kept: after.framesCaptured - before.framesCaptured,
        };
        await desktop.user.exec(['touch', flag], desktop.env);
        const writtenAt = Date.now();
        const last = await waitFor(health, {
          what: 'the line written to be kept',
          until: (h) => h.framesCaptured > after.framesCaptured,
          timeoutMs: 20_000,
          intervalMs: 100,
        });
        written = { kept: last.framesCaptured - after.framesCaptured, afterMs: Date.now() - writtenAt };
      } finally {
        await desktop.close(notes);
      }
    }, 180_000);

    afterAll(async () => {
      await shadow?.stop();
      home?.remove();
    });

    it('are not taken while nothing is drawn (the compositor says so)', () => {
      expect(still.ticks).toBeGreaterThanOrEqual(5);
      expect(still.kept).toBe(0);
      // A repaint may make one be taken (and dedup drop it); most are left out without reading a pixel.
      expect(still.leftOut).toBeGreaterThanOrEqual(still.ticks - 2);
    });

    it('are taken again once something is drawn, and the change is kept at the next screenshots', () => {
      expect(written.kept).toBe(1);
      // A screenshot each second: the one after the line shows is not left out.
      expect(written.afterMs).toBeLessThan(5000);
    });
  });

  describe(`health on ${options.name} when ${options.missingPiece.what}`, () => {
    const piece = options.missingPiece;
    let home: TempShadowHome;
    let health: Health;
    let banner = '';

    beforeAll(async () => {
      home = homeFor(desktop);
      const window = await desktop.openWindow({ app: 'Editor', title: 'notes.txt' });
      await desktop.focus(window);
      await piece.prepare?.();
      let shadow: ShadowProcess | undefined;
      try {
        shadow = await startEngine(desktop, home, ['--interval', '2', '--poll-ms', '500'], piece.env(desktop.env));
        health = await waitFor(() => shadow!.get<Health>('/health'), {
          what: `health to name the missing ${piece.missing}`,
          until: (h) => h.reasons.some((r) => r.code === piece.code),
          timeoutMs: 30_000,
          details: () => `shadow's output:\n${shadow!.output()}`,
        });
        banner = shadow.output();
      } finally {
        await shadow?.stop();
        await piece.restore?.();
        await desktop.close(window);
      }
    }, 120_000);

    afterAll(() => home?.remove());

    it('names the desktop, the missing piece and the step that fixes it', () => {
      expect(health.capture.desktop).toMatchObject({ session: 'wayland', compositor: desktop.compositor, missing: [piece.missing] });
      const reason = health.reasons.find((r) => r.code === piece.code)!;
      expect(reason.severity).toBe(piece.severity);
      expect(reason.message).toMatch(/\(Wayland\)/);
      expect(reason.action).toMatch(piece.fix);
      expect(health.status).toBe(piece.severity);
      // The generic reason for the same piece, with its X11 advice, is not added beside it.
      expect(health.reasons.map((r) => r.code)).not.toContain(
        { window: 'window_unreadable', screenshots: 'screenshots_failing', idle: 'idle_unreadable' }[piece.missing],
      );
    });

    it('says the same in the start banner', () => {
      expect(banner).toContain('What to do:');
      expect(banner).toMatch(piece.fix);
    });
  });
}

import { describeDesktopScenarios } from '../helpers/desktop-scenarios';
import { startSwaySession } from '../helpers/sway-session';

/**
 * The display scenarios on sway 1.7 (wlroots), headless: the focused window from sway's IPC,
 * screenshots through wlr-screencopy (the long-lived helper), idle through org_kde_kwin_idle.
 * The missing piece: neither python3 (the helper) nor grim on the engine's PATH.
 */
describeDesktopScenarios({
  name: 'sway',
  start: () => startSwaySession(),
  grabber: 'wlr-screencopy',
  missingPiece: {
    what: 'no screenshot tool can run',
    env: (env) => ({ ...env, PATH: '/nonexistent' }),
    code: 'desktop_screenshots_missing',
    severity: 'degraded',
    missing: 'screenshots',
    fix: /python3.*grim/,
  },
});

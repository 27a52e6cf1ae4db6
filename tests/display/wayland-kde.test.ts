import { kdeHelperDesktopFile, kdeHelperExecutable } from '../../src/core/observe/sources/wayland/kde-helper';
import { describeDesktopScenarios } from '../helpers/desktop-scenarios';
import { startKdeSession } from '../helpers/kde-session';
import type { WaylandDesktop } from '../helpers/wayland-desktop';

/**
 * The display scenarios on KWin 5.27 (KDE Plasma), headless: the windows from the KWin script the
 * engine's helper loads, KWin's own screenshots (allowed by `shadow setup kde --yes`), idle through
 * ext-idle-notify-v1. The missing piece: KWin's screenshot permission taken back (the grant's files
 * removed), so KWin refuses the helper's screenshots.
 */
let desktop: WaylandDesktop;
let granted: { executable: string; desktopFile: string } | null = null;

describeDesktopScenarios({
  name: 'KWin',
  start: async () => (desktop = await startKdeSession()),
  grabber: 'kwin',
  missingPiece: {
    what: "KWin's screenshot permission was taken back",
    env: (env) => env,
    prepare: async () => {
      granted = { executable: kdeHelperExecutable(desktop.env), desktopFile: kdeHelperDesktopFile(desktop.env) };
      await desktop.user.exec(['mv', granted.desktopFile, `${granted.desktopFile}.off`], desktop.env);
    },
    restore: async () => {
      if (granted) await desktop.user.exec(['mv', `${granted.desktopFile}.off`, granted.desktopFile], desktop.env);
    },
    code: 'desktop_screenshots_missing',
    severity: 'degraded',
    missing: 'screenshots',
    fix: /shadow setup kde/,
  },
});

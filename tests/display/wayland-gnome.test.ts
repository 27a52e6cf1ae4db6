import { GNOME_EXTENSION_UUID } from '../../src/core/observe/sources/wayland/gnome-extension';
import { describeDesktopScenarios } from '../helpers/desktop-scenarios';
import { startGnomeSession } from '../helpers/gnome-session';
import type { WaylandDesktop } from '../helpers/wayland-desktop';

/**
 * The display scenarios on GNOME Shell 43, headless: Workflow Shadow's extension installed by
 * `shadow setup gnome --yes` (focus by events, the windows on screen, Mutter's idle monitor and the
 * Shell's own screenshots, over its socket). The missing piece: the extension turned off.
 */
let desktop: WaylandDesktop;
const enabled = (list: string): Promise<string> =>
  desktop.user.exec(['gsettings', 'set', 'org.gnome.shell', 'enabled-extensions', list], desktop.env);

describeDesktopScenarios({
  name: 'GNOME Shell',
  start: async () => (desktop = await startGnomeSession()),
  grabber: 'gnome-shell',
  missingPiece: {
    what: 'its extension is turned off',
    env: (env) => env,
    prepare: async () => {
      await enabled("['gnome-test-driver@workflowshadow.app']");
    },
    restore: async () => {
      await enabled(`['${GNOME_EXTENSION_UUID}', 'gnome-test-driver@workflowshadow.app']`);
    },
    code: 'desktop_window_missing',
    severity: 'failing',
    missing: 'window',
    fix: /shadow setup gnome/,
  },
});

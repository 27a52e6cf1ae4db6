import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonLineLink } from '../../src/core/observe/sources/wayland/json-line-link';
import { desktopUser, killGroup, requireTools, userEnv, type DesktopUser } from './desktop-user';
import { waitFor } from './wait';
import { footCommand, killAndWait, type TestWindow, type WaylandDesktop } from './wayland-desktop';

/** Debian packages of the headless GNOME desktop the tests drive. */
export const GNOME_PACKAGES = 'gnome-shell foot dbus';
const GNOME_TOOLS = ['gnome-shell', 'gsettings', 'gdbus', 'dbus-daemon', 'dbus-run-session', 'foot'];

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const DRIVER_UUID = 'gnome-test-driver@workflowshadow.app';
const driverDir = fileURLToPath(new URL(`../fixtures/${DRIVER_UUID}`, import.meta.url));

/** `(true, '"x"')` as gdbus prints Eval's answer. */
function evalResult(printed: string): string {
  const match = /^\((true|false), '(.*)'\)$/s.exec(printed.trim());
  if (!match) throw new Error(`unexpected answer from Eval: ${printed}`);
  if (match[1] !== 'true') throw new Error(`GNOME Shell's Eval failed: ${match[2]}`);
  return match[2]!;
}

/**
 * GNOME Shell 43 headless (`--headless --wayland --no-x11 --virtual-monitor 1280x800`) in a D-Bus
 * session of its own, as the desktop test user, with a private stand-in for the system bus (GNOME
 * Shell needs one to start; nothing answers on it). Workflow Shadow's extension is installed the way
 * a person does it, by `shadow setup gnome --yes`; a test-only extension turns on the Shell's unsafe
 * mode, so windows are focused and input sent through org.gnome.Shell.Eval.
 */
export async function startGnomeSession(options: { user?: DesktopUser } = {}): Promise<WaylandDesktop> {
  requireTools(GNOME_TOOLS, GNOME_PACKAGES);
  const user = options.user ?? desktopUser();
  const runtime = user.makeDir('shadow-gnome-runtime-');
  const home = user.makeDir('shadow-gnome-home-');
  const base = userEnv({ HOME: home, XDG_RUNTIME_DIR: runtime });
  const systemBus = user.spawn(['dbus-daemon', '--session', '--nofork', '--nopidfile', '--print-address'], base, {
    stdio: 'pipe',
    group: true,
  });
  let systemAddress = '';
  systemBus.stdout!.on('data', (chunk: Buffer) => (systemAddress += chunk.toString()));
  const children = [systemBus];
  const stopAll = async (): Promise<void> => {
    for (const child of children.reverse()) await killGroup(child);
    user.removeAll();
  };
  const script = [
    'set -e',
    `"${process.execPath}" "${join(repoRoot, 'bin', 'shadow.js')}" setup gnome --yes > "${runtime}/setup.log" 2>&1`,
    `mkdir -p "${home}/.local/share/gnome-shell/extensions" && cp -r "${driverDir}" "${home}/.local/share/gnome-shell/extensions/"`,
    `current=$(gsettings get org.gnome.shell enabled-extensions)`,
    `gsettings set org.gnome.shell enabled-extensions "\${current%]}, '${DRIVER_UUID}']"`,
    `echo "$DBUS_SESSION_BUS_ADDRESS" > "${runtime}/session-bus"`,
    'exec gnome-shell --headless --wayland --no-x11 --virtual-monitor 1280x800',
  ].join('\n');
  let log = '';
  try {
    await waitFor(() => systemAddress.includes('\n'), { what: 'the stand-in system bus to start' });
    const shell = user.spawn(
      ['dbus-run-session', '--', 'sh', '-c', script],
      { ...base, DBUS_SYSTEM_BUS_ADDRESS: systemAddress.trim() },
      { stdio: 'pipe', group: true },
    );
    children.push(shell);
    shell.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-6000)));
    shell.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-6000)));
    const setupLog = (): string => (existsSync(join(runtime, 'setup.log')) ? readFileSync(join(runtime, 'setup.log'), 'utf8') : '');
    await waitFor(() => existsSync(join(runtime, 'wayland-0')) && existsSync(join(runtime, 'workflow-shadow', 'gnome-shell.sock')), {
      what: "GNOME Shell to start with Workflow Shadow's extension",
      timeoutMs: 90_000,
      details: () => `shadow setup gnome:\n${setupLog()}\nGNOME Shell's output:\n${log}`,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const env = {
    ...base,
    WAYLAND_DISPLAY: 'wayland-0',
    DBUS_SESSION_BUS_ADDRESS: readFileSync(join(runtime, 'session-bus'), 'utf8').trim(),
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'GNOME',
  };
  const shellEval = async (code: string): Promise<string> =>
    evalResult(
      await user.exec(
        [
          'gdbus',
          'call',
          '--session',
          '--dest',
          'org.gnome.Shell',
          '--object-path',
          '/org/gnome/Shell',
          '--method',
          'org.gnome.Shell.Eval',
          code,
        ],
        env,
      ),
    );
  // The test's own connection to the extension, opened again after the extension was turned off and on.
  let extensionLink: JsonLineLink | null = null;
  const extension = (): JsonLineLink => {
    if (!extensionLink || extensionLink.closed)
      extensionLink = new JsonLineLink(join(runtime, 'workflow-shadow', 'gnome-shell.sock'), 'the extension');
    return extensionLink;
  };
  const windowsNow = async (): Promise<{ id: string; app: string | null; title: string; focused: boolean }[]> =>
    (await extension().request<{ windows: { id: string; app: string | null; title: string; focused: boolean }[] }>('windows')).result
      .windows;
  // GNOME starts in the overview once its start-up animation is over; a person's first click leaves it.
  const leaveOverview = `const Main = imports.ui.main; Main.layoutManager._startingUp ? 'starting' : (Main.overview.hide(), Main.overview.visible)`;
  await waitFor(async () => (await shellEval(leaveOverview)) === 'false', {
    what: "GNOME's overview to close",
    timeoutMs: 20_000,
  });
  const windows: TestWindow[] = [];
  const windowById = (id: string): string =>
    `global.get_window_actors().map((a) => a.meta_window).find((w) => String(w.get_id()) === '${id}')`;
  const focus = async (window: TestWindow): Promise<number> => {
    await shellEval(`${windowById(window.id)}.activate(global.display.get_current_time_roundtrip()); true`);
    const switchedAt = Date.now();
    await waitFor(async () => (await windowsNow()).find((w) => w.id === window.id)?.focused, {
      what: `GNOME Shell to focus ${window.app}`,
    });
    return switchedAt;
  };

  return {
    compositor: 'gnome',
    user,
    env,
    async openWindow(spec) {
      const child = user.spawn(footCommand(spec), env);
      const found = await waitFor(async () => (await windowsNow()).find((w) => w.app === spec.app && w.title === spec.title), {
        what: `GNOME Shell to show the ${spec.app} window "${spec.title}"`,
        timeoutMs: 20_000,
      });
      const window = { id: found.id, app: spec.app, title: spec.title, process: child };
      // Side by side, as a person arranges them (GNOME would stack new windows in the middle): three a row.
      const slot = windows.length % 6;
      await shellEval(
        `${windowById(window.id)}.move_resize_frame(true, ${(slot % 3) * 426 + 2}, ${40 + Math.floor(slot / 3) * 380}, 420, 370); true`,
      );
      windows.push(window);
      // A new window gets the focus, as when a person opens it.
      await focus(window);
      return window;
    },
    focus,
    async close(window) {
      await killAndWait(window.process);
      await waitFor(async () => !(await windowsNow()).some((w) => w.id === window.id), { what: `${window.app}'s window to close` });
    },
    async nudge() {
      // A key no terminal types anything for, from a virtual keyboard: Mutter's idle monitor sees input.
      await shellEval(
        [
          'const Clutter = imports.gi.Clutter;',
          'global.__shadowTestKeyboard ??= Clutter.get_default_backend().get_default_seat().create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);',
          'const now = global.get_current_time() * 1000;',
          'global.__shadowTestKeyboard.notify_keyval(now, 0x1008ff2b, Clutter.KeyState.PRESSED);',
          'global.__shadowTestKeyboard.notify_keyval(now + 1, 0x1008ff2b, Clutter.KeyState.RELEASED); true',
        ].join(' '),
      );
    },
    async screenshot() {
      const { payload } = await extension().request('screenshot', { x: 0, y: 0, width: 1280, height: 800 });
      return payload!;
    },
    async stop() {
      extensionLink?.close();
      await Promise.all(windows.map((w) => killAndWait(w.process)));
      await stopAll();
    },
  };
}

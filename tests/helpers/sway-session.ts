import { readdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { desktopUser, killGroup, requireTools, userEnv, type DesktopUser } from './desktop-user';
import { waitFor } from './wait';
import { footCommand, killAndWait, type TestWindow, type WaylandDesktop } from './wayland-desktop';

/** Debian packages of the headless sway desktop the tests drive (and of the screenshot fallback, grim). */
export const SWAY_PACKAGES = 'sway foot grim dbus python3';
const SWAY_TOOLS = ['sway', 'swaymsg', 'foot', 'grim', 'dbus-run-session', 'python3', 'runuser'];

interface SwayTreeNode {
  id: number;
  app_id?: string | null;
  name?: string | null;
  focused?: boolean;
  nodes?: SwayTreeNode[];
  floating_nodes?: SwayTreeNode[];
}

function findNode(tree: SwayTreeNode, match: (node: SwayTreeNode) => boolean): SwayTreeNode | undefined {
  if (match(tree)) return tree;
  for (const child of [...(tree.nodes ?? []), ...(tree.floating_nodes ?? [])]) {
    const found = findNode(child, match);
    if (found) return found;
  }
  return undefined;
}

/**
 * sway on its headless backend (no GPU, no input devices), 1280x800, inside a D-Bus session of its
 * own, run as the desktop test user; windows are foot terminals, focused through `swaymsg`, and
 * input is the pointer moved through sway's IPC.
 */
export async function startSwaySession(options: { user?: DesktopUser } = {}): Promise<WaylandDesktop> {
  requireTools(process.getuid?.() === 0 ? SWAY_TOOLS : SWAY_TOOLS.filter((t) => t !== 'runuser'), SWAY_PACKAGES);
  const user = options.user ?? desktopUser();
  const runtime = user.makeDir('shadow-sway-runtime-');
  const home = user.makeDir('shadow-sway-home-');
  const config = join(home, 'sway.conf');
  writeFileSync(
    config,
    ['output HEADLESS-1 resolution 1280x800 position 0 0', 'default_border normal', 'focus_follows_mouse no', 'xwayland disable', ''].join(
      '\n',
    ),
  );
  chmodSync(config, 0o644);
  const base = userEnv({ HOME: home, XDG_RUNTIME_DIR: runtime });
  const server = user.spawn(
    ['dbus-run-session', '--', 'sway', '-c', config],
    { ...base, WLR_BACKENDS: 'headless', WLR_RENDERER: 'pixman', WLR_LIBINPUT_NO_DEVICES: '1' },
    { stdio: 'pipe', group: true },
  );
  let log = '';
  server.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const stopServer = async (): Promise<void> => {
    await killGroup(server);
    user.removeAll();
  };
  let sockets: { wayland: string; ipc: string };
  try {
    sockets = await waitFor(
      () => {
        const names = readdirSync(runtime);
        const wayland = names.find((n) => /^wayland-\d+$/.test(n));
        const ipc = names.find((n) => /^sway-ipc\..*\.sock$/.test(n));
        return wayland && ipc ? { wayland, ipc: join(runtime, ipc) } : undefined;
      },
      { what: 'sway to open its sockets', timeoutMs: 20_000, details: () => `sway's output:\n${log}` },
    );
  } catch (error) {
    await stopServer();
    throw error;
  }
  const env = {
    ...base,
    WAYLAND_DISPLAY: sockets.wayland,
    SWAYSOCK: sockets.ipc,
    XDG_SESSION_TYPE: 'wayland',
    XDG_CURRENT_DESKTOP: 'sway',
  };
  const swaymsg = (...args: string[]): Promise<string> => user.exec(['swaymsg', ...args], env);
  const tree = async (): Promise<SwayTreeNode> => JSON.parse(await swaymsg('-t', 'get_tree')) as SwayTreeNode;
  const windows: TestWindow[] = [];

  return {
    compositor: 'sway',
    user,
    env,
    async openWindow(spec) {
      const child = user.spawn(footCommand(spec), env);
      const node = await waitFor(async () => findNode(await tree(), (n) => n.app_id === spec.app && n.name === spec.title), {
        what: `sway to show the ${spec.app} window "${spec.title}"`,
        timeoutMs: 20_000,
      });
      const window = { id: String(node.id), app: spec.app, title: spec.title, process: child };
      windows.push(window);
      return window;
    },
    async focus(window) {
      await swaymsg(`[con_id=${window.id}]`, 'focus');
      const switchedAt = Date.now();
      await waitFor(async () => findNode(await tree(), (n) => n.focused === true)?.id === Number(window.id), {
        what: `sway to focus ${window.app}`,
      });
      return switchedAt;
    },
    async close(window) {
      await killAndWait(window.process);
      await waitFor(async () => !findNode(await tree(), (n) => n.id === Number(window.id)), { what: `${window.app}'s window to close` });
    },
    async nudge() {
      // The pointer moved a pixel and back, as a person reading moves the mouse: sway counts it as
      // activity, and nothing is drawn (wtype made a new virtual keyboard each time, and the focused
      // terminal redrew its cursor row for it).
      await user.exec(['swaymsg', 'seat - cursor move 1 0; seat - cursor move -1 0'], env);
    },
    async screenshot() {
      const png = await user.exec(['sh', '-c', 'grim -t png - | base64 -w0'], env, 20_000);
      return Buffer.from(png, 'base64');
    },
    async stop() {
      await Promise.all(windows.map((w) => killAndWait(w.process)));
      await swaymsg('exit').catch(() => {});
      await stopServer();
    },
  };
}

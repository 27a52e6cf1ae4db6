import { createInterface } from 'node:readline';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kdeHelperExecutable, python3On } from '../../src/core/observe/sources/wayland/kde-helper';
import { JsonLineLink } from '../../src/core/observe/sources/wayland/json-line-link';
import { desktopUser, killGroup, requireTools, userEnv, type DesktopUser } from './desktop-user';
import { waitFor } from './wait';
import { killAndWait, type TestWindow, type WaylandDesktop } from './wayland-desktop';

/** Debian packages of the headless KWin desktop the tests drive (GTK 3 windows through python3-gi). */
export const KDE_PACKAGES = 'kwin-wayland dbus python3 python3-dbus python3-gi gir1.2-gtk-3.0';
const KDE_TOOLS = ['kwin_wayland', 'dbus-run-session', 'python3'];

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const windowScript = fileURLToPath(new URL('../fixtures/kde-test-window.py', import.meta.url));
const inputScript = fileURLToPath(new URL('../fixtures/kwin-fake-input.py', import.meta.url));
const bridgeFiles = ['kwin-bridge.py', 'kwin-script.js'].map((name) => join(repoRoot, 'assets', 'desktops', 'kde', name));

/** Loads a KWin script once (the test's driver: it focuses and places windows as a person would). */
const DRIVER = [
  'import dbus, sys',
  "scripting = dbus.Interface(dbus.SessionBus().get_object('org.kde.KWin', '/Scripting'), 'org.kde.kwin.Scripting')",
  "if scripting.isScriptLoaded('shadow-test-driver'): scripting.unloadScript('shadow-test-driver')",
  "scripting.loadScript(sys.argv[1], 'shadow-test-driver', signature='ss')",
  'scripting.start()',
].join('\n');

/** Prints 1 once KWin owns its name on the session bus. */
const KWIN_ON_BUS = "import dbus; print(int(dbus.SessionBus().name_has_owner('org.kde.KWin')))";

interface KWinWindow {
  id: string;
  app: string | null;
  title: string;
  focused: boolean;
}

/**
 * KWin 5.27 headless (`kwin_wayland --virtual`, 1280x800) in a D-Bus session of its own, as the
 * desktop test user. The installed kwin_wayland carries a file capability this container refuses,
 * so a copy runs (still named kwin_wayland: KWin's Qt platform plugin checks the name). KWin's
 * screenshots are allowed the way a person allows them, by `shadow setup kde --yes` before KWin
 * starts. Windows are GTK 3 windows (foot crashes on KWin's virtual outputs); the test reads them
 * through a KWin helper of its own, focuses and places them through a driver KWin script, and makes
 * input through KWin's fake input protocol (KWin 5.27 has no virtual keyboard protocol).
 */
export async function startKdeSession(options: { user?: DesktopUser } = {}): Promise<WaylandDesktop> {
  requireTools(process.getuid?.() === 0 ? [...KDE_TOOLS, 'runuser'] : KDE_TOOLS, KDE_PACKAGES);
  const user = options.user ?? desktopUser();
  const runtime = user.makeDir('shadow-kde-runtime-');
  const home = user.makeDir('shadow-kde-home-');
  const bin = user.makeDir('shadow-kde-bin-');
  const kwin = join(bin, 'kwin_wayland');
  copyFileSync('/usr/bin/kwin_wayland', kwin);
  chmodSync(kwin, 0o755);
  // KWin offers its fake input protocol only to a program a desktop file names: a copy of python3 of the test's own.
  const inputProgram = join(bin, 'shadow-test-input');
  copyFileSync(python3On(process.env)!, inputProgram);
  chmodSync(inputProgram, 0o755);
  const applications = join(home, '.local', 'share', 'applications');
  mkdirSync(applications, { recursive: true });
  writeFileSync(
    join(applications, 'shadow-test-input.desktop'),
    [
      '[Desktop Entry]',
      'Type=Application',
      'Name=Test input',
      `Exec=${inputProgram}`,
      'NoDisplay=true',
      'X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input',
      '',
    ].join('\n'),
  );
  if (user.name) for (const dir of [join(home, '.local'), join(home, '.local', 'share'), applications]) chownSync(dir, user.uid, user.gid);
  const base = userEnv({ HOME: home, XDG_RUNTIME_DIR: runtime, XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'KDE' });
  const script = [
    'set -e',
    `"${process.execPath}" "${join(repoRoot, 'bin', 'shadow.js')}" setup kde --yes > "${runtime}/setup.log" 2>&1`,
    `echo "$DBUS_SESSION_BUS_ADDRESS" > "${runtime}/session-bus"`,
    `exec "${kwin}" --virtual --width 1280 --height 800 --no-lockscreen --no-global-shortcuts --no-kactivities --socket wayland-0`,
  ].join('\n');
  const server = user.spawn(['dbus-run-session', '--', 'sh', '-c', script], base, { stdio: 'pipe', group: true });
  let log = '';
  server.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-6000)));
  server.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-6000)));
  const stopServer = async (): Promise<void> => {
    await killGroup(server);
    user.removeAll();
  };
  const setupLog = (): string => (existsSync(join(runtime, 'setup.log')) ? readFileSync(join(runtime, 'setup.log'), 'utf8') : '');
  try {
    await waitFor(() => existsSync(join(runtime, 'wayland-0')) && existsSync(join(runtime, 'session-bus')), {
      what: 'KWin to start',
      timeoutMs: 60_000,
      details: () => `shadow setup kde:\n${setupLog()}\nKWin's output:\n${log}`,
    });
  } catch (error) {
    await stopServer();
    throw error;
  }
  const env = {
    ...base,
    WAYLAND_DISPLAY: 'wayland-0',
    DBUS_SESSION_BUS_ADDRESS: readFileSync(join(runtime, 'session-bus'), 'utf8').trim(),
  };
  // KWin opens its Wayland socket before it takes its name on the bus; the helper asks KWin over the bus.
  try {
    await waitFor(async () => (await user.exec(['python3', '-c', KWIN_ON_BUS], env)).trim() === '1', {
      what: 'KWin to take its name on the session bus',
      timeoutMs: 60_000,
      details: () => `KWin's output:\n${log}`,
    });
  } catch (error) {
    await stopServer();
    throw error;
  }

  // The test's own helper, run as the granted copy: the windows as KWin reports them, and screenshots.
  let windowsNow: KWinWindow[] = [];
  const helper = user.spawn([kdeHelperExecutable(env), ...bridgeFiles], env, { stdio: 'pipe' });
  let helperLog = '';
  helper.stderr!.on('data', (chunk: Buffer) => (helperLog = (helperLog + chunk.toString()).slice(-4000)));
  const link = new JsonLineLink({ input: helper.stdin!, output: helper.stdout!, destroy: () => helper.kill() }, "the test's KWin helper", {
    onEvent: (message) => {
      if (message.event === 'windows') windowsNow = message.windows as KWinWindow[];
      else if (message.event === 'fatal') helperLog += `${String(message.error)}\n`;
    },
  });
  // Input as a person's: KWin's fake input protocol (a pointer nudged one pixel and back).
  const input = user.spawn([inputProgram, inputScript], env, { stdio: 'pipe' });
  let inputLog = '';
  input.stderr!.on('data', (chunk: Buffer) => (inputLog = (inputLog + chunk.toString()).slice(-4000)));
  const inputAnswers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const inputLines = createInterface({ input: input.stdout! });
  inputLines.on('line', () => inputAnswers.shift()?.resolve());
  input.once('exit', () => {
    for (const waiter of inputAnswers.splice(0)) waiter.reject(new Error(`the test's input program ended: ${inputLog}`));
  });
  const inputAnswered = (): Promise<void> => new Promise((resolve, reject) => inputAnswers.push({ resolve, reject }));
  const inputReady = inputAnswered();
  try {
    windowsNow = (await link.request<{ windows: KWinWindow[] }>('subscribe')).result.windows;
    await inputReady;
  } catch (error) {
    link.close();
    input.kill();
    await stopServer();
    throw new Error(`${(error as Error).message}\nthe helper's output:\n${helperLog}\nKWin's output:\n${log}`);
  }

  let driverRuns = 0;
  const drive = async (code: string): Promise<void> => {
    const file = join(runtime, `driver-${driverRuns++}.js`);
    writeFileSync(file, code, { mode: 0o644 });
    if (user.name) chownSync(file, user.uid, user.gid);
    await user.exec(['python3', '-c', DRIVER, file], env);
  };
  const byId = (id: string): string =>
    `workspace.clientList().filter(function (w) { return String(w.internalId) === ${JSON.stringify(id)}; })[0]`;
  const windows: TestWindow[] = [];
  const focus = async (window: TestWindow): Promise<number> => {
    await drive(`workspace.activeClient = ${byId(window.id)};`);
    const switchedAt = Date.now();
    await waitFor(() => windowsNow.find((w) => w.id === window.id)?.focused, { what: `KWin to focus ${window.app}` });
    return switchedAt;
  };

  return {
    compositor: 'kde',
    user,
    env,
    async openWindow(spec) {
      const child = user.spawn(
        ['python3', windowScript, spec.app, spec.title, String(spec.fontSize ?? 0), spec.background ?? '', spec.script ?? ''],
        { ...env, GDK_BACKEND: 'wayland' },
      );
      const found = await waitFor(() => windowsNow.find((w) => w.app === spec.app && w.title === spec.title), {
        what: `KWin to show the ${spec.app} window "${spec.title}"`,
        timeoutMs: 20_000,
      });
      const window = { id: found.id, app: spec.app, title: spec.title, process: child };
      // Side by side, as a person arranges them (KWin would stack new windows in the middle): three a row.
      const slot = windows.length % 6;
      await drive(
        `${byId(window.id)}.frameGeometry = { x: ${(slot % 3) * 426 + 2}, y: ${40 + Math.floor(slot / 3) * 380}, width: 420, height: 370 };`,
      );
      windows.push(window);
      await focus(window);
      return window;
    },
    focus,
    async close(window) {
      await killAndWait(window.process);
      await waitFor(() => !windowsNow.some((w) => w.id === window.id), { what: `${window.app}'s window to close` });
    },
    async nudge() {
      const answered = inputAnswered();
      input.stdin!.write('nudge\n');
      await answered;
    },
    async screenshot() {
      const { result, payload } = await link.request<{ width: number; height: number }>('screenshot', {
        x: 0,
        y: 0,
        width: 1280,
        height: 800,
      });
      const sharp = (await import('sharp')).default;
      return sharp(payload!, { raw: { width: result.width, height: result.height, channels: 3 } })
        .png()
        .toBuffer();
    },
    async stop() {
      input.kill();
      link.close();
      await Promise.all(windows.map((w) => killAndWait(w.process)));
      await stopServer();
    },
  };
}

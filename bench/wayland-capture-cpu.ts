/**
 * CPU of the engine observing a Wayland desktop, per desktop, as it ships (`shadow start --headless`
 * run as the desktop's user inside a headless session), with the default poll (1 s) and capture
 * interval (10 s):
 *   node bin/run-ts.js bench/wayland-capture-cpu.ts [--desktop sway,gnome,kde,x11] [--seconds 120]
 * (x11: the same stretches on Xvfb + openbox, the baseline the Wayland figures compare with; kde:
 * KWin 5.27 `kwin_wayland --virtual` after `shadow setup kde --yes`, which renders in software here,
 * so its compositor figures are a software renderer's)
 *
 * Two stretches after a 30 s warm-up, each `--seconds` long:
 *   busy:  a full terminal rewriting its text twice a second (every screenshot new), OCR off;
 *   quiet: the same terminal still (every screenshot dropped by dedup), OCR on: a day's usual state.
 * Printed as % of one core: the engine and what it runs (its process tree: the screencopy helper on
 * sway), with its CPU per screenshot, and apart the compositor's whole CPU over the same stretch
 * (drawing the terminal included; GNOME Shell also encodes each screenshot as PNG for the extension).
 * The engine runs as shipped: build the CLI first (`npm run build:cli`), or it runs through tsx. Run as root (CI) or as a user
 * who may start the compositor; needs what the display tests need (.ci/run).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { startXSession } from '../tests/helpers/x-session';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Health, OcrStatusView } from '../src/shared/contract/index';
import { waitFor } from '../tests/helpers/wait';
import { startGnomeSession } from '../tests/helpers/gnome-session';
import { startKdeSession } from '../tests/helpers/kde-session';
import { startHeadlessShadow, TEST_API_TOKEN } from '../tests/helpers/shadow-process';
import { startSwaySession } from '../tests/helpers/sway-session';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import type { WaylandDesktop } from '../tests/helpers/wayland-desktop';
import { printFigures, type Figure } from './lib/report';
import { processTreeCpuByName, processTreeCpuSeconds, reapedChildrenCpuSeconds } from './lib/process-cpu';
import { loadavg } from 'node:os';
import { createDesktopSource } from '../src/core/observe/sources/create-desktop-source';
import { SwayWindowReader } from '../src/core/observe/sources/wayland/sway-windows';
import { grimGrabber } from '../src/core/observe/sources/wayland/wlr-screencopy';

const { values } = parseArgs({
  options: { desktop: { type: 'string', default: 'sway,gnome,kde,x11' }, seconds: { type: 'string', default: '120' } },
});
const run = promisify(execFile);
const SECONDS = Number(values.seconds);
const WARM_UP_SECONDS = 30;
if (!(SECONDS >= 10 && SECONDS <= 600)) throw new Error('--seconds must be 10..600');
const DESKTOPS = values.desktop.split(',');
/** Each desktop's compositor (or X server), whose CPU is measured beside the engine's. */
const COMPOSITOR: Readonly<Record<string, string>> = { sway: 'sway', gnome: 'gnome-shell', kde: 'kwin_wayland', x11: 'Xvfb' };
if (!DESKTOPS.every((d) => d in COMPOSITOR)) throw new Error('--desktop lists sway, gnome, kde and/or x11 (the baseline)');

const TICKS = 100;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** utime + stime of a process, in seconds (/proc/PID/stat fields 14 and 15). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The CPU of `pid` and every process below it now, with what each has reaped (a shell's short commands). */
const treeCpu = (pid: number): number => processTreeCpuSeconds(pid);

function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function stretch(
  label: string,
  engine: { pid: number; get<T>(path: string): Promise<T> },
  compositor: number[],
  desktop: BenchDesktop,
): Promise<Figure[]> {
  const health0 = (await engine.get<Health>('/health')).capture;
  const engine0 = treeCpu(engine.pid);
  const byName0 = processTreeCpuByName(engine.pid);
  const compositor0 = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0);
  const t0 = performance.now();
  // Input every 20 s keeps the person present (idle after 180 s) at a negligible cost.
  for (let left = SECONDS; left > 0; left -= 20) {
    await desktop.nudge();
    await sleep(Math.min(20, left) * 1000);
  }
  const wall = (performance.now() - t0) / 1000;
  const engineCpu = treeCpu(engine.pid) - engine0;
  // A process that ended meanwhile is in its parent's reaped time with its whole life: what it had used
  // before the stretch shows as its own negative figure.
  const byName1 = processTreeCpuByName(engine.pid);
  const byName = [...new Set([...byName1.keys(), ...byName0.keys()])]
    .map((label) => `${label} ${(((byName1.get(label) ?? 0) - (byName0.get(label) ?? 0)) * 1000).toFixed(0)} ms`)
    .join(', ');
  const compositorCpu = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0) - compositor0;
  const health = (await engine.get<Health>('/health')).capture;
  const load = `load ${loadavg()[0]!.toFixed(1)}`;
  const shots = health.framesCaptured + health.framesSkipped - health0.framesCaptured - health0.framesSkipped;
  console.log(
    `${label}: ${wall.toFixed(0)} s, ${shots} screenshots (${health.framesCaptured - health0.framesCaptured} kept, ${health.screenshotsLeftOut - health0.screenshotsLeftOut} left out: nothing drawn), ${health.failures - health0.failures} failures, grabber ${health.screenshots?.grabber}, ${load}; by process: ${byName}`,
  );
  return [
    {
      name: `engine CPU, ${label}`,
      value: (engineCpu / wall) * 100,
      unit: '% core',
      ...(label.includes('quiet') && { targetMax: 0.5 }),
      note: `(${(engineCpu * 1000).toFixed(0)} ms CPU in ${wall.toFixed(0)} s, ${load})`,
    },
    { name: `compositor CPU meanwhile, ${label}`, value: (compositorCpu / wall) * 100, unit: '% core' },
    { name: `engine CPU per screenshot, ${label}`, value: (engineCpu * 1000) / Math.max(1, shots), unit: 'ms' },
  ];
}

/** What the stretches use of a desktop: the Wayland test desktops, or X11 (Xvfb + openbox) as the baseline. */
type BenchDesktop = Pick<WaylandDesktop, 'user' | 'env' | 'openWindow' | 'focus' | 'nudge' | 'stop'>;

/** The X11 baseline the same way: an xterm as the terminal, the engine as this user (X11 has no such rule). */
async function startX11Desktop(): Promise<BenchDesktop> {
  const x = await startXSession();
  const dirs: string[] = [];
  return {
    user: {
      name: null,
      uid: process.getuid!(),
      gid: process.getgid!(),
      makeDir: (prefix) => {
        const dir = mkdtempSync(join(tmpdir(), prefix));
        dirs.push(dir);
        return dir;
      },
      spawn: () => {
        throw new Error('not used on X11');
      },
      exec: async (argv) => (await run(argv[0]!, argv.slice(1))).stdout,
      launcher: () => [],
      removeAll: () => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })),
    },
    env: x.env,
    openWindow: async (spec) => {
      const window = await x.openXterm(spec.app, spec.title, {
        geometry: '210x60+0+0',
        command: ['sh', '-c', `${spec.script ?? ''}\nexec sleep 100000`],
      });
      return { id: window.id, app: spec.app, title: spec.title, process: window.process };
    },
    focus: async (window) => {
      await x.activate({ id: window.id, process: window.process });
      return Date.now();
    },
    nudge: () => x.nudge(),
    stop: () => x.stop(),
  };
}

async function measure(name: string): Promise<Figure[]> {
  const desktop: BenchDesktop =
    name === 'sway'
      ? await startSwaySession()
      : name === 'gnome'
        ? await startGnomeSession()
        : name === 'kde'
          ? await startKdeSession()
          : await startX11Desktop();
  const home = createTempShadowHome('shadow-bench-wayland-');
  try {
    if (desktop.user.name) chownSync(home.home, desktop.user.uid, desktop.user.gid);
    const flag = join(desktop.user.makeDir('shadow-bench-flag-'), 'still');
    const busy = await desktop.openWindow({
      app: 'Terminal',
      title: 'busy terminal',
      // Cleared before each burst, so the window shows new text each time (also KDE's GTK stand-in terminal).
      script: `while [ ! -e ${flag} ]; do printf '\\033[H\\033[2J'; ls -la /usr/bin | shuf -n 40; sleep 0.5; done`,
    });
    await desktop.focus(busy);
    const settingsDir = join(home.home, 'profiles', 'default');
    mkdirSync(settingsDir, { recursive: true });
    const writeSettings = (ocrEnabled: boolean): void => writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ ocrEnabled }));
    const figures: Figure[] = [];
    for (const [label, ocr] of [
      ['busy screen, OCR off', false],
      ['quiet screen, OCR on', true],
    ] as const) {
      writeSettings(ocr);
      if (desktop.user.name) chownSync(home.home, desktop.user.uid, desktop.user.gid);
      for (const entry of readdirSync(home.home, { recursive: true }) as string[])
        if (desktop.user.name) chownSync(join(home.home, entry), desktop.user.uid, desktop.user.gid);
      if (ocr) await desktop.user.exec(['touch', flag], desktop.env);
      const env = { ...desktop.env, SHADOW_HOME: home.home, SHADOW_PROFILE: 'default', TZ: 'UTC', SHADOW_API_TOKEN: TEST_API_TOKEN };
      const shadow = await startHeadlessShadow([], env, 90_000, desktop.user.launcher(env));
      try {
        await sleep(WARM_UP_SECONDS * 1000);
        // The first frames' OCR (and the OCR process's start) belongs to the start, not to the stretch.
        await waitFor(async () => ({ ocr: await shadow.get<OcrStatusView>('/screen/ocr'), health: await shadow.get<Health>('/health') }), {
          what: 'OCR to finish the first frames',
          until: ({ ocr, health }) =>
            !ocr.enabled ||
            (ocr.queued === 0 &&
              ocr.recognized + ocr.fromCache + ocr.unchanged + ocr.empty + ocr.dropped + ocr.failed >= health.capture.framesCaptured),
          timeoutMs: 180_000,
        });
        await sleep(5000);
        const compositor = pidsNamed(COMPOSITOR[name]!);
        figures.push(
          ...(await stretch(`${name}: ${label}`, { pid: shadow.child.pid!, get: (path) => shadow.get(path) }, compositor, desktop)),
        );
      } finally {
        await shadow.stop();
      }
    }
    if (name !== 'x11') {
      try {
        figures.push(...(await grabCosts(name, desktop as WaylandDesktop)));
      } catch (error) {
        // KWin lets only the helper `shadow setup kde` allowed take screenshots, not this process.
        console.log(`${name}: one screenshot from this process could not be measured: ${(error as Error).message}`);
      }
    }
    return figures;
  } finally {
    await desktop.stop();
    home.remove();
  }
}

/**
 * CPU of one screenshot as the source takes it (grab, black-out, monitors and windows asked), in this
 * process (root may open the session's sockets) plus the helper it runs, and the compositor's share;
 * on sway also grim's, the fallback: the floor each desktop sets.
 */
async function grabCosts(name: string, desktop: WaylandDesktop): Promise<Figure[]> {
  const source = createDesktopSource(undefined, desktop.env);
  const compositor = pidsNamed(COMPOSITOR[name]!);
  const measureCalls = async (label: string, call: () => Promise<unknown>): Promise<Figure[]> => {
    await call();
    const calls = 10;
    const own0 = process.cpuUsage();
    const tree0 = childrenOf(process.pid).reduce((sum, pid) => sum + treeCpu(pid), 0);
    const reaped0 = reapedChildrenCpuSeconds();
    const comp0 = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0);
    for (let i = 0; i < calls; i++) await call();
    const own = process.cpuUsage(own0);
    const helpers = childrenOf(process.pid).reduce((sum, pid) => sum + treeCpu(pid), 0) - tree0 + reapedChildrenCpuSeconds() - reaped0;
    const comp = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0) - comp0;
    return [
      { name: `${name}: ${label}, engine CPU per call`, value: ((own.user + own.system) / 1000 + helpers * 1000) / calls, unit: 'ms' },
      { name: `${name}: ${label}, compositor CPU per call`, value: (comp * 1000) / calls, unit: 'ms' },
    ];
  };
  try {
    const figures = await measureCalls('screenshot as the observer takes it', () =>
      source.grabScreens!({ monitors: 'focused', isPrivate: () => false }),
    );
    if (name === 'sway') {
      const reader = new SwayWindowReader(desktop.env.SWAYSOCK!);
      const [monitor] = await reader.monitors();
      await reader.close();
      const grim = grimGrabber(desktop.env);
      figures.push(...(await measureCalls('grim, one process a screenshot (the fallback)', () => grim.grab(monitor!))));
    }
    return figures;
  } finally {
    await source.close?.();
  }
}

const all: Figure[] = [];
for (const name of DESKTOPS) all.push(...(await measure(name)));
printFigures('wayland-capture-cpu', all);

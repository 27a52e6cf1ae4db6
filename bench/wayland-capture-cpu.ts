/**
 * CPU of the engine observing a Wayland desktop, per desktop, as it ships (`shadow start --headless`
 * run as the desktop's user inside a headless session), with the default poll (1 s) and capture
 * interval (10 s):
 *   node bin/run-ts.js bench/wayland-capture-cpu.ts [--desktop sway,gnome] [--seconds 120]
 *
 * Two stretches after a 30 s warm-up, each `--seconds` long:
 *   busy:  a full terminal rewriting its text twice a second (every screenshot new), OCR off;
 *   quiet: the same terminal still (every screenshot dropped by dedup), OCR on: a day's usual state.
 * Printed as % of one core: the engine and what it runs (its process tree: the screencopy helper on
 * sway), and apart the compositor's own CPU over the same stretch (GNOME Shell encodes each
 * screenshot as PNG for the extension), with the CPU per screenshot. Run as root (CI) or as a user
 * who may start the compositor; needs what the display tests need (.ci/run).
 */
import { readdirSync, readFileSync, writeFileSync, chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Health } from '../src/shared/contract/index';
import { startGnomeSession } from '../tests/helpers/gnome-session';
import { startHeadlessShadow, TEST_API_TOKEN } from '../tests/helpers/shadow-process';
import { startSwaySession } from '../tests/helpers/sway-session';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import type { WaylandDesktop } from '../tests/helpers/wayland-desktop';
import { printFigures, type Figure } from './lib/report';

const { values } = parseArgs({
  options: { desktop: { type: 'string', default: 'sway,gnome' }, seconds: { type: 'string', default: '120' } },
});
const SECONDS = Number(values.seconds);
const WARM_UP_SECONDS = 30;
if (!(SECONDS >= 10 && SECONDS <= 600)) throw new Error('--seconds must be 10..600');
const DESKTOPS = values.desktop.split(',');
if (!DESKTOPS.every((d) => d === 'sway' || d === 'gnome')) throw new Error('--desktop lists sway and/or gnome');

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

/** The CPU of `pid` and every process below it now (the helpers run all along, so none is missed). */
function treeCpu(pid: number): number {
  return cpuOf(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpu(child), 0);
}

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
  desktop: WaylandDesktop,
): Promise<Figure[]> {
  const health0 = (await engine.get<Health>('/health')).capture;
  const engine0 = treeCpu(engine.pid);
  const compositor0 = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0);
  const t0 = performance.now();
  // Input every 20 s keeps the person present (idle after 180 s) at a negligible cost.
  for (let left = SECONDS; left > 0; left -= 20) {
    await desktop.nudge();
    await sleep(Math.min(20, left) * 1000);
  }
  const wall = (performance.now() - t0) / 1000;
  const engineCpu = treeCpu(engine.pid) - engine0;
  const compositorCpu = compositor.reduce((sum, pid) => sum + cpuOf(pid), 0) - compositor0;
  const health = (await engine.get<Health>('/health')).capture;
  const shots = health.framesCaptured + health.framesSkipped - health0.framesCaptured - health0.framesSkipped;
  console.log(
    `${label}: ${wall.toFixed(0)} s, ${shots} screenshots (${health.framesCaptured - health0.framesCaptured} kept), ${health.failures - health0.failures} failures, grabber ${health.screenshots?.grabber}`,
  );
  return [
    { name: `engine CPU, ${label}`, value: (engineCpu / wall) * 100, unit: '% core', ...(label.includes('quiet') && { targetMax: 0.5 }) },
    { name: `compositor CPU meanwhile, ${label}`, value: (compositorCpu / wall) * 100, unit: '% core' },
    { name: `engine CPU per screenshot, ${label}`, value: (engineCpu * 1000) / Math.max(1, shots), unit: 'ms' },
    { name: `compositor CPU per screenshot, ${label}`, value: (compositorCpu * 1000) / Math.max(1, shots), unit: 'ms' },
  ];
}

async function measure(name: string): Promise<Figure[]> {
  const desktop = name === 'sway' ? await startSwaySession() : await startGnomeSession();
  const home = createTempShadowHome('shadow-bench-wayland-');
  try {
    if (desktop.user.name) chownSync(home.home, desktop.user.uid, desktop.user.gid);
    const flag = join(desktop.user.makeDir('shadow-bench-flag-'), 'still');
    const busy = await desktop.openWindow({
      app: 'Terminal',
      title: 'busy terminal',
      script: `while [ ! -e ${flag} ]; do ls -la /usr/bin | shuf -n 40; sleep 0.5; done`,
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
        const compositor = pidsNamed(name === 'sway' ? 'sway' : 'gnome-shell');
        figures.push(
          ...(await stretch(`${name}: ${label}`, { pid: shadow.child.pid!, get: (path) => shadow.get(path) }, compositor, desktop)),
        );
      } finally {
        await shadow.stop();
      }
    }
    return figures;
  } finally {
    await desktop.stop();
    home.remove();
  }
}

const all: Figure[] = [];
for (const name of DESKTOPS) all.push(...(await measure(name)));
printFigures('wayland-capture-cpu', all);

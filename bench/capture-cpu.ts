/**
 * CPU of the engine as it ships, observing a busy X screen: `shadow start --headless` (HTTP server,
 * memory pipeline, OCR process and all) measured from outside, its whole process tree, with the
 * default settings (poll 1 s, a screenshot every 10 s):
 *   node bin/run-ts.js bench/capture-cpu.ts [--seconds 90]      (builds the CLI first: `npm run build:cli`)
 *
 * Starts Xvfb + openbox with a full-screen xterm rewriting its text twice a second (every screenshot
 * new), then the engine twice, each after a 30 s warm-up:
 *   OCR off: one busy stretch;
 *   OCR on:  a busy stretch (every kept frame read), then the terminal still (every screenshot dropped
 *            by dedup: a day's usual state).
 * For each stretch it prints the engine's CPU as % of one core and per screenshot: the engine's own
 * process with the tools it runs (its reaped children, the window-stack shell) and, apart, the OCR
 * process; and the same run's floor, one bare in-process grab of the same screen (node-screenshots,
 * what `bench/x11-grab.ts` times), before and after the engine ran. Targets: ≤ 0.3% of a core with
 * OCR off, ≤ 3× the grab per screenshot, ≤ 0.5% with OCR on a still screen. Then how long after a
 * focus change the engine reports the new app. Each figure's note gives the load average meanwhile.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Health, ImmediateContextView, OcrStatusView } from '../src/shared/contract/index';
import { createScreenGrabber } from '../src/core/observe/sources/screen-grabber';
import { startHeadlessShadow, type ShadowProcess } from '../tests/helpers/shadow-process';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import { waitFor } from '../tests/helpers/wait';
import { startXSession, type XSession, type XWindow } from '../tests/helpers/x-session';
import { commandLineOf, descendantsOf, processTreeCpuSeconds } from './lib/process-cpu';
import { percentile, printFigures, type Figure } from './lib/report';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '90' } } });
const SECONDS = Number(values.seconds);
/**
 * Past the start: V8's memory reducer runs its mark-compacts about a minute after start (~0.4 s of CPU
 * on the main and GC threads, more than a minute of steady work), and the first frames' OCR.
 */
const WARM_UP_SECONDS = 75;
// The input every 20 s keeps the person present (idle after 180 s) at a negligible cost.
if (!(SECONDS >= 20 && SECONDS <= 600)) throw new Error('--seconds must be 20..600');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

/** CPU of one bare grab of the screen in this process (node-screenshots, the default grabber): the floor. */
async function bareGrabMs(): Promise<number> {
  const grabber = createScreenGrabber();
  const [monitor] = await grabber.monitors();
  if (!monitor) throw new Error('the X display lists no monitor');
  for (let i = 0; i < 3; i++) await grabber.grab(monitor);
  const calls = 30;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) await grabber.grab(monitor);
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / calls;
}

/** The engine's tree split in two: the OCR process (and below it), and everything else. */
function engineCpu(pid: number): { engine: number; ocr: number } {
  const ocrPids = new Set(descendantsOf(pid).filter((p) => commandLineOf(p).includes('ocr-process')));
  for (const p of [...ocrPids]) for (const below of descendantsOf(p)) ocrPids.add(below);
  const total = processTreeCpuSeconds(pid);
  const ocr = [...ocrPids].reduce((sum, p) => sum + processTreeCpuSeconds(p, (q) => q === p), 0);
  return { engine: total - ocr, ocr };
}

interface Stretch {
  readonly label: string;
  readonly wall: number;
  readonly engineSeconds: number;
  readonly ocrSeconds: number;
  readonly shots: number;
  readonly kept: number;
  readonly load: string;
}

async function stretch(label: string, shadow: ShadowProcess, x: XSession): Promise<Stretch> {
  // The OCR process's CPU is read while it runs; one that left during the stretch is counted in the engine's reaped time.
  const health0 = (await shadow.get<Health>('/health')).capture;
  const cpu0 = engineCpu(shadow.child.pid!);
  const t0 = performance.now();
  for (let left = SECONDS; left > 0; left -= 20) {
    await x.nudge();
    await sleep(Math.min(20, left) * 1000);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = engineCpu(shadow.child.pid!);
  const health = (await shadow.get<Health>('/health')).capture;
  const shots = health.framesCaptured + health.framesSkipped - health0.framesCaptured - health0.framesSkipped;
  const kept = health.framesCaptured - health0.framesCaptured;
  const run: Stretch = {
    label,
    wall,
    engineSeconds: cpu.engine - cpu0.engine,
    ocrSeconds: Math.max(0, cpu.ocr - cpu0.ocr),
    shots,
    kept,
    load: load(),
  };
  console.log(
    `${label}: ${wall.toFixed(0)} s, ${shots} screenshots (${kept} kept), ${health.failures - health0.failures} failures, ` +
      `engine ${(run.engineSeconds * 1000).toFixed(0)} ms + OCR ${(run.ocrSeconds * 1000).toFixed(0)} ms of CPU, ${run.load}`,
  );
  return run;
}

/**
 * Waits until OCR has caught up (nothing queued, nothing read for 5 s: the first frames' OCR and the
 * OCR process's start belong to the start, not to a stretch), keeping the person present meanwhile.
 */
async function ocrSettled(shadow: ShadowProcess, x: XSession): Promise<void> {
  const done = async (): Promise<number> => {
    const ocr = await shadow.get<OcrStatusView>('/screen/ocr');
    return ocr.queued > 0 ? -1 : ocr.recognized + ocr.fromCache + ocr.unchanged + ocr.empty + ocr.dropped + ocr.failed;
  };
  let last = -2;
  await waitFor(
    async () => {
      await x.nudge();
      const now = await done();
      await sleep(5000);
      const later = await done();
      last = later;
      return now >= 0 && now === later;
    },
    { what: `OCR to catch up (frames read so far: ${last})`, until: Boolean, timeoutMs: 300_000 },
  );
}

const SWITCHES = 20;

/** How long after a focus change the running engine reports the new app (`/observation/now` read every 10 ms). */
async function switchLatency(shadow: ShadowProcess, x: XSession, busy: XWindow): Promise<Figure[]> {
  const ledger = await x.openXterm('Ledger', 'Ledger 2026.xlsx');
  const latencies: number[] = [];
  for (let i = 0; i < SWITCHES; i++) {
    const [target, app] = i % 2 === 0 ? [ledger, 'Ledger'] : [busy, 'XTerm'];
    // A random wait, so the switches fall anywhere between two polls.
    await sleep(300 + Math.random() * 1400);
    const switchedAt = performance.now();
    await x.activate(target);
    while (performance.now() - switchedAt < 5000) {
      if ((await shadow.get<ImmediateContextView>('/observation/now')).currentApp === app) break;
      await sleep(10);
    }
    latencies.push(performance.now() - switchedAt);
  }
  return [
    { name: 'app switch seen, p50', value: percentile(latencies, 50), unit: 'ms', note: `(${load()})` },
    { name: `app switch seen, max of ${SWITCHES}`, value: Math.max(...latencies), unit: 'ms', targetMax: 1500, note: `(${load()})` },
  ];
}

// The engine as it ships: `bin/shadow.js` runs the bundled CLI when it is newer than the sources,
// with the V8 flags of its first line (`#!/usr/bin/env -S node --flags`), which the test helper's
// `node bin/shadow.js` would leave out.
execFileSync('npm', ['run', '--silent', 'build:cli'], { stdio: 'inherit' });
const shebangFlags = (readFileSync(new URL('../bin/shadow.js', import.meta.url), 'utf8').split('\n')[0] ?? '')
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const asShipped = ['sh', '-c', `exec "$0" ${shebangFlags.join(' ')} "$@"`];
const x = await startXSession();
const home = createTempShadowHome('shadow-bench-capture-');
const stretches: Stretch[] = [];
const figures: Figure[] = [];
try {
  process.env.DISPLAY = x.display;
  const flag = join(home.home, 'still');
  const busy = await x.openXterm('XTerm', 'busy terminal', {
    geometry: '210x60+0+0',
    command: ['sh', '-c', `while [ ! -e ${flag} ]; do ls -la /usr/bin /usr/lib | shuf -n 60; sleep 0.5; done; exec sleep 100000`],
  });
  await x.activate(busy);
  const floorBefore = await bareGrabMs();
  const settingsDir = join(home.home, 'profiles', 'default');
  mkdirSync(settingsDir, { recursive: true });
  const env = { ...x.env, SHADOW_HOME: home.home, SHADOW_PROFILE: 'default', TZ: 'UTC' };
  for (const ocrEnabled of [false, true]) {
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ ocrEnabled }));
    await x.nudge();
    const shadow = await startHeadlessShadow([], env, 90_000, asShipped);
    try {
      await sleep(WARM_UP_SECONDS * 1000);
      // On a busy screen OCR may never catch up (each frame wholly new): its CPU is the stretch's own.
      if (!ocrEnabled) await ocrSettled(shadow, x);
      stretches.push(await stretch(`busy screen, OCR ${ocrEnabled ? 'on' : 'off'}`, shadow, x));
      if (ocrEnabled) {
        writeFileSync(flag, '');
        // Past the last frame of the busy screen (a screenshot every 10 s), then its OCR.
        await sleep(12_000);
        await ocrSettled(shadow, x);
        stretches.push(await stretch('still screen, OCR on', shadow, x));
        figures.push(...(await switchLatency(shadow, x, busy)));
      }
    } finally {
      await shadow.stop();
    }
  }
  const floor = (floorBefore + (await bareGrabMs())) / 2;
  const perCore = (seconds: number, wall: number): number => (seconds / wall) * 100;
  const measured: Figure[] = [
    { name: 'bare grab of the screen in-process (node-screenshots: the floor), CPU', value: floor, unit: 'ms', note: `(${load()})` },
  ];
  for (const s of stretches) {
    const ocrOn = s.label.includes('OCR on');
    const perShot = ((s.engineSeconds + s.ocrSeconds) * 1000) / Math.max(1, s.shots);
    const note = `(${s.shots} screenshots, ${s.kept} kept, ${s.wall.toFixed(0)} s, ${s.load})`;
    measured.push(
      {
        name: `engine CPU, ${s.label}`,
        value: perCore(s.engineSeconds + s.ocrSeconds, s.wall),
        unit: '% core',
        ...(!ocrOn && { targetMax: 0.3 }),
        ...(s.label.startsWith('still') && { targetMax: 0.5 }),
        note,
      },
      ...(ocrOn ? [{ name: `the OCR process alone, ${s.label}`, value: perCore(s.ocrSeconds, s.wall), unit: '% core' }] : []),
      { name: `engine CPU time, ${s.label}`, value: (s.engineSeconds + s.ocrSeconds) * 1000, unit: 'ms' },
      { name: `engine CPU per screenshot, ${s.label}`, value: perShot, unit: 'ms' },
      {
        name: `engine CPU per screenshot / bare grab, ${s.label}`,
        value: perShot / floor,
        unit: '×',
        ...(!ocrOn && { targetMax: 3 }),
      },
    );
  }
  figures.unshift(...measured);
  printFigures('capture-cpu', figures);
} finally {
  await x.stop();
  home.remove();
}

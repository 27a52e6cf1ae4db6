/**
 * One screenshot of a busy 1280×800 X screen, two ways, in this process:
 *   node bin/run-ts.js bench/x11-grab.ts
 * node-screenshots (XShm; the default grabber) and GetImage over the app's own X connection (the
 * grabber once the display came back after a loss, `x11-getimage`). Prints whether both give the same
 * pixels and each one's CPU and wall time a grab, and the X server's CPU meanwhile, over 30 grabs after
 * 3 to warm up, twice in turn.
 */
import { loadavg } from 'node:os';
import { fingerprintRaw } from '../src/core/observe/raw-image';
import { createScreenGrabber } from '../src/core/observe/sources/screen-grabber';
import { X11Display } from '../src/core/observe/sources/x11-display';
import { startXSession } from '../tests/helpers/x-session';
import { commandLineOf, descendantsOf, processTreeCpuSeconds } from './lib/process-cpu';

const GRABS = 30;
const x = await startXSession();
process.env.DISPLAY = x.display;
// The X server does its share of each grab (a copy into shared memory, or onto the socket): counted apart.
const xServer = descendantsOf(process.pid).find((pid) => commandLineOf(pid).startsWith('Xvfb'));
const serverSeconds = (): number => (xServer === undefined ? Number.NaN : processTreeCpuSeconds(xServer, (pid) => pid === xServer));
try {
  const busy = await x.openXterm('XTerm', 'busy', {
    geometry: '210x60+0+0',
    background: '#336699',
    command: ['sh', '-c', 'while :; do ls -la /usr/bin | shuf -n 60; sleep 0.5; done'],
  });
  await x.activate(busy);
  const native = createScreenGrabber();
  const [monitor] = await native.monitors();
  if (!monitor) throw new Error('the X display lists no monitor');
  const display = new X11Display(x.display);
  try {
    const a = await native.grab(monitor);
    const b = await display.grab(monitor);
    let apart = 0;
    for (let i = 0; i < a.pixels.length; i += 4) if (a.pixels[i] !== b.pixels[i] || a.pixels[i + 2] !== b.pixels[i + 2]) apart++;
    console.log(
      `same pixels: ${apart} of ${a.pixels.length / 4} apart (the terminal may redraw in between); fingerprints ${fingerprintRaw(a).hash} ${fingerprintRaw(b).hash}`,
    );
    const ways = [
      ['x11-getimage', () => display.grab(monitor)],
      ['native', () => native.grab(monitor)],
    ] as const;
    for (const [name, grab] of [...ways, ...ways]) {
      for (let i = 0; i < 3; i++) await grab();
      const cpu0 = process.cpuUsage();
      const server0 = serverSeconds();
      const t0 = performance.now();
      for (let i = 0; i < GRABS; i++) await grab();
      const cpu = process.cpuUsage(cpu0);
      const server = ((serverSeconds() - server0) * 1000) / GRABS;
      console.log(
        `${name}: ${((cpu.user + cpu.system) / 1000 / GRABS).toFixed(2)} ms CPU, the X server ${server.toFixed(2)} ms more, ${((performance.now() - t0) / GRABS).toFixed(1)} ms wall a grab (load ${loadavg()[0]!.toFixed(1)})`,
      );
    }
  } finally {
    display.close();
  }
} finally {
  await x.stop();
}

import { X11Display } from './src/core/observe/sources/x11-display';
import { execSync } from 'node:child_process';
async function main(): Promise<void> {
  const d = new X11Display(':73');
  console.log(await d.saverInfo());
  console.log(await d.monitors());
  const t0 = performance.now(); for (let i=0;i<1000;i++) await d.saverInfo(); console.log('1000 queries ms', performance.now()-t0);
  execSync('DISPLAY=:73 xset s activate');
  console.log(await d.saverInfo());
  d.close();
}
void main();

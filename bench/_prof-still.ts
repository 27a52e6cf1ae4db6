import { mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startHeadlessShadow } from '../tests/helpers/shadow-process';
import { createTempShadowHome } from '../tests/helpers/temp-shadow-home';
import { startXSession } from '../tests/helpers/x-session';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUSY = Number(process.env.BUSY ?? 40);
const OCR = process.env.OCR !== '0';
const shebangFlags = (readFileSync('bin/shadow.js', 'utf8').split('\n')[0] ?? '').split(/\s+/).filter((w) => w.startsWith('--'));
const asShipped = ['sh', '-c', `exec "$0" ${shebangFlags.join(' ')} --cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval=500 "$@"`];
rmSync('/tmp/prof', { recursive: true, force: true });
mkdirSync('/tmp/prof', { recursive: true });
const x = await startXSession();
const home = createTempShadowHome('shadow-prof-');
process.env.DISPLAY = x.display;
const flag = join(home.home, 'still');
const busy = await x.openXterm('XTerm', 'busy terminal', {
  geometry: '210x60+0+0',
  command: ['sh', '-c', `while [ ! -e ${flag} ]; do ls -la /usr/bin /usr/lib | shuf -n 60; sleep 0.5; done; exec sleep 100000`],
});
await x.activate(busy);
const settingsDir = join(home.home, 'profiles', 'default');
mkdirSync(settingsDir, { recursive: true });
writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ ocrEnabled: OCR }));
const env = { ...x.env, SHADOW_HOME: home.home, SHADOW_PROFILE: 'default', TZ: 'UTC' };
const shadow = await startHeadlessShadow([], env, 90_000, asShipped);
for (let i = 0; i < BUSY; i += 20) { await x.nudge(); await sleep(20000); }
writeFileSync(flag, '');
for (let i = 0; i < 60; i += 20) { await x.nudge(); await sleep(20000); }
const threads = (pid: number) => Object.fromEntries(readdirSync(`/proc/${pid}/task`).map((t) => { try { const st = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8'); const comm = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); return [`${t} ${comm}`, [Number(f[11]), Number(f[12])]]; } catch { return [t, [0, 0]]; } }));
const kids = (pid: number): number[] => { try { return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number); } catch { return []; } };
const pids = [shadow.child.pid!, ...kids(shadow.child.pid!)];
const t0 = Object.assign({}, ...pids.map(threads));
const from = process.hrtime.bigint() / 1000n;
for (let i = 0; i < 90; i += 20) { await x.nudge(); await sleep(20000); }
const until = process.hrtime.bigint() / 1000n;
const t1 = Object.assign({}, ...[shadow.child.pid!, ...kids(shadow.child.pid!)].map(threads));
for (const [k, [u, s]] of Object.entries(t1) as [string, number[]][]) { const [u0, s0] = (t0[k] as number[] | undefined) ?? [0, 0]; if (u - u0 + s - s0 > 0) console.log('thread', k, 'user', (u - u0) * 10, 'ms sys', (s - s0) * 10, 'ms'); }
console.log('pids', pids.map((p) => `${p} ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 80)}`));
writeFileSync('/tmp/prof/window.json', JSON.stringify({ from: Number(from), until: Number(until) }));
await shadow.stop();
await x.stop();
console.log('profiles', readdirSync('/tmp/prof'));
process.exit(0);

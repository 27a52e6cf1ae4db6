// Screenshots of the window (Today, its week and app time, Chat wide and narrow, About you) over the demo day, for docs/ and the README:
//   npm run build && node bin/run-ts.js scripts/window-screenshots.ts [--out docs/screenshots] [--width 1280] [--height 800]
// A headless shadow replays profiles/demo/day into a fresh home (OCR off, so it takes seconds), a
// conversation is held with the offline assistant, and Chromium (playwright-core) takes each view.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { resolveProfilePaths } from '../src/core/config/paths';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
  },
});
const outDir = resolve(values.out);
const viewport = { width: Number(values.width), height: Number(values.height) };
const token = 'screenshot-token-0123456789abcdef';
const questions = ['What did I do before lunch?', 'How long was I in Excel today?', 'Which apps did I use most today?'];

const home = mkdtempSync(join(tmpdir(), 'shadow-screenshots-'));
const env = { ...process.env, SHADOW_HOME: home, SHADOW_PROFILE: 'default', SHADOW_API_TOKEN: token, TZ: 'UTC' };
const paths = resolveProfilePaths(env);
mkdirSync(paths.dir, { recursive: true });
writeFileSync(paths.settings, JSON.stringify({ ocrEnabled: false }));

const shadow = spawn(process.execPath, ['bin/shadow.js', 'start', '--headless', '--port', '0', '--replay', 'profiles/demo/day'], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let printed = '';
shadow.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
shadow.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; shadow printed:\n${printed}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

try {
  const ui = await until('the UI link', () => /UI:\s+(http:\/\/127\.0\.0\.1:\d+)\/#token=\S+/.exec(printed)?.[1]);
  await until('the replay to finish', () => (printed.includes('Replay finished') ? true : undefined));
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${ui}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const session = await api<{ id: string }>('POST', '/sessions', { type: 'chat' });
  for (const content of questions) await api('POST', `/sessions/${session.id}/messages`, { content });
  await until('the table of contents', async () =>
    (await api<{ pending: number }>('GET', `/sessions/${session.id}/toc`)).pending === 0 ? true : undefined,
  );

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-GB', colorScheme: 'light' });
  const page: Page = await context.newPage();
  mkdirSync(outDir, { recursive: true });

  await page.goto(`${ui}/#token=${token}`);
  const task = page.getByTestId('chart-task').nth(8);
  await task.waitFor();
  await task.click();
  await task.hover();
  await page.screenshot({ path: join(outDir, 'today.png') });

  await page.getByTestId('chart-mode-week').click();
  await page.getByTestId('week-day').first().waitFor();
  await page.getByTestId('app-windows-toggle').first().click();
  await page.getByTestId('week-chart').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(outDir, 'week-and-app-time.png'), fullPage: true });
  await page.getByTestId('chart-mode-day').click();

  await page.getByTestId('nav-chat').click();
  await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
  await until('the conversation', async () => ((await page.getByTestId('turn').count()) === questions.length ? true : undefined));
  await page.getByTestId('toc-entry').first().click();
  await page.screenshot({ path: join(outDir, 'chat.png') });

  const narrow = await context.newPage();
  await narrow.setViewportSize({ width: 760, height: 800 });
  await narrow.goto(`${ui}/#token=${token}&session=${session.id}`);
  await until('the narrow conversation', async () => ((await narrow.getByTestId('turn').count()) === questions.length ? true : undefined));
  await narrow.getByTestId('toc-toggle').click();
  await narrow.screenshot({ path: join(outDir, 'chat-narrow.png') });
  await narrow.close();

  await page.getByTestId('nav-you').click();
  await page.getByTestId('guide').waitFor();
  await page.locator('#guide-title').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(outDir, 'about-you.png') });
  await browser.close();
  console.log(
    `Wrote today.png, week-and-app-time.png, chat.png, about-you.png (${viewport.width}×${viewport.height}) and chat-narrow.png (760 px) to ${outDir}`,
  );
} finally {
  shadow.kill('SIGTERM');
  await new Promise((r) => shadow.once('exit', r));
  rmSync(home, { recursive: true, force: true });
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTime, Health } from '../../src/shared/contract/index';
import { startHeadlessShadow, type ShadowProcess } from '../helpers/shadow-process';
import { createTempShadowHome, type TempShadowHome } from '../helpers/temp-shadow-home';

/**
 * Web mode end to end: the production renderer build, served by `shadow start --headless` while
 * it replays the demo day, driven in Debian's Chromium.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const rendererIndex = join(repoRoot, 'out/renderer/index.html');
const demoDay = join(repoRoot, 'profiles/demo/day');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** CI starts from a clean clone: build the renderer when it is missing or older than its sources. */
function ensureRendererBuilt(): void {
  const sources = ['src/renderer', 'src/shared', 'src/preload/bridge-contract.ts', 'electron.vite.config.ts'];
  if (existsSync(rendererIndex) && statSync(rendererIndex).mtimeMs >= Math.max(...sources.map((s) => newestMtime(join(repoRoot, s))))) {
    return;
  }
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: repoRoot,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    stdio: 'pipe',
    timeout: 240_000,
  });
}

/** The apps the demo day shows (private windows are never named). */
function demoApps(): Set<string> {
  const apps = new Set<string>();
  for (const line of readFileSync(join(demoDay, 'events.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as { kind: string; app?: string; private?: boolean };
    if (event.kind === 'window' && !event.private && event.app) apps.add(event.app);
  }
  return apps;
}

/** A raw request, so paths reach the server exactly as written (no client-side normalising). */
function rawGet(port: number, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function captureState(page: Page): Promise<string | null> {
  return page.getByTestId('capture-state').getAttribute('data-state');
}

let home: TempShadowHome;
let shadow: ShadowProcess;
let browser: Browser;
let uiUrl: string;
let port: number;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureRendererBuilt();
  home = createTempShadowHome();
  // Fast enough to fill the table in seconds, slow enough that the day is still playing during the test.
  shadow = await startHeadlessShadow(['--replay', demoDay, '--speed', '200'], home.env);
  const deadline = Date.now() + 10_000;
  let match: RegExpMatchArray | null = null;
  while (!(match = shadow.output().match(/UI:\s+(http:\/\/127\.0\.0\.1:(\d+)\/#token=\S+)/)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!match) throw new Error(`shadow start --headless printed no UI link:\n${shadow.output()}`);
  uiUrl = match[1]!;
  port = Number(match[2]);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shadow?.stop();
  home?.remove();
});

describe('web UI served by shadow start --headless', () => {
  it('shows the replayed apps in today’s app time table, and pause/resume changes the state shown', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(uiUrl);

    // The token leaves the address bar at once (kept in sessionStorage for reloads).
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash)).toBe('');

    const rows = page.getByTestId('app-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const known = demoApps();
    for (const app of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-app')))) {
      expect(known, `"${app}" is not an app of the demo day`).toContain(app);
    }
    expect(['observing', 'idle', 'private']).toContain(await captureState(page));

    await page.getByTestId('pause-toggle').click();
    await expect.poll(() => captureState(page)).toBe('paused');
    await expect(page.getByTestId('pause-toggle').textContent()).resolves.toBe('Resume');
    const health = await shadow.get<Health>('/health');
    expect(health.capture).toMatchObject({ state: 'paused', pausedReason: 'paused from the window', workSessionId: null });

    // Paused, the app time stands still: the table shows exactly what the API answers.
    const appTime = await shadow.get<AppTime>('/observation/app-time');
    const shown = () =>
      rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-app'), Number(tr.getAttribute('data-seconds'))]));
    await expect.poll(shown, { timeout: 15_000 }).toEqual(appTime.apps.map((row) => [row.app, row.seconds]));

    await page.getByTestId('pause-toggle').click();
    await expect.poll(() => captureState(page)).not.toBe('paused');
    expect(['observing', 'idle', 'private']).toContain(await captureState(page));
    expect((await shadow.get<Health>('/health')).capture.workSessionId).not.toBeNull();

    // Reloading keeps working without the token in the URL.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('asks for the token when the page is opened without one', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect.poll(() => page.locator('body').textContent()).toContain('This page needs the API token');
    await page.close();
  });

  it('serves the UI without a token with a CSP, keeps the API behind the token, and refuses path traversal', async () => {
    const index = await rawGet(port, '/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain("default-src 'none'");
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    expect(script).toBeDefined();
    expect((await rawGet(port, `/${script}`)).headers['content-type']).toBe('text/javascript; charset=utf-8');

    expect((await rawGet(port, '/api/v1/health')).status).toBe(401);
    for (const path of ['/../package.json', '/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/..%5c..%5cpackage.json', '/%00']) {
      const answer = await rawGet(port, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('workflow-shadow');
    }
    expect((await rawGet(port, '/assets/missing.js')).status).toBe(404);
  });
});

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppTime, Health, Timeline } from '../../src/shared/contract/index';
import { demoDay, webUiForSuite, type WebUi } from '../helpers/web-ui';

/** Web mode end to end: the dashboard while `shadow start --headless` replays the demo day. */

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

// Fast enough to fill the table in seconds, slow enough that the day is still playing during the test.
const web = webUiForSuite(['--replay', demoDay, '--speed', '200']);

describe('web UI served by shadow start --headless', () => {
  let ui: WebUi;
  beforeEach(() => {
    ui = web();
  });

  it('shows the replayed apps in today’s app time table, and pause/resume changes the state shown', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);

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
    const health = await ui.shadow.get<Health>('/health');
    expect(health.capture).toMatchObject({ state: 'paused', pausedReason: 'paused from the window', workSessionId: null });

    // Paused, the app time stands still: the table shows exactly what the API answers.
    const appTime = await ui.shadow.get<AppTime>('/observation/app-time');
    const shown = () => rows.evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-app'), Number(tr.getAttribute('data-seconds'))]));
    await expect.poll(shown, { timeout: 15_000 }).toEqual(appTime.apps.map((row) => [row.app, row.seconds]));

    await page.getByTestId('pause-toggle').click();
    await expect.poll(() => captureState(page)).not.toBe('paused');
    expect(['observing', 'idle', 'private']).toContain(await captureState(page));
    expect((await ui.shadow.get<Health>('/health')).capture.workSessionId).not.toBeNull();

    // Reloading keeps working without the token in the URL.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('draws a mark on the day chart for every task the API has while the day plays, and opens one', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const timeline = () => ui.shadow.get<Timeline>('/timeline');
    // The replay goes on: wait for a couple of tasks, then compare what is drawn with the API.
    await expect.poll(async () => (await timeline()).days[0]!.tasks.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await page.reload();
    const marks = page.getByTestId('chart-task');
    await expect
      .poll(
        async () => {
          const drawn = await marks.evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-task-id'))));
          const tasks = (await timeline()).days[0]!.tasks.map((task) => task.id);
          return drawn.length >= 2 && drawn.every((id) => tasks.includes(id));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const first = (await timeline()).days[0]!.tasks[0]!;
    await page.locator(`[data-testid="chart-task"][data-task-id="${first.id}"]`).click();
    await expect.poll(() => page.getByTestId('task-detail').getAttribute('data-task-id')).toBe(String(first.id));
    expect(await page.getByTestId('task-detail').locator('h3').textContent()).toBe(first.name);
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('sets which monitors are read from the window: the selector saves captureMonitors and shows what is stored', async () => {
    const page = await ui.newPage();
    await page.goto(ui.uiUrl);
    const stored = async (): Promise<unknown> =>
      (await ui.shadow.get<{ settings: { captureMonitors: unknown } }>('/settings')).settings.captureMonitors;
    const select = page.getByTestId('capture-monitors');
    await expect.poll(() => select.inputValue(), { timeout: 30_000 }).toBe('focused');
    expect(await stored()).toBe('focused');
    await select.selectOption('all');
    await expect.poll(stored).toBe('all');
    await page.reload();
    await expect.poll(() => select.inputValue(), { timeout: 30_000 }).toBe('all');
    await select.selectOption('focused');
    await expect.poll(stored).toBe('focused');
    expect(ui.errors).toEqual([]);
    await page.close();
  });

  it('asks for the token when the page is opened without one', async () => {
    const page = await ui.newPage();
    await page.goto(`http://127.0.0.1:${ui.port}/`);
    await expect.poll(() => page.locator('body').textContent()).toContain('This page needs the API token');
    await page.close();
  });

  it('serves the UI without a token with a CSP, keeps the API behind the token, and refuses path traversal', async () => {
    const index = await rawGet(ui.port, '/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain("default-src 'none'");
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    expect(script).toBeDefined();
    expect((await rawGet(ui.port, `/${script}`)).headers['content-type']).toBe('text/javascript; charset=utf-8');

    expect((await rawGet(ui.port, '/api/v1/health')).status).toBe(401);
    for (const path of [
      '/../package.json',
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/%00',
    ]) {
      const answer = await rawGet(ui.port, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('workflow-shadow');
    }
    expect((await rawGet(ui.port, '/assets/missing.js')).status).toBe(404);
  });
});

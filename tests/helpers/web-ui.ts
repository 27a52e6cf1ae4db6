import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startHeadlessShadow, type ShadowProcess } from './shadow-process';
import { createTempShadowHome, type TempShadowHome } from './temp-shadow-home';
import { waitFor } from './wait';

/**
 * Web mode end to end: the production renderer build, served by `shadow start --headless`, driven in
 * Debian's Chromium. Shared by every file in tests/e2e.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const rendererIndex = join(repoRoot, 'out/renderer/index.html');
const buildLock = join(repoRoot, 'out/.renderer-build.lock');
export const demoDay = join(repoRoot, 'profiles/demo/day');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function rendererIsFresh(): boolean {
  const sources = ['src/renderer', 'src/shared', 'src/preload/bridge-contract.ts', 'electron.vite.config.ts'];
  return existsSync(rendererIndex) && statSync(rendererIndex).mtimeMs >= Math.max(...sources.map((s) => newestMtime(join(repoRoot, s))));
}

/**
 * CI starts from a clean clone: build the renderer when it is missing or older than its sources.
 * Test files run in parallel, so one builds (a lock folder) while the others wait for it.
 */
export async function ensureRendererBuilt(): Promise<void> {
  mkdirSync(join(repoRoot, 'out'), { recursive: true });
  const turn = await waitFor(
    () => {
      if (rendererIsFresh()) return 'built by another file';
      try {
        mkdirSync(buildLock);
        return 'ours to build';
      } catch {
        // A stale lock (a killed run) older than the longest build is taken over.
        const lockedAt = statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (Date.now() - lockedAt > 300_000) rmSync(buildLock, { recursive: true, force: true });
        return undefined;
      }
    },
    { what: `another test file to build the renderer (it holds ${buildLock})`, timeoutMs: 300_000, intervalMs: 500 },
  );
  if (turn === 'built by another file') return;
  try {
    if (rendererIsFresh()) return;
    execFileSync(process.execPath, [join(repoRoot, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: repoRoot,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      stdio: 'pipe',
      timeout: 240_000,
    });
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

export interface PageOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  readonly colorScheme?: 'light' | 'dark';
}

export interface WebUi {
  readonly home: TempShadowHome;
  readonly shadow: ShadowProcess;
  readonly browser: Browser;
  /** The link `shadow start --headless` prints, with `#token=…`. */
  readonly uiUrl: string;
  readonly port: number;
  /**
   * A new page (in a context of its own, as axe-core needs) that records page errors and console
   * errors into `errors`; 1280×800 unless a viewport is given.
   */
  newPage(options?: PageOptions): Promise<Page>;
  readonly errors: string[];
  close(): Promise<void>;
}

/** Builds the renderer if needed, starts a headless shadow in a fresh home with `args`, and opens Chromium. */
export async function openWebUi(args: readonly string[] = [], setupHome?: (home: TempShadowHome) => void): Promise<WebUi> {
  await ensureRendererBuilt();
  const home = createTempShadowHome();
  setupHome?.(home);
  const shadow = await startHeadlessShadow(args, home.env);
  let match: RegExpMatchArray;
  try {
    match = await waitFor(() => shadow.output().match(/UI:\s+(http:\/\/127\.0\.0\.1:(\d+)\/#token=\S+)/), {
      what: 'the UI link `shadow start --headless` prints',
      details: () => `its output:\n${shadow.output()}`,
    });
  } catch (error) {
    await shadow.stop();
    throw error;
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const errors: string[] = [];
  return {
    home,
    shadow,
    browser,
    uiUrl: match[1]!,
    port: Number(match[2]),
    errors,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? 'light',
      });
      const page = await context.newPage();
      // A page's context goes with it; when the whole browser is closing, that close has nothing left to do.
      page.once('close', () => context.close().catch(() => undefined));
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      return page;
    },
    async close() {
      await browser.close();
      await shadow.stop();
      home.remove();
    },
  };
}

/** `openWebUi` before the suite's tests and closed after them; the getter gives the running one. */
export function webUiForSuite(args: readonly string[] = [], setupHome?: (home: TempShadowHome) => void): () => WebUi {
  let ui: WebUi | undefined;
  beforeAll(async () => {
    ui = await openWebUi(args, setupHome);
  }, 300_000);
  afterAll(async () => {
    await ui?.close();
  });
  return () => {
    if (!ui) throw new Error('the web UI did not start (see beforeAll)');
    return ui;
  };
}

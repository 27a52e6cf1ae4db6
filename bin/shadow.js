#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=20 --v8-pool-size=1
// The app runs all day in the background, so memory matters more than allocation speed: a small young
// generation (it keeps an 8-hour replay about 13 MiB lower at peak); an old generation that grows by a
// fifth past what the last full collection kept, not V8's up to 4x on a machine with much memory (with
// no ceiling: a year of history still fits); one V8 helper thread, so fewer malloc arenas stay mapped
// (docs/performance.md, "Memory").
// Runs the built CLI (`npm run build`: lighter and faster to start) when it is newer than every
// source file; otherwise the TypeScript sources through tsx, so `npx shadow` works right after
// `npm install` and never runs stale code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'out', 'cli', 'main.js');

function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsFresh() {
  try {
    return statSync(bundle).mtimeMs >= newestSourceMs(join(root, 'src'));
  } catch {
    return false;
  }
}

if (bundleIsFresh()) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('sharp (libvips) in the engine', () => {
  it('is not mapped until the first image, then runs without its operation cache on one thread', () => {
    // A process of its own: a test worker may have loaded sharp for another file.
    const out = execFileSync(process.execPath, ['bin/run-ts.js', 'tests/fixtures/sharp-on-first-image.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    const seen = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(seen).toEqual({ atStart: false, afterImage: true, width: 4, concurrency: 1, cacheItems: 0 });
  });
});

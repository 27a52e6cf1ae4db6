import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Native modules (better-sqlite3, sharp) and real processes: forks isolate them best.
    pool: 'forks',
    env: { TZ: 'UTC' },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Native modules (better-sqlite3, sharp) and real processes: forks isolate them best.
    pool: 'forks',
    // Times and dates read the same on every machine: a fixed zone and locale (24-hour clock).
    // Tests of 12-hour locales name theirs explicitly.
    env: { TZ: 'UTC', LANG: 'en_GB.UTF-8' },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Kept isolated (the default): with isolate: false the suite needed about 30 % less CPU (no
    // re-import of the app per file), but smart-charging/balancing.test.ts then failed its last
    // allocation in 2 of 3 full runs on a loaded machine, and passed isolated. Find that shared
    // state before turning it off.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A failed test runs once more; its first failure is printed (test/report-retries.ts).
    retry: 1,
    setupFiles: ['./test/report-retries.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Each test file starts its own server and browser; two cores allow two files at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

// Each test file starts its own server and browser; two cores allow two files at a time.
// A browser test that fails is run once more (the machine is shared and a page can be starved
// of CPU); the first failure is printed all the same (support/browser.ts), so it is not hidden.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    retry: 1,
    // A page on a loaded machine may need seconds for what takes milliseconds here; a poll
    // waits up to 10 s (Vitest's default is 1 s) before it fails.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});

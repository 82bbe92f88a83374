import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker keeps its modules from one test file to the next: importing the app anew took
    // 4–5 s of every one of the ~60 files. Safe as long as test files share no module state, as
    // now: each builds its own app and database (test/helper.ts), and none mocks modules, fakes
    // timers or changes process.env.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

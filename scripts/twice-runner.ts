import { TestRunner, type RunnerTask } from 'vitest';

/**
 * Runs every test twice in a row, the way CI's retry runs a test again after a failure. A test
 * whose second run trips over what its first run left behind (its charger still online, its
 * card still charging, its ids already taken) fails here on any day, instead of failing CI on
 * the day its first run is unlucky. Tests that opt out of the retry (`{ retry: 0 }`) run once.
 * `npm run test:twice -w e2e [files]`, `npm run test:twice -w apps/server [files]`.
 */
export default class TwiceRunner extends TestRunner {
  override async onBeforeRunTask(test: RunnerTask): Promise<void> {
    if (test.type === 'test' && test.retry !== 0) {
      test.repeats = 1;
      test.retry = 0;
    }
    await super.onBeforeRunTask(test);
  }
}

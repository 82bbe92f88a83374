import { afterEach } from 'vitest';

// A test that fails is run once more (vitest.config.ts: the machine is shared, and a test with
// real sockets and timers can be starved of CPU). Its first failure is printed all the same, so a
// flaky test is seen, not hidden.
const errorsSeen = new Map<string, number>();

afterEach(({ task }) => {
  const errors = task.result?.errors ?? [];
  if (errors.length <= (errorsSeen.get(task.id) ?? 0)) return;
  errorsSeen.set(task.id, errors.length);
  const attempt = (task.result?.retryCount ?? 0) + 1;
  console.warn(`FAILED (attempt ${attempt}): ${task.name}\n${errors.at(-1)?.message ?? ''}`);
});

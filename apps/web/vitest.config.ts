import { defineConfig } from 'vitest/config';

// The portal's unit tests check logic (formats, rules, filters, translations), not rendered
// screens, which the browser tests cover: they run in Node, which starts in a fraction of jsdom's
// time. A test that needs a DOM says so with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});

import { defineProject } from 'vitest/config';

// Browser end-to-end tests: the real API serving the built portal, driven in Debian's Chromium.
// Run after `pnpm --filter @siteseer/web build`.
export default defineProject({
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

import { defineConfig } from 'vitest/config';

// One run across the workspace: each package with tests is a vitest project.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'apps/api/vitest.alone.config.ts',
      'apps/web/e2e',
      'scripts/bench',
      'scripts/start',
      'scripts/structure',
    ],
  },
});

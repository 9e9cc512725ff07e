import { defineProject } from 'vitest/config';

// The quiet run is tested with small node commands; `pnpm start` itself runs the real build.
export default defineProject({
  test: { name: 'start', environment: 'node', include: ['*.test.ts'] },
});

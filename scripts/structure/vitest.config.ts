import { defineProject } from 'vitest/config';

// The swallowed-error finder is tested on fixture sources; the checks themselves run in `pnpm check`.
export default defineProject({
  test: { name: 'structure', environment: 'node', include: ['*.test.ts'] },
});

import { defineProject } from 'vitest/config';

// The bench's own logic (relevance measures, generated data) has unit tests; the benches do not.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['*.test.ts'] },
});

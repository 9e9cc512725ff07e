import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'test-support', environment: 'node' },
});

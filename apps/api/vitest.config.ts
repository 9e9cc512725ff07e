import { defineProject } from 'vitest/config';
import { NO_WASM_WRAPPER_TIER_UP } from './src/wasm-wrappers.ts';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // Those run alone, after the rest (vitest.alone.config.ts).
    exclude: ['**/node_modules/**', '**/*.alone.integration.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The tests make stores and parse workers without main.ts: the flag is on their command line.
    execArgv: [NO_WASM_WRAPPER_TIER_UP],
  },
});

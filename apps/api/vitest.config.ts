import { defineProject } from 'vitest/config';

/**
 * Test processes of this project have died, one PostgreSQL pass in three, on a V8 check in Node 24
 * ("Check failed: jit_page.has_value()": Runtime_TierUpWasmToJSWrapper → WasmImportWrapperCache::Free
 * → WasmCodeAllocator::FreeCode), always in a file that uploads tables: each upload's parse worker
 * is an isolate of its own running WebAssembly (the TypeScript stripper, and PGlite beside it),
 * and the process-wide cache of compiled wasm-to-JS wrappers frees one whose code page is gone.
 * With a tier-up budget no call reaches, no wrapper is compiled into that cache (the generic
 * wrapper is used), so nothing is freed from it.
 */
const NO_WASM_WRAPPER_TIER_UP = '--wasm-wrapper-tiering-budget=2000000000';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    execArgv: [NO_WASM_WRAPPER_TIER_UP],
  },
});

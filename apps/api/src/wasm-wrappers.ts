import { setFlagsFromString } from 'node:v8';

/**
 * Node 24's V8 can die on a check ("Check failed: jit_page.has_value()": Runtime_TierUpWasmToJSWrapper
 * → WasmImportWrapperCache::Free → WasmCodeAllocator::FreeCode) when it frees a compiled
 * wasm-to-JS wrapper from its process-wide cache whose code page is gone. Our processes make and
 * end isolates running WebAssembly all along (each upload's parse worker runs Node's TypeScript
 * stripper; PGlite runs beside them): the API's test processes died of it one PostgreSQL pass in
 * three. With a tier-up budget no call reaches, no wrapper is compiled into that cache (the generic
 * wrapper is used) and none is freed from it. It costs a wasm-to-JS call ~13 ns (3.7 → 17 ns), not
 * measurable in PGlite's statements (inserts, lookups and scans within 3 % either way).
 */
export const NO_WASM_WRAPPER_TIER_UP = '--wasm-wrapper-tiering-budget=2000000000';

/**
 * Sets NO_WASM_WRAPPER_TIER_UP for what the process makes from now on: its flags are V8's, shared
 * by its worker threads (and not frozen after start in Node). Called first thing by the processes'
 * entry points, before the store or a worker starts; only the main thread's TypeScript stripper,
 * loaded with the modules and never freed, comes before it.
 */
export function avoidWasmWrapperTierUp(): void {
  setFlagsFromString(NO_WASM_WRAPPER_TIER_UP);
}

import type { IndexMemory } from '../serving/index-memory.ts';
import type { SearchSource } from '../serving/search-source.ts';
import { EngineIndexRegistry } from './search-index-registry.ts';

/**
 * The parametric search runtime of one app: the store and answer caches searches read with, and
 * the engines' in-memory indexes, counted in the app's IndexMemory beside the keyword ones. Made
 * with the app, closed with it.
 */
export interface ParametricRuntime extends SearchSource {
  indexes: EngineIndexRegistry;
  /** Releases the indexes once the builds under way have ended. */
  close(): Promise<void>;
}

/** The parametric runtime of an app that serves search, its indexes within `memory`. */
export function parametricRuntime(source: SearchSource, memory: IndexMemory): ParametricRuntime {
  const indexes = new EngineIndexRegistry(source.store, memory);
  return { ...source, indexes, close: () => indexes.close() };
}

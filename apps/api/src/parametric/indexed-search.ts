import type { SearchQuery } from '@siteseer/core';
import { ServiceUnavailableError } from '../errors.ts';
import { type LiveEngine, readLiveEngine } from './live-engine.ts';
import type { ParametricRuntime } from './parametric-runtime.ts';
import type { EngineIndex } from './search-index.ts';
import { scopeOf } from './search-index-registry.ts';
import { words } from './text-index.ts';

/** Publishes that may overtake one search before it gives up (each makes the index it waits for moot). */
const OVERTAKEN_MAX = 3;

/**
 * The engine's in-memory index, ready for the query, with its rows' words for a text and the sort
 * column added, and the live engine it is of (whose configuration the search uses): the publish's,
 * made if need be (searches wait for it), or the previous publish's while the new one is made (see
 * EngineIndexRegistry.acquire). When a publish commits while the index is made, the engine is read again
 * and the new publish's index is used, with its configuration.
 */
export async function readyIndex(
  runtime: ParametricRuntime,
  live: LiveEngine,
  query: Pick<SearchQuery, 'q' | 'sort'>,
): Promise<{ live: LiveEngine; index: EngineIndex }> {
  const registry = runtime.indexes;
  for (let attempt = 1; ; attempt++) {
    const ready = await registry.acquire(live, words(query.q).length > 0);
    if (ready) {
      if (query.sort) await registry.addColumn(scopeOf(ready.live), ready.index, query.sort.column);
      return ready;
    }
    if (attempt === OVERTAKEN_MAX)
      throw new ServiceUnavailableError('The search engine is being published. Try again in a moment.');
    // Read afresh: what a cache knows may be the publish that was just overtaken.
    live = await readLiveEngine(runtime, live.client.id);
  }
}

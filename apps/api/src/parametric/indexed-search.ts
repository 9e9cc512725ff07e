import type { SearchQuery } from '@siteseer/core';
import { ServiceUnavailableError } from '../errors.ts';
import type { Store } from '../store/types.ts';
import { type LiveEngine, liveEngine } from './live-engine.ts';
import type { EngineIndex } from './search-index.ts';
import type { IndexScope } from './search-index-build.ts';
import { indexRegistry } from './search-index-registry.ts';
import { words } from './text-index.ts';

export function scopeOf(live: LiveEngine): IndexScope {
  return { accountId: live.client.accountId, engineId: live.client.engineId, generation: live.generation };
}

/** Publishes that may overtake one search before it gives up (each makes the index it waits for moot). */
const OVERTAKEN_MAX = 3;

/**
 * The engine's in-memory index, ready for the query: made if need be (searches wait for it), with
 * its rows' words for a text and the sort column added. When a publish commits while the index is
 * made, the engine is read again and the new publish's index is used, with its configuration.
 */
export async function readyIndex(
  store: Store,
  live: LiveEngine,
  query: Pick<SearchQuery, 'q' | 'sort'>,
): Promise<{ live: LiveEngine; index: EngineIndex }> {
  const registry = indexRegistry(store);
  for (let attempt = 1; ; attempt++) {
    const scope = scopeOf(live);
    const index = await registry.acquire(scope, words(query.q).length > 0);
    if (index) {
      if (query.sort) await registry.addColumn(scope, index, query.sort.column);
      return { live, index };
    }
    if (attempt === OVERTAKEN_MAX)
      throw new ServiceUnavailableError('The search engine is being published. Try again in a moment.');
    live = await liveEngine(store, live.client.id);
  }
}

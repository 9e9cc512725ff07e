import { type LiveKeyword, readLiveKeyword } from '../keyword/runtime/index.ts';
import { type LiveEngine, liveEngineOf } from '../parametric/live-engine.ts';
import { findLiveClient } from '../repositories/parametric/published.ts';
import type { LiveClients } from '../serving/live-clients.ts';
import type { SearchSource } from '../serving/search-source.ts';

/** A live engine of either kind. */
export type LiveSearchClient = { kind: 'pm'; live: LiveEngine } | { kind: 'kw'; live: LiveKeyword };

async function readEither(source: SearchSource, clientId: string): Promise<LiveSearchClient> {
  // One statement tells the kind (and is all a parametric engine or an unknown id costs).
  const found = await findLiveClient(source.store, clientId);
  if (found?.client.type === 'kw') return { kind: 'kw', live: await readLiveKeyword(source, clientId) };
  return { kind: 'pm', live: await liveEngineOf(source, found) };
}

/**
 * The live engine behind a client id, whatever its kind: for the calls both kinds answer (the
 * widget's config, CORS preflights, clicks). Remembered like each kind's own (LiveClients).
 */
export function liveSearchClient(clients: LiveClients, clientId: string): Promise<LiveSearchClient> {
  return clients.cached('any', clientId, readEither);
}

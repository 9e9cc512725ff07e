import type { KeywordExplainQuery, KeywordExplanation } from '@siteseer/core';
import type { Principal } from '../auth/authenticate.ts';
import { InputError, NotFoundError } from '../errors.ts';
import { explainKeyword, type KeywordRuntime, readLiveKeyword } from '../keyword/runtime/index.ts';
import { findClientOfEngine } from '../repositories/clients.ts';
import type { Store } from '../store/types.ts';
import { getEngine } from './engines.ts';

/**
 * A keyword engine's search explained, for a member of its account (anyone else gets the 404 the
 * other engine calls give): its client's search of the published crawl, each result's score taken
 * apart. 404 too while nothing is published.
 */
export async function explainEngineSearch(
  store: Store,
  runtime: KeywordRuntime,
  principal: Principal,
  engineId: string,
  query: KeywordExplainQuery,
): Promise<KeywordExplanation> {
  const engine = await getEngine(store, principal, query.accountId, engineId);
  if (engine.searchEngineType !== 'kw')
    throw new InputError('Only keyword engines rank by score: a parametric engine has nothing to explain.');
  const client = await findClientOfEngine(store, query.accountId, engineId);
  if (!client) throw new NotFoundError('Search engine');
  return explainKeyword(runtime, await readLiveKeyword(runtime, client.id), query);
}

import type { PageUrls } from '@siteseer/core';
import { engineOf, readAccess } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { readPublishedPageUrls } from '../repositories/keyword/page-urls.ts';
import type { Queryable } from '../store/types.ts';

/**
 * `GET searchengines/{id}/page-urls`: crawled page URLs starting with what the user typed, for the
 * keyword wizard's pins and relevance rules. The engine must be one of the caller's account (else
 * the same 404 as a missing one); a parametric engine has no crawled pages, so none.
 */
export async function suggestPageUrls(
  store: Queryable,
  principal: Principal,
  query: { accountId: string; prefix: string; limit: number },
  engineId: string,
): Promise<PageUrls> {
  const engine = await engineOf(store, await readAccess(store, principal, query.accountId), engineId);
  if (engine.searchEngineType !== 'kw') return { urls: [] };
  return {
    urls: await readPublishedPageUrls(
      store,
      { accountId: engine.accountId, engineId: engine.id },
      query.prefix,
      query.limit,
    ),
  };
}

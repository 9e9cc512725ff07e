import { ALL_TAB, KEYWORD_PAGE_SIZE_MAX, KEYWORD_QUERY_MAX } from '@siteseer/core';
import { NotFoundError } from '../../errors.ts';
import type { KeywordRuntime } from '../../keyword/runtime/index.ts';
import { onGeneration, rank, rankingRequest } from '../../keyword/runtime/keyword-search.ts';
import { readLiveKeyword } from '../../keyword/runtime/live-keyword.ts';
import { findClientOfEngine } from '../../repositories/clients.ts';
import type { Store } from '../../store/types.ts';

/**
 * Where the engine's live search ranks the page `urlKey` for `query` (its own title), as a visitor
 * would see it in the All tab (pins, hidden pages, relevance rules applied): 1 for the first result,
 * null past the first KEYWORD_PAGE_SIZE_MAX results, or when nothing is published or searchable.
 * Not recorded in analytics: it is the owner's question, not a visitor's search.
 */
export async function titlePosition(
  store: Store,
  runtime: KeywordRuntime,
  engine: { accountId: string; engineId: string },
  urlKey: string,
  query: string,
): Promise<number | null> {
  const client = await findClientOfEngine(store, engine.accountId, engine.engineId);
  if (!client) return null;
  let first: Awaited<ReturnType<typeof readLiveKeyword>>;
  try {
    first = await readLiveKeyword(runtime, client.id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const q = query.slice(0, KEYWORD_QUERY_MAX);
  const asked = rankingRequest(first, { q, tab: ALL_TAB, page: 1, pageSize: KEYWORD_PAGE_SIZE_MAX });
  if (asked.request.slots.length === 0) return null;
  const keys = await onGeneration(runtime, first, async (live, key) => {
    const ranked = await rank(runtime, live, key, asked.request, asked.page, (at, backendQuery) =>
      runtime.registry.backend.search(at, backendQuery),
    );
    return [...ranked.pinned.map((ref) => ref.key), ...ranked.hits.map((hit) => hit.key)];
  });
  const index = keys.indexOf(urlKey);
  return index < 0 ? null : index + 1;
}

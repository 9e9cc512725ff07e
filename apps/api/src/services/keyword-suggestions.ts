import { type KeywordSuggestions, SUGGESTIONS_MAX } from '@siteseer/core';
import type { AppState } from '../app-state.ts';
import { type LiveKeyword, suggestPages } from '../keyword/runtime/index.ts';
import { BlockList, mergeSuggestions, popularQueryLimit } from '../serving/suggestions/index.ts';

/**
 * A keyword client's suggestions for what is typed: its popular queries (the serving wing's
 * PopularQueries), then its page titles, both without blocked terms. Suggestions are a
 * convenience: popular queries that cannot be read (the store failing) are logged and left out,
 * and the page titles still answer.
 */
export async function suggestFor(
  state: AppState,
  live: LiveKeyword,
  q: string,
  log: (error: unknown, what: string) => void,
): Promise<KeywordSuggestions> {
  const { suggestions } = live.settings;
  const index = await state.popularQueries
    .of({ accountId: live.client.accountId, clientId: live.client.id }, suggestions)
    .catch((error: unknown) => {
      log(error, 'Reading popular queries');
      return undefined;
    });
  const queries = index?.match(q, popularQueryLimit(q)) ?? [];
  const blockList = index?.blockList ?? new BlockList(suggestions.blockedTerms);
  const pages = await suggestPages(state.keyword, live, q, SUGGESTIONS_MAX - queries.length, blockList);
  return mergeSuggestions(queries, pages);
}

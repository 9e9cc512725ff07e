import { z } from 'zod';
import {
  KeywordSearchConfig,
  KeywordSearchQuery,
  KeywordSearchResult,
  KeywordSuggestions,
  KeywordSuggestionsQuery,
  SearchClick,
} from '../../domain/keyword-search.ts';
import { SearchConfig, SearchQuery, SearchResult } from '../../domain/search.ts';
import { defineCall } from '../contract.ts';

/** Path parameters of the public search calls: the client id a customer's site searches with. */
export const SearchClientParams = z.object({ clientId: z.string().min(1).max(100) });

/** What `GET search/{clientId}/config` answers: a parametric or a keyword client's config, by `type`. */
export const PublicSearchConfig = z.discriminatedUnion('type', [SearchConfig, KeywordSearchConfig]);
export type PublicSearchConfig = z.infer<typeof PublicSearchConfig>;

/**
 * The public search runtime, called with a client id and no credentials. Paths are relative to the
 * server root, not to `/api/`: these are not in `apiContracts` (the server registers them with
 * their own CORS and rate limits) and `createPublicSearchClient` sends them.
 */
export const publicSearchContracts = {
  config: defineCall({
    name: 'search.config',
    method: 'GET',
    path: 'search/:clientId/config',
    params: SearchClientParams,
    response: PublicSearchConfig,
  }),
  keyword: defineCall({
    name: 'search.keyword',
    method: 'GET',
    path: 'search/:clientId/keyword',
    params: SearchClientParams,
    query: KeywordSearchQuery,
    response: KeywordSearchResult,
  }),
  suggest: defineCall({
    name: 'search.suggest',
    method: 'GET',
    path: 'search/:clientId/suggest',
    params: SearchClientParams,
    query: KeywordSuggestionsQuery,
    response: KeywordSuggestions,
  }),
  query: defineCall({
    name: 'search.query',
    method: 'POST',
    path: 'search/:clientId/query',
    params: SearchClientParams,
    body: SearchQuery,
    response: SearchResult,
  }),
  /** A result followed (either kind): sent by the widget as a beacon; 204, no body. */
  click: defineCall({
    name: 'search.click',
    method: 'POST',
    path: 'search/:clientId/click',
    params: SearchClientParams,
    body: SearchClick,
    response: z.undefined(),
    emptyStatuses: [204],
  }),
} as const;

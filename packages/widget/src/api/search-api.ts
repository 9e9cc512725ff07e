import type { SearchConfig, SearchQuery, SearchResult } from '@siteseer/core';
import { SearchUnavailableError } from './errors.ts';
import { isSearchConfig, isSearchResult } from './response-shape.ts';

/** The subset of `fetch` the widget uses; tests inject one that answers from fixtures. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The public search runtime of one client: no credentials, CORS. */
export interface SearchApi {
  config(signal?: AbortSignal): Promise<SearchConfig>;
  query(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult>;
  /** `GET {base}/search/{clientId}/download?…`: the current query's results as CSV. */
  downloadUrl(query: SearchQuery): string;
}

export function createSearchApi(apiBase: string, clientId: string, fetchImpl: FetchLike): SearchApi {
  const base = `${apiBase.replace(/\/+$/, '')}/search/${encodeURIComponent(clientId)}`;

  async function call(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      // Visitors are anonymous: cookies of the API's origin must never ride along.
      response = await fetchImpl(`${base}/${path}`, { ...init, credentials: 'omit', mode: 'cors' });
    } catch (error) {
      if (error instanceof TypeError) throw new SearchUnavailableError(`Network error: ${error.message}`);
      throw error; // AbortError and anything unexpected
    }
    if (!response.ok) throw new SearchUnavailableError(`Search service answered ${response.status}`);
    try {
      return await response.json();
    } catch (error) {
      if (error instanceof SyntaxError) throw new SearchUnavailableError('Search service sent invalid JSON');
      throw error;
    }
  }

  return {
    async config(signal) {
      const body = await call('config', { method: 'GET', headers: { accept: 'application/json' }, signal });
      if (!isSearchConfig(body)) throw new SearchUnavailableError('Search service sent an unexpected config');
      return body;
    },
    async query(query, signal) {
      const body = await call('query', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(query),
        signal,
      });
      if (!isSearchResult(body)) throw new SearchUnavailableError('Search service sent an unexpected result');
      return body;
    },
    downloadUrl(query) {
      const params = new URLSearchParams();
      if (query.q !== '') params.set('q', query.q);
      if (Object.keys(query.filters).length > 0) params.set('filters', JSON.stringify(query.filters));
      // One parameter, `column:direction`, as the server's download route reads it.
      if (query.sort) params.set('sort', `${query.sort.column}:${query.sort.direction}`);
      const search = params.toString();
      return search === '' ? `${base}/download` : `${base}/download?${search}`;
    },
  };
}

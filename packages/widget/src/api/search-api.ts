import type {
  KeywordSearchQuery,
  KeywordSearchResult,
  KeywordSuggestions,
  SearchClick,
  SearchQuery,
  SearchResult,
} from '@siteseer/core';
import { SearchUnavailableError } from './errors.ts';
import {
  isKeywordSearchResult,
  isKeywordSuggestions,
  isSearchResult,
  isWidgetConfig,
  type WidgetConfig,
} from './response-shape.ts';

/** The subset of `fetch` the widget uses; tests inject one that answers from fixtures. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A keyword search as the widget sends it; the service's defaults apply when `descriptionSize` or
 * `autoCorrect` (on) is unset.
 */
type KeywordRequest = Omit<KeywordSearchQuery, 'descriptionSize' | 'autoCorrect'> & {
  descriptionSize?: number;
  autoCorrect?: boolean;
};

/** The public search runtime of one client: no credentials, CORS. */
export interface SearchApi {
  config(signal?: AbortSignal): Promise<WidgetConfig>;
  query(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult>;
  /** `GET {base}/search/{clientId}/download?…`: the current query's results as CSV. */
  downloadUrl(query: SearchQuery): string;
  keyword(request: KeywordRequest, signal?: AbortSignal): Promise<KeywordSearchResult>;
  suggest(q: string, signal?: AbortSignal): Promise<KeywordSuggestions>;
  /** Reports a result click; fire and forget, it outlives the page it was sent from. */
  click(click: SearchClick): void;
}

const JSON_GET = { method: 'GET', headers: { accept: 'application/json' } } as const;

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

  /** A GET whose answer must pass `check`; GETs carry no custom header, so no CORS preflight. */
  async function get<T>(
    path: string,
    check: (body: unknown) => body is T,
    what: string,
    signal?: AbortSignal,
  ) {
    const body = await call(path, { ...JSON_GET, signal });
    if (!check(body)) throw new SearchUnavailableError(`Search service sent an unexpected ${what}`);
    return body;
  }

  return {
    config: (signal) => get('config', isWidgetConfig, 'config', signal),
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
    keyword(request, signal) {
      const params = new URLSearchParams({
        q: request.q,
        tab: request.tab,
        page: String(request.page),
        pageSize: String(request.pageSize),
      });
      if (request.descriptionSize !== undefined)
        params.set('descriptionSize', String(request.descriptionSize));
      params.set('rewrite', String(request.rewrite));
      if (request.autoCorrect === false) params.set('autoCorrect', 'false');
      return get(`keyword?${params}`, isKeywordSearchResult, 'result', signal);
    },
    suggest(q, signal) {
      return get(`suggest?${new URLSearchParams({ q })}`, isKeywordSuggestions, 'suggestion list', signal);
    },
    click(click) {
      const url = `${base}/click`;
      const body = JSON.stringify(click);
      // A beacon survives the navigation the click starts; a string body goes as text/plain, which
      // needs no preflight. It is refused when the browser's beacon queue is full.
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
      fetchImpl(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain' },
      }).catch((error: unknown) => {
        // A lost click costs one analytics row, never the visitor's navigation.
        if (!(error instanceof TypeError)) throw error;
      });
    },
  };
}

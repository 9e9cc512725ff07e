import type { z } from 'zod';
import type { KeywordSearchQueryInput } from '../domain/keyword-search.ts';
import type { SearchQuery } from '../domain/search.ts';
import type { CallContract, ResponseOf } from './contract.ts';
import { publicSearchContracts } from './contracts/public-search.ts';
import { NetworkError, ResponseValidationError, SearchNotFoundError, SearchRefusedError } from './errors.ts';
import { type CallOptions, type FetchLike, parsePart, readBody, serverError } from './transport.ts';
import { fillPath, joinUrl, toQueryString } from './url.ts';

export interface PublicSearchClientConfig {
  /** The server root that serves `/search/...`, e.g. `https://siteseer.example` (not its `/api`). */
  readonly baseUrl: string;
  readonly fetch: FetchLike;
}

interface PublicCallInput {
  readonly clientId: string;
  readonly query?: unknown;
  readonly body?: unknown;
}

/**
 * Sends one public search call. Unlike the portal client, it sends no credentials (visitors are
 * anonymous) and answers the data of a 200 or throws: 404 is a `SearchNotFoundError`, another
 * status below 500 a `SearchRefusedError`, 500 and above a `ServerError`.
 */
async function send<C extends CallContract>(
  config: PublicSearchClientConfig,
  contract: C,
  input: PublicCallInput,
  options: CallOptions,
): Promise<ResponseOf<C>> {
  const params = parsePart(contract, 'params', contract.params, { clientId: input.clientId });
  const query = parsePart(contract, 'query', contract.query, input.query);
  const body = parsePart(contract, 'body', contract.body, input.body);
  const url =
    joinUrl(config.baseUrl, fillPath(contract.path, params as Record<string, unknown>)) +
    toQueryString(query as Record<string, unknown> | undefined);
  // GETs carry only safelisted headers, so a browser sends them without a CORS preflight.
  const headers = new Headers({ Accept: 'application/json' });
  const init: RequestInit = { method: contract.method, headers, credentials: 'omit' };
  if (options.signal) init.signal = options.signal;
  if (contract.body) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await config.fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(contract.method, url, error);
  }
  const read = await readBody(res);
  if (res.status === 404) {
    throw new SearchNotFoundError({
      clientId: input.clientId,
      method: contract.method,
      url,
      body: read.data,
    });
  }
  if (res.status >= 500) throw serverError(res, read, contract.method, url);
  if (res.status !== 200) {
    throw new SearchRefusedError({
      status: res.status,
      method: contract.method,
      url,
      body: read.data,
      retryAfter: res.headers.get('retry-after'),
    });
  }
  const parsed = contract.response.safeParse(read.data);
  if (!parsed.success) {
    throw new ResponseValidationError({
      call: contract.name,
      status: res.status,
      url,
      issues: parsed.error.issues,
      body: read.data,
    });
  }
  return parsed.data as ResponseOf<C>;
}

/**
 * Creates the client of the public search runtime (`{server}/search/{clientId}/...`): what a
 * customer's site calls with a client id, for parametric and keyword engines.
 */
export function createPublicSearchClient(config: PublicSearchClientConfig) {
  const c = publicSearchContracts;
  return {
    /** GET search/{clientId}/config: what to render (a parametric or a keyword config, by `type`). */
    config: (clientId: string, options: CallOptions = {}) => send(config, c.config, { clientId }, options),
    /** GET search/{clientId}/keyword?q=&tab=&page=&pageSize=&descriptionSize=&rewrite= */
    keyword: (clientId: string, query: KeywordSearchQueryInput, options: CallOptions = {}) =>
      send(config, c.keyword, { clientId, query }, options),
    /** GET search/{clientId}/suggest?q= */
    suggest: (clientId: string, q: string, options: CallOptions = {}) =>
      send(config, c.suggest, { clientId, query: { q } }, options),
    /** POST search/{clientId}/query: a parametric search (text, filters, sort, page). */
    query: (clientId: string, query: z.input<typeof SearchQuery>, options: CallOptions = {}) =>
      send(config, c.query, { clientId, body: query }, options),
  };
}

export type PublicSearchClient = ReturnType<typeof createPublicSearchClient>;

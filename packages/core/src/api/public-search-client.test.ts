import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RequestValidationError,
  ResponseValidationError,
  SearchNotFoundError,
  SearchRefusedError,
  ServerError,
} from './errors.ts';
import { jsonReply, startTestHttpServer, type TestHttpServer } from './http-server.test-kit.ts';
import { createPublicSearchClient, type PublicSearchClient } from './public-search-client.ts';

const keywordResult = {
  total: 2,
  page: 1,
  pageSize: 10,
  tabs: [
    { name: 'all', icon: 'all', count: 2 },
    { name: 'docs', icon: 'all', count: 1 },
  ],
  hits: [
    { url: 'https://a.test/', title: 'A', snippet: 'x <mark>a</mark>', pinned: true, position: 1 },
    { url: 'https://b.test/', title: 'B', snippet: 'y', pinned: false, position: 2 },
  ],
  took: 3,
  searchId: 's1',
};
const parametricConfig = {
  clientId: 'c1',
  type: 'pm',
  engineName: 'Parts',
  version: 2,
  columns: [{ id: 'name', label: 'Name', type: 'keyword', sortable: true, settings: {} }],
  filters: [],
  settings: {},
};
const problem = (status: number, detail: string) =>
  jsonReply(status, { type: 'about:blank', title: 'Refused', status, detail }, 'application/problem+json');

let server: TestHttpServer;
let client: PublicSearchClient;
const last = () => {
  const request = server.requests.at(-1);
  if (!request) throw new Error('no request was sent');
  return request;
};

beforeAll(async () => {
  server = await startTestHttpServer();
  client = createPublicSearchClient({ baseUrl: server.baseUrl.replace(/\/api$/, '/'), fetch });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

describe('the public search client', () => {
  it('given a keyword search, then it GETs /search/{clientId}/keyword with the parsed query and no credentials', async () => {
    server.answer(() => jsonReply(200, keywordResult));
    const result = await client.keyword('c/1', { q: 'a & b', tab: 'Docs', page: 2 });
    expect(result.hits.map((hit) => hit.position)).toEqual([1, 2]);
    const request = last();
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      '/search/c%2F1/keyword?q=a%20%26%20b&tab=docs&page=2&pageSize=10&descriptionSize=500&rewrite=true&autoCorrect=true',
    );
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['content-type']).toBeUndefined();
  });

  it('given a parametric query, then it POSTs the body with its defaults as JSON', async () => {
    server.answer(() =>
      jsonReply(200, { total: 0, page: 1, pageSize: 5, rows: [], facets: {}, took: 1, searchId: 's1' }),
    );
    await client.query('c1', { q: 'sensor', pageSize: 5 });
    const request = last();
    expect([request.method, request.url, request.headers['content-type']]).toEqual([
      'POST',
      '/search/c1/query',
      'application/json',
    ]);
    expect(JSON.parse(Buffer.from(request.body).toString('utf8'))).toEqual({
      q: 'sensor',
      filters: {},
      page: 1,
      pageSize: 5,
    });
  });

  it('given config answers, then a parametric and a keyword config are told apart by type', async () => {
    server.answer(() => jsonReply(200, parametricConfig));
    expect(await client.config('c1')).toMatchObject({ type: 'pm', version: 2 });
    server.answer(() =>
      jsonReply(200, {
        clientId: 'c2',
        type: 'kw',
        engineName: 'Docs',
        tabs: [{ name: 'all', icon: 'all' }],
      }),
    );
    const config = await client.config('c2');
    expect(config.type === 'kw' && config.tabs.map((tab) => tab.name)).toEqual(['all']);
    expect(last().url).toBe('/search/c2/config');
  });

  it('given a suggest call, then it sends q and validates the suggestions', async () => {
    const suggestions = [
      { kind: 'query', query: 'alpha release' },
      { kind: 'page', title: 'Alpha', url: 'https://a.test/' },
    ];
    server.answer(() => jsonReply(200, { suggestions }));
    expect(await client.suggest('c1', 'alp')).toEqual({ suggestions });
    expect(last().url).toBe('/search/c1/suggest?q=alp');
  });

  it('given a 404, then a SearchNotFoundError names the client and the server reason', async () => {
    server.answer(() => problem(404, 'Search engine not found.'));
    const error = await client.keyword('c9', { q: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchNotFoundError);
    expect(error).toMatchObject({
      clientId: 'c9',
      status: 404,
      message: 'Nothing to search for client c9: Search engine not found.',
    });
  });

  it('given a 429 or a 400, then a SearchRefusedError carries the status, the reason and Retry-After', async () => {
    server.answer(() => ({ ...problem(429, 'Too many search requests.'), headers: { 'retry-after': '7' } }));
    const limited = await client.config('c1').catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(SearchRefusedError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 7 });
    expect((limited as Error).message).toContain('Too many search requests.');

    server.answer(() => problem(400, 'tab: unknown tab'));
    const bad = await client.keyword('c1', { q: 'x' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, retryAfterSeconds: undefined });
  });

  it('given a 500, then a ServerError; given a 200 of the wrong shape, then a ResponseValidationError', async () => {
    server.answer(() => ({ status: 503, body: 'down for maintenance' }));
    const failed = await client.suggest('c1', 'x').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ServerError);
    expect(failed).toMatchObject({ status: 503, errorText: 'down for maintenance' });

    server.answer(() => jsonReply(200, { ...keywordResult, hits: [{ url: 'x' }] }));
    const odd = await client.keyword('c1', { q: 'x' }).catch((e: unknown) => e);
    expect(odd).toBeInstanceOf(ResponseValidationError);
    expect(odd).toMatchObject({ call: 'search.keyword' });
  });

  it('given a query out of bounds, then a RequestValidationError and nothing is sent', async () => {
    const error = await client.keyword('c1', { q: 'x', pageSize: 101 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ call: 'search.keyword', part: 'query' });
    expect(await client.keyword('', { q: 'x' }).catch((e: unknown) => e)).toMatchObject({ part: 'params' });
    expect(server.requests).toHaveLength(0);
  });
});

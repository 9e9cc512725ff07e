import { describe, expect, it } from 'vitest';
import { SearchUnavailableError } from './errors.ts';
import { createSearchApi, type FetchLike } from './search-api.ts';

const query = { q: '', filters: {}, page: 1, pageSize: 20 };

function apiAnswering(answer: FetchLike) {
  return createSearchApi('https://search.example.test/', 'a b', answer);
}

describe('search api', () => {
  it('calls {base}/search/{clientId}/… without credentials, the client id encoded', async () => {
    const calls: [string, RequestInit][] = [];
    const api = apiAnswering(async (input, init) => {
      calls.push([input, init]);
      return Response.json({ total: 0, page: 1, pageSize: 20, rows: [], facets: {}, took: 1 });
    });
    await api.query(query);
    const [url, init] = calls[0] ?? [];
    expect(url).toBe('https://search.example.test/search/a%20b/query');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', mode: 'cors' });
    expect(JSON.parse(String(init?.body))).toEqual(query);
  });

  it.each([
    ['a status >= 400', async () => new Response('{}', { status: 404 }), 'Search service answered 404'],
    ['invalid JSON', async () => new Response('<html>'), 'Search service sent invalid JSON'],
    ['another shape', async () => Response.json({ rows: 'no' }), 'Search service sent an unexpected config'],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'Network error: Failed to fetch',
    ],
  ])('turns %s into SearchUnavailableError', async (_, answer, message) => {
    const failure = apiAnswering(answer as FetchLike).config();
    await expect(failure).rejects.toThrow(SearchUnavailableError);
    await expect(failure).rejects.toThrow(message);
  });

  it('lets an abort through as an AbortError', async () => {
    const api = apiAnswering(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.query(query)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('builds the download URL from the query, leaving out what is unset', () => {
    const api = apiAnswering(async () => new Response());
    expect(api.downloadUrl(query)).toBe('https://search.example.test/search/a%20b/download');
    const url = new URL(
      api.downloadUrl({
        ...query,
        q: 'red & blue',
        page: 4,
        filters: { price: { min: 1 } },
        sort: { column: 'price', direction: 'desc' },
      }),
    );
    expect([...url.searchParams]).toEqual([
      ['q', 'red & blue'],
      ['filters', '{"price":{"min":1}}'],
      ['sort', 'price:desc'],
    ]);
  });
});

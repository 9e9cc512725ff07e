import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchUnavailableError } from './errors.ts';
import { createSearchApi, type FetchLike } from './search-api.ts';

const query = { q: '', filters: {}, page: 1, pageSize: 20 };

function apiAnswering(answer: FetchLike) {
  return createSearchApi('https://search.example.test/', 'a b', answer);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search api', () => {
  it('calls {base}/search/{clientId}/… without credentials, the client id encoded', async () => {
    const calls: [string, RequestInit][] = [];
    const api = apiAnswering(async (input, init) => {
      calls.push([input, init]);
      return Response.json({
        total: 0,
        page: 1,
        pageSize: 20,
        rows: [],
        facets: {},
        took: 1,
        searchId: 's1',
      });
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

  it('asks for keyword results and suggestions with GETs that need no preflight', async () => {
    const calls: [string, RequestInit][] = [];
    const api = apiAnswering(async (input, init) => {
      calls.push([input, init]);
      if (input.includes('/suggest?')) return Response.json({ suggestions: [] });
      return Response.json({ total: 0, page: 1, pageSize: 10, tabs: [], hits: [], took: 1, searchId: 's1' });
    });
    await api.keyword({ q: 'a&b c', tab: 'docs', page: 2, pageSize: 10, rewrite: false });
    await api.keyword({ q: 'x', tab: 'all', page: 1, pageSize: 20, descriptionSize: 300, rewrite: true });
    await api.suggest('wid');
    expect(calls.map(([url]) => url)).toEqual([
      'https://search.example.test/search/a%20b/keyword?q=a%26b+c&tab=docs&page=2&pageSize=10&rewrite=false',
      'https://search.example.test/search/a%20b/keyword?q=x&tab=all&page=1&pageSize=20&descriptionSize=300&rewrite=true',
      'https://search.example.test/search/a%20b/suggest?q=wid',
    ]);
    for (const [, init] of calls) {
      expect(init).toMatchObject({ method: 'GET', credentials: 'omit', mode: 'cors' });
      expect(Object.keys(init.headers ?? {})).toEqual(['accept']); // a CORS-safelisted header only
    }
  });

  it('refuses a parametric answer without the search id its click beacons name', async () => {
    const api = apiAnswering(async () =>
      Response.json({ total: 0, page: 1, pageSize: 20, rows: [], facets: {}, took: 1 }),
    );
    await expect(api.query(query)).rejects.toThrow('Search service sent an unexpected result');
  });

  it('refuses a keyword answer of another shape', async () => {
    const api = apiAnswering(async () => Response.json({ total: 1, page: 1, hits: [{ url: 1 }] }));
    await expect(api.keyword({ q: 'x', tab: 'all', page: 1, pageSize: 10, rewrite: false })).rejects.toThrow(
      'Search service sent an unexpected result',
    );
    await expect(api.suggest('x')).rejects.toThrow('Search service sent an unexpected suggestion list');
  });

  it('sends a click as a text/plain beacon, else as a keepalive fetch without credentials', async () => {
    const beacons: [string, unknown][] = [];
    const beacon = vi.spyOn(navigator, 'sendBeacon').mockImplementation((url, data) => {
      beacons.push([String(url), data]);
      return beacons.length === 1; // the second is refused, as with a full queue
    });
    const fetched: [string, RequestInit][] = [];
    const api = apiAnswering(async (input, init) => {
      fetched.push([input, init]);
      return new Response(null, { status: 204 });
    });
    const click = { searchId: 's1', url: 'https://site.example.test/a', position: 3 };
    api.click(click);
    expect(beacons).toEqual([['https://search.example.test/search/a%20b/click', JSON.stringify(click)]]);
    expect(fetched).toEqual([]);

    api.click(click);
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(fetched).toEqual([
      [
        'https://search.example.test/search/a%20b/click',
        {
          method: 'POST',
          body: JSON.stringify(click),
          keepalive: true,
          credentials: 'omit',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
        },
      ],
    ]);
  });
});

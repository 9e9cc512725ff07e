import {
  KeywordSearchConfig,
  KeywordSearchResult,
  KeywordSuggestions,
  SearchConfig,
  SearchQuery,
  SearchResult,
} from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CLIENT_ID } from './sample-data.ts';
import { keywordAnswer, parametricAnswer, sampleFetch } from './sample-search.ts';

const BASE = `http://portal.test/search/${SAMPLE_CLIENT_ID}`;

async function call(kind: 'parametric' | 'keyword', path: string, body?: unknown) {
  const init: RequestInit =
    body === undefined ? { method: 'GET' } : { method: 'POST', body: JSON.stringify(body) };
  const response = await sampleFetch(kind)(`${BASE}/${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

const query = (change: Partial<SearchQuery> = {}) => SearchQuery.parse({ pageSize: 5, ...change });

describe('the sample parametric engine', () => {
  it("answers the widget's calls with what the service's contracts allow", async () => {
    expect(SearchConfig.parse((await call('parametric', 'config')).body).engineName).toBe('Sensor catalogue');
    const first = SearchResult.parse((await call('parametric', 'query', query())).body);
    expect({ total: first.total, rows: first.rows.length }).toEqual({ total: 12, rows: 5 });
    expect((await call('parametric', 'download')).status).toBe(404);
  });

  it('finds rows with every word, filters them, and counts each facet under the other filters', () => {
    const result = parametricAnswer(
      query({ q: 'sensor', filters: { kind: { values: ['Proximity', 'Distance'] }, price: { max: 100 } } }),
    );
    expect(result.rows.map((row) => row.part)).toEqual([
      'Inductive proximity sensor M8',
      'Inductive proximity sensor M12',
      'Inductive proximity sensor M18',
    ]);
    // Kind counts ignore the kind filter itself, so other kinds stay choosable.
    expect(result.facets.kind).toEqual(
      expect.objectContaining({ values: expect.arrayContaining([{ value: 'Photoelectric', count: 3 }]) }),
    );
    // The price bounds ignore the price filter's own bounds, as the service's do.
    expect(result.facets.price).toEqual({ kind: 'range', min: 24.5, max: 349 });
  });

  it('sorts, puts blank cells last, and keeps the page within the results', () => {
    const sorted = parametricAnswer(query({ sort: { column: 'range', direction: 'desc' }, pageSize: 12 }));
    expect(sorted.rows.map((row) => row.range)).toEqual([
      10000,
      5000,
      3000,
      800,
      30,
      15,
      8,
      5,
      4,
      2,
      null,
      null,
    ]);
    expect(parametricAnswer(query({ page: 9 })).page).toBe(3);
  });
});

describe('the sample keyword engine', () => {
  it("answers the widget's calls with what the service's contracts allow", async () => {
    expect(KeywordSearchConfig.parse((await call('keyword', 'config')).body).tabs[0]?.name).toBe('all');
    KeywordSearchResult.parse(
      (await call('keyword', 'keyword?q=sensor&tab=all&page=1&pageSize=4&rewrite=false')).body,
    );
    const suggestions = KeywordSuggestions.parse((await call('keyword', 'suggest?q=sens')).body);
    expect(suggestions.suggestions.map((s) => (s.kind === 'page' ? s.title : s.query))).toContain(
      'Installing a sensor',
    );
    expect((await call('keyword', 'click', {})).status).toBe(404);
  });

  it('pins its featured page first, counts every tab and marks the words in escaped snippets', () => {
    const result = keywordAnswer(new URLSearchParams({ q: 'sensor', tab: 'all', page: '1', pageSize: '4' }));
    expect(result.hits[0]).toEqual(
      expect.objectContaining({ title: 'Installing a sensor', pinned: true, position: 1 }),
    );
    expect(result.tabs.map((tab) => [tab.name, tab.count])).toEqual([
      ['all', result.total],
      ['docs', 4],
      ['blog', 4],
    ]);
    expect(result.hits[1]?.snippet).toMatch(/<mark>sensor<\/mark>/i);
    const blog = keywordAnswer(new URLSearchParams({ q: 'sensor', tab: 'blog', page: '2', pageSize: '3' }));
    expect({ total: blog.total, page: blog.page, positions: blog.hits.map((h) => h.position) }).toEqual({
      total: 4,
      page: 2,
      positions: [4],
    });
  });
});

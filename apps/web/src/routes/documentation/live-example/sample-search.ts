import type {
  CellValue,
  Facet,
  KeywordSearchResult,
  KeywordSuggestions,
  Row,
  SearchQuery,
  SearchResult,
} from '@siteseer/core';
import {
  SAMPLE_KEYWORD_CONFIG,
  SAMPLE_PAGES,
  SAMPLE_PARAMETRIC_CONFIG,
  SAMPLE_PINS,
  SAMPLE_ROWS,
  type SamplePage,
} from './sample-data.ts';
import type { WidgetFetch } from './widget-script.ts';

/*
 * The search service of the live examples, answering the widget's calls in the page (the widget's
 * `fetch` option) from the sample engines, with the real service's semantics in small: every word
 * must match, facets count under the other filters, tabs count per folder, pins come first, and
 * snippets are escaped text with the query's words in <mark>.
 */

export type SampleKind = 'parametric' | 'keyword';

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

const matchesAll = (text: string, q: string) => {
  const haystack = text.toLowerCase();
  return words(q).every((word) => haystack.includes(word));
};

const rowText = (row: Row) =>
  Object.values(row)
    .map((value) => String(value ?? ''))
    .join(' ');

/** Whether a row passes one filter's selection. */
function passes(row: Row, id: string, selection: SearchQuery['filters'][string]): boolean {
  const value = row[id];
  if ('values' in selection) return selection.values.includes(value === null ? '' : String(value));
  if (typeof value !== 'number') return selection.min === undefined && selection.max === undefined;
  return (
    (selection.min === undefined || value >= selection.min) &&
    (selection.max === undefined || value <= selection.max)
  );
}

function facetOf(kind: 'list' | 'range', id: string, rows: readonly Row[]): Facet {
  if (kind === 'range') {
    const numbers = rows.map((row) => row[id]).filter((value): value is number => typeof value === 'number');
    return {
      kind,
      min: numbers.length ? Math.min(...numbers) : null,
      max: numbers.length ? Math.max(...numbers) : null,
    };
  }
  const counts = new Map<CellValue, number>();
  for (const row of rows) counts.set(row[id] ?? null, (counts.get(row[id] ?? null) ?? 0) + 1);
  return { kind, values: [...counts].map(([value, count]) => ({ value, count })) };
}

/** Sort order of two cells; blank cells go last in both directions, as the service sorts them. */
function compare(a: CellValue | undefined, b: CellValue | undefined, direction: 'asc' | 'desc'): number {
  const blankA = a === null || a === undefined;
  const blankB = b === null || b === undefined;
  if (blankA || blankB) return Number(blankA) - Number(blankB);
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return direction === 'desc' ? -order : order;
}

/** The sample catalogue's answer to a parametric query. */
export function parametricAnswer(query: SearchQuery): SearchResult {
  const matching = SAMPLE_ROWS.filter((row) => matchesAll(rowText(row), query.q));
  const filtered = (except?: string) =>
    matching.filter((row) =>
      Object.entries(query.filters).every(([id, selection]) => id === except || passes(row, id, selection)),
    );
  const rows = [...filtered()];
  const { sort } = query;
  if (sort) rows.sort((a, b) => compare(a[sort.column], b[sort.column], sort.direction));
  const pages = Math.max(1, Math.ceil(rows.length / query.pageSize));
  const page = Math.min(query.page, pages);
  const facets = Object.fromEntries(
    SAMPLE_PARAMETRIC_CONFIG.filters.map((filter) => [
      filter.id,
      facetOf(filter.kind, filter.id, filtered(filter.id)),
    ]),
  );
  return {
    total: rows.length,
    page,
    pageSize: query.pageSize,
    rows: rows.slice((page - 1) * query.pageSize, page * query.pageSize),
    facets,
    took: 1,
    searchId: `sample-${Date.now()}`,
  };
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The body, escaped, with each query word marked where a word starts with it (as the service does). */
function snippet(body: string, q: string, size: number): string {
  let html = escapeHtml(body.slice(0, size));
  for (const word of words(q)) {
    const pattern = new RegExp(`\\b(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi');
    html = html.replace(pattern, '<mark>$1</mark>');
  }
  return html;
}

const tabOf = (page: SamplePage) => new URL(page.url).pathname.split('/')[1] ?? '';

/** The sample site's answer to a keyword search (the widget's query string). */
export function keywordAnswer(params: URLSearchParams): KeywordSearchResult {
  const q = params.get('q') ?? '';
  const tab = params.get('tab') ?? 'all';
  const pageSize = Number(params.get('pageSize') ?? 10);
  const size = Number(params.get('descriptionSize') ?? 500);
  const pinned = SAMPLE_PINS[q.trim().toLowerCase()];
  const found = SAMPLE_PAGES.filter((p) => p.url === pinned || matchesAll(`${p.title} ${p.body}`, q)).sort(
    (a, b) => Number(b.url === pinned) - Number(a.url === pinned),
  );
  const inTab = (name: string) => found.filter((p) => name === 'all' || tabOf(p) === name);
  const hits = inTab(tab);
  const pages = Math.max(1, Math.ceil(hits.length / pageSize));
  const page = Math.min(Math.max(1, Number(params.get('page') ?? 1)), pages);
  const start = (page - 1) * pageSize;
  return {
    total: hits.length,
    page,
    pageSize,
    tabs: SAMPLE_KEYWORD_CONFIG.tabs.map(({ name, icon }) => ({ name, icon, count: inTab(name).length })),
    hits: hits.slice(start, start + pageSize).map((hit, index) => ({
      url: hit.url,
      title: hit.title,
      snippet: snippet(hit.body, q, size),
      pinned: hit.url === pinned,
      position: start + index + 1,
      type: 'html' as const,
    })),
    took: 1,
    searchId: `sample-${Date.now()}`,
  };
}

/** Titles of the sample pages containing every word typed (at most 8, as the service sends). */
function suggestionsFor(q: string): KeywordSuggestions {
  if (q.trim() === '') return { suggestions: [] };
  return {
    suggestions: SAMPLE_PAGES.filter((p) => matchesAll(p.title, q))
      .slice(0, 8)
      .map(({ title, url }) => ({ kind: 'page' as const, title, url })),
  };
}

/**
 * A `fetch` for the widget that answers its calls from the sample engine of `kind`. Requests it
 * does not know answer 404, as the service does.
 */
export function sampleFetch(kind: SampleKind): WidgetFetch {
  return async (input, init) => {
    init.signal?.throwIfAborted();
    const url = new URL(input);
    const call = url.pathname.split('/').at(-1);
    if (call === 'config') {
      return Response.json(kind === 'parametric' ? SAMPLE_PARAMETRIC_CONFIG : SAMPLE_KEYWORD_CONFIG);
    }
    if (kind === 'parametric' && call === 'query' && typeof init.body === 'string') {
      return Response.json(parametricAnswer(JSON.parse(init.body) as SearchQuery));
    }
    if (kind === 'keyword' && call === 'keyword') return Response.json(keywordAnswer(url.searchParams));
    if (kind === 'keyword' && call === 'suggest') {
      return Response.json(suggestionsFor(url.searchParams.get('q') ?? ''));
    }
    return Response.json({ title: 'Not Found', status: 404 }, { status: 404 });
  };
}

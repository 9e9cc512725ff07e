import type {
  CellValue,
  FilterSelection,
  Row,
  SearchClick,
  SearchConfig,
  SearchQuery,
  SearchResult,
} from '@siteseer/core';
import type { FetchLike } from '../api/search-api.ts';
import { API_BASE, CLIENT_ID } from './fixtures.ts';

/*
 * A stand-in for the search runtime: answers the widget's calls from fixture rows with the same
 * semantics as the server (any-of list filters, inclusive ranges, facets without the filter's own
 * selection, sort, paging), and records every request and click.
 */

function matches(value: CellValue | undefined, selection: FilterSelection): boolean {
  if ('values' in selection)
    return selection.values.includes(value === null || value === undefined ? '' : String(value));
  const n = rangeNumber(value);
  if (n === null) return false;
  return (
    (selection.min === undefined || n >= selection.min) && (selection.max === undefined || n <= selection.max)
  );
}

/** A value as a range reads it: a number, or an ISO date as milliseconds since 1970 UTC. */
function rangeNumber(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return Date.parse(value);
  return null;
}

/** Twenty equal-width buckets from the lowest to the highest number (the server's rule, simplified). */
function histogram(numbers: readonly number[], min: number, max: number): number[] {
  const bars = new Array<number>(min === max ? 1 : 20).fill(0);
  for (const n of numbers) {
    const at = min === max ? 0 : Math.min(19, Math.floor((n - min) / ((max - min) / 20)));
    bars[at] = (bars[at] ?? 0) + 1;
  }
  return bars;
}

function select(rows: Row[], query: SearchQuery, except?: string): Row[] {
  const q = query.q.toLowerCase();
  return rows.filter(
    (row) =>
      (q === '' || Object.values(row).some((v) => typeof v === 'string' && v.toLowerCase().includes(q))) &&
      Object.entries(query.filters).every(([id, selection]) => id === except || matches(row[id], selection)),
  );
}

function answer(config: SearchConfig, rows: Row[], query: SearchQuery): SearchResult {
  let hits = select(rows, query);
  if (query.sort) {
    const { column, direction } = query.sort;
    const sign = direction === 'asc' ? 1 : -1;
    hits = [...hits].sort((a, b) => (String(a[column]) < String(b[column]) ? -sign : sign));
    if (hits.every((row) => typeof row[column] === 'number')) {
      hits.sort((a, b) => ((a[column] as number) - (b[column] as number)) * sign);
    }
  }
  const facets: SearchResult['facets'] = {};
  for (const filter of config.filters) {
    const pool = select(rows, query, filter.id).map((row) => row[filter.id] ?? null);
    if (filter.kind === 'range') {
      const numbers = pool.map(rangeNumber).filter((v): v is number => v !== null);
      const min = numbers.length ? numbers.reduce((a, b) => Math.min(a, b)) : null;
      const max = numbers.length ? numbers.reduce((a, b) => Math.max(a, b)) : null;
      facets[filter.id] = {
        kind: 'range',
        min,
        max,
        histogram: min === null || max === null ? [] : histogram(numbers, min, max),
      };
    } else {
      const counts = new Map<CellValue, number>();
      for (const value of pool) counts.set(value, (counts.get(value) ?? 0) + 1);
      facets[filter.id] = { kind: 'list', values: [...counts].map(([value, count]) => ({ value, count })) };
    }
  }
  const start = (query.page - 1) * query.pageSize;
  return {
    total: hits.length,
    page: query.page,
    pageSize: query.pageSize,
    rows: hits.slice(start, start + query.pageSize),
    facets,
    took: 3,
    searchId: `search-${query.q}-${query.page}`,
  };
}

export interface FakeService {
  fetch: FetchLike;
  /** Bodies of the query calls, oldest first. */
  queries: SearchQuery[];
  /** Signals of the query calls, to check that stale requests were aborted. */
  signals: (AbortSignal | undefined)[];
  /** Clicks that arrived, by beacon or by fetch. */
  clicks: SearchClick[];
  /** Stands in for navigator.sendBeacon: records a click. */
  beacon(url: string, data?: BodyInit | null): boolean;
  last(): SearchQuery;
}

export interface FakeServiceOptions {
  config: SearchConfig;
  rows: Row[];
  /** Status of the query calls (e.g. 500 for an outage); 200 by default. */
  status?: number;
  /** Holds a query's answer until the returned promise settles. */
  hold?: (query: SearchQuery) => Promise<void> | undefined;
}

export function fakeSearchService(options: FakeServiceOptions): FakeService {
  const base = `${API_BASE}/search/${CLIENT_ID}`;
  const record = (url: string, body: string) => {
    if (url !== `${base}/click`) throw new Error(`click sent to ${url}`);
    service.clicks.push(JSON.parse(body) as SearchClick);
  };
  const service: FakeService = {
    queries: [],
    signals: [],
    clicks: [],
    beacon(url, data) {
      if (typeof data !== 'string') throw new Error('the beacon must carry a string (text/plain)');
      record(url, data);
      return true;
    },
    last: () => {
      const query = service.queries.at(-1);
      if (!query) throw new Error('no query was sent');
      return query;
    },
    fetch: async (input, init) => {
      if (init.credentials !== 'omit') throw new Error('the widget must not send credentials');
      if (input === `${base}/click` && init.method === 'POST') {
        if (!init.keepalive) throw new Error('a click sent by fetch must be keepalive');
        record(input, String(init.body));
        return new Response(null, { status: 204 });
      }
      if (input === `${base}/config` && init.method === 'GET') return Response.json(options.config);
      if (input === `${base}/query` && init.method === 'POST') {
        if (options.status && options.status !== 200) return new Response('{}', { status: options.status });
        const query = JSON.parse(String(init.body)) as SearchQuery;
        service.queries.push(query);
        service.signals.push(init.signal ?? undefined);
        await options.hold?.(query);
        if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        return Response.json(answer(options.config, options.rows, query));
      }
      return new Response('not found', { status: 404 });
    },
  };
  return service;
}

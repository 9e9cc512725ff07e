import {
  decodeLabel,
  type ParametricConfiguration,
  type Row,
  type SearchConfig,
  type SearchQuery,
  type SearchResult,
} from '@siteseer/core';
import { InputError, NotFoundError } from '../errors.ts';
import type { Store } from '../store/types.ts';
import { toCsv } from './csv-export.ts';
import { indexedSearch } from './indexed-search.ts';
import type { LiveEngine } from './live-engine.ts';

export { forgetLiveEngines, type LiveEngine, liveEngine } from './live-engine.ts';

import { storeCache } from './search-cache.ts';
import { queryWords, SearchSql } from './search-sql.ts';
import { type SearchStats, sqlStats } from './search-stats.ts';

function enabledColumns(configuration: ParametricConfiguration) {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled)
    .sort((a, b) => a.position - b.position);
}

/** The filters a visitor may use: of enabled, filterable columns, in position order. */
export function activeFilters(configuration: ParametricConfiguration) {
  return Object.values(configuration.filters)
    .filter((f) => {
      const column = configuration.columns[f.id];
      return column?.enabled && column.supports.filtering;
    })
    .sort((a, b) => a.position - b.position);
}

export function searchConfig(live: LiveEngine): SearchConfig {
  const { configuration } = live;
  return {
    clientId: live.client.id,
    type: 'pm',
    engineName: live.engineName,
    version: live.version,
    columns: enabledColumns(configuration).map((c) => ({
      id: c.id,
      label: decodeLabel(c.label),
      type: c.type,
      sortable: c.supports.sorting,
      settings: c.settings,
    })),
    filters: activeFilters(configuration).map((f) => ({
      id: f.id,
      label: decodeLabel(f.label),
      kind: f.supports.rangeFilter ? 'range' : 'list',
    })),
    settings: configuration.settings,
  };
}

function orderBy(sql: SearchSql, live: LiveEngine, sort: SearchQuery['sort']): string {
  if (!sort) return 'row_no';
  const column = live.configuration.columns[sort.column];
  if (!column?.enabled || !column.supports.sorting)
    throw new InputError(`Column ${sort.column} cannot be sorted.`);
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
  return `data -> ${sql.param(sort.column)} ${direction} NULLS LAST, row_no`;
}

function visibleRow(data: Row, columns: readonly { id: string }[]): Row {
  return Object.fromEntries(columns.map((c) => [c.id, data[c.id] ?? null]));
}

/** The statement parameters and WHERE clause for a query's text and filters. */
function filtered(live: LiveEngine, query: SearchQuery): { sql: SearchSql; where: string } {
  const allowed = new Set(activeFilters(live.configuration).map((f) => f.id));
  const sql = new SearchSql(live.client.accountId, live.client.engineId).text(query.q);
  return { sql, where: sql.where(query, allowed) };
}

/**
 * Results are cached under the engine's publish generation: rows never change within one, so an
 * entry is exact for as long as it can be found, and a publish makes new keys (never stale facets).
 * Browsing (no text) repeats the same few selections, which these keep from being recounted.
 */
const STATS_MAX = 5000;
const PAGES_MAX = 2000;

/** What decides the total and the facets: the text's words and the selections of active filters. */
function statsKey(live: LiveEngine, query: SearchQuery): string {
  const allowed = new Set(activeFilters(live.configuration).map((f) => f.id));
  const words = queryWords(query.q);
  const filters = Object.entries(query.filters)
    .filter(([id]) => allowed.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${live.client.engineId}:${live.generation}:${JSON.stringify([words, filters])}`;
}

/** The page in SQL: what answers while the engine's index is being built (and what it is tested against). */
export async function sqlPage(store: Store, live: LiveEngine, query: SearchQuery): Promise<Row[]> {
  const { sql, where } = filtered(live, query);
  const order = orderBy(sql, live, query.sort);
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await store.query<{ data: Row }>(
    `SELECT data FROM parametric_rows WHERE ${where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
    sql.params,
  );
  return rows.map((r) => r.data);
}

/**
 * One page of results with the total and the facets of every filter under the current selection:
 * from the caches, else from the engine's in-memory index, else in SQL (all three agree).
 */
export async function runSearch(store: Store, live: LiveEngine, query: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  // Checked first, so a sort on a column that cannot sort is refused whatever answers.
  orderBy(new SearchSql(live.client.accountId, live.client.engineId), live, query.sort);
  const filters = activeFilters(live.configuration);
  const columns = enabledColumns(live.configuration);
  const { allowEmptyFilterValues } = live.configuration.settings;
  const statsCache = storeCache<SearchStats>(store, 'stats', STATS_MAX);
  const pages = storeCache<Row[]>(store, 'pages', PAGES_MAX);
  const key = statsKey(live, query);
  const pageKey = `${key}:${JSON.stringify([query.sort ?? null, query.page, query.pageSize])}`;
  let stats = statsCache.get(key);
  let rows = pages.get(pageKey);
  if (!stats || !rows) {
    const { accountId, engineId } = live.client;
    const indexed = await indexedSearch(
      store,
      {
        accountId,
        engineId,
        generation: live.generation,
        filters,
        allowEmptyFilterValues,
      },
      query,
      queryWords(query.q),
      stats === undefined,
    );
    let data: Row[] | undefined;
    if (indexed.kind === 'answer') {
      stats ??= indexed.stats;
      data = indexed.rowData;
    }
    try {
      [data, stats] = await Promise.all([
        rows || data ? data : sqlPage(store, live, query),
        stats ?? sqlStats(store, { accountId, engineId, filters, allowEmptyFilterValues, query }),
      ]);
    } finally {
      if (indexed.kind === 'sql') indexed.release();
    }
    rows ??= (data ?? []).map((r) => visibleRow(r, columns));
    pages.set(pageKey, rows);
    statsCache.set(key, stats);
  }
  return {
    total: stats.total,
    page: query.page,
    pageSize: query.pageSize,
    rows,
    facets: stats.facets,
    took: Math.round((performance.now() - started) * 10) / 10,
  };
}

const DOWNLOAD_ROWS_MAX = 100_000;

/** Every matching row as CSV (the widget's download link, when the engine allows downloads). */
export async function downloadResults(store: Store, live: LiveEngine, query: SearchQuery): Promise<string> {
  if (!live.configuration.settings.allowDownload) throw new NotFoundError('Download');
  const { sql, where } = filtered(live, query);
  const order = orderBy(sql, live, query.sort);
  const { rows } = await store.query<{ data: Row }>(
    `SELECT data FROM parametric_rows WHERE ${where} ORDER BY ${order} LIMIT ${DOWNLOAD_ROWS_MAX}`,
    sql.params,
  );
  const columns = enabledColumns(live.configuration);
  return toCsv(
    columns.map((c) => decodeLabel(c.label)),
    rows.map((r) => columns.map((c) => r.data[c.id] ?? null)),
  );
}

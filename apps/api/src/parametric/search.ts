import {
  DOWNLOAD_ROWS_MAX,
  decodeLabel,
  type ParametricConfiguration,
  type Row,
  type SearchConfig,
  type SearchQuery,
  type SearchResult,
} from '@siteseer/core';
import { InputError, NotFoundError } from '../errors.ts';
import { toCsv } from './csv-export.ts';
import { readyIndex } from './indexed-search.ts';
import type { LiveEngine } from './live-engine.ts';
import type { ParametricRuntime } from './parametric-runtime.ts';
import type { IndexAnswer } from './search-index.ts';
import type { SearchStats } from './search-stats.ts';
import { activeFilters } from './searched-columns.ts';
import { words } from './text-index.ts';

export { type LiveEngine, liveEngine } from './live-engine.ts';

function enabledColumns(configuration: ParametricConfiguration) {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled)
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

/**
 * The query's selections of the engine's active filters. Others are left out, not refused: a page
 * kept from before a publish that removed a filter still searches. Nor are they recorded, so a
 * made-up id never shows in the engine's filter analytics.
 */
export function activeSelections(live: LiveEngine, filters: SearchQuery['filters']): SearchQuery['filters'] {
  const active = new Set(activeFilters(live.configuration).map((filter) => filter.id));
  const ids = Object.keys(filters);
  if (ids.every((id) => active.has(id))) return filters;
  return Object.fromEntries(Object.entries(filters).filter(([id]) => active.has(id)));
}

/** The query's sort, refused when its column cannot be sorted. */
function checkedSort(live: LiveEngine, sort: SearchQuery['sort']): SearchQuery['sort'] {
  if (!sort) return undefined;
  const column = live.configuration.columns[sort.column];
  if (!column?.enabled || !column.supports.sorting)
    throw new InputError(`Column ${sort.column} cannot be sorted.`);
  return sort;
}

/**
 * The columns a result row carries: the enabled ones, and the columns enabled hyperlink columns
 * take their URL from (`targetColumnId`), even when those are not shown: the widget needs their
 * value for the link, and they are in its `href` anyway. No other hidden column leaves the server.
 */
function rowColumns(configuration: ParametricConfiguration): string[] {
  const enabled = enabledColumns(configuration);
  const targets = enabled.flatMap((c) =>
    c.type === 'hyperlink' && c.settings.targetColumnId && configuration.columns[c.settings.targetColumnId]
      ? [c.settings.targetColumnId]
      : [],
  );
  return [...new Set([...enabled.map((c) => c.id), ...targets])];
}

function visibleRow(data: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((id) => [id, data[id] ?? null]));
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
  const filters = Object.entries(query.filters)
    .filter(([id]) => allowed.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${live.client.engineId}:${live.generation}:${JSON.stringify([words(query.q), filters])}`;
}

function pageKey(live: LiveEngine, query: SearchQuery): string {
  return `${statsKey(live, query)}:${JSON.stringify([query.sort ?? null, query.page, query.pageSize])}`;
}

/** The index's answer to a query: its page of rows, its total, and its facets unless `facets` is false. */
async function indexAnswer(
  runtime: ParametricRuntime,
  live: LiveEngine,
  query: SearchQuery,
  page: { offset: number; limit: number; facets: boolean },
): Promise<{ live: LiveEngine; answer: IndexAnswer }> {
  const sort = checkedSort(live, query.sort);
  const ready = await readyIndex(runtime, live, query);
  const answer = ready.index.search(
    { prefixes: words(query.q), filters: query.filters, sort, ...page },
    activeFilters(ready.live.configuration),
    ready.live.configuration.settings.allowEmptyFilterValues,
  );
  return { live: ready.live, answer };
}

/** The answer of a search, but for its id, which the route gets from the recorder. */
export type ParametricAnswer = Omit<SearchResult, 'searchId'>;

/**
 * One page of results with the total and the facets of every filter under the current selection,
 * from the caches, else from the engine's in-memory index.
 */
export async function runSearch(
  runtime: ParametricRuntime,
  live: LiveEngine,
  query: SearchQuery,
): Promise<ParametricAnswer> {
  const started = performance.now();
  const statsCache = runtime.caches.cache<SearchStats>('stats', STATS_MAX);
  const pages = runtime.caches.cache<Row[]>('pages', PAGES_MAX);
  let stats = statsCache.get(statsKey(live, query));
  let rows = pages.get(pageKey(live, query));
  if (!stats || !rows) {
    const found = await indexAnswer(runtime, live, query, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
      facets: stats === undefined,
    });
    // A publish overtook `live` while its index was made: the search is the new publish's.
    if (found.live !== live) return runSearch(runtime, found.live, query);
    stats ??= { total: found.answer.total, facets: found.answer.facets };
    const columns = rowColumns(live.configuration);
    rows = found.answer.rows.map((r) => visibleRow(r, columns));
    pages.set(pageKey(live, query), rows);
    statsCache.set(statsKey(live, query), stats);
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

/** Every matching row as CSV (the widget's download link, when the engine allows downloads). */
export async function downloadResults(
  runtime: ParametricRuntime,
  live: LiveEngine,
  query: SearchQuery,
): Promise<string> {
  if (!live.configuration.settings.allowDownload) throw new NotFoundError('Download');
  const found = await indexAnswer(runtime, live, query, {
    offset: 0,
    limit: DOWNLOAD_ROWS_MAX,
    facets: false,
  });
  const columns = enabledColumns(found.live.configuration);
  return toCsv(
    columns.map((c) => decodeLabel(c.label)),
    found.answer.rows.map((row) => columns.map((c) => row[c.id] ?? null)),
  );
}

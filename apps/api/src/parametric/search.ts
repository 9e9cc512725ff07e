import {
  type Client,
  decodeLabel,
  type Facet,
  type ParametricConfiguration,
  type Row,
  type SearchConfig,
  type SearchQuery,
  type SearchResult,
} from '@siteseer/core';
import { InputError, NotFoundError } from '../errors.ts';
import { findClient } from '../repositories/clients.ts';
import { findEngine } from '../repositories/engines.ts';
import { findPublished } from '../repositories/parametric.ts';
import type { Store } from '../store/types.ts';
import { toCsv } from './csv-export.ts';
import { SearchSql } from './search-sql.ts';

/** A published parametric engine, found by its client id (public: customer sites call with it). */
export interface LiveEngine {
  client: Client;
  engineName: string;
  version: number;
  configuration: ParametricConfiguration;
}

export async function liveEngine(store: Store, clientId: string): Promise<LiveEngine> {
  const client = await findClient(store, clientId);
  if (client?.type !== 'pm') throw new NotFoundError('Search engine');
  const [engine, published] = await Promise.all([
    findEngine(store, client.accountId, client.engineId),
    findPublished(store, client.accountId, client.engineId),
  ]);
  if (!engine || !published) throw new NotFoundError('Search engine');
  return {
    client,
    engineName: engine.searchEngineName,
    version: published.version,
    configuration: published.configuration,
  };
}

function enabledColumns(configuration: ParametricConfiguration) {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled)
    .sort((a, b) => a.position - b.position);
}

/** The filters a visitor may use: of enabled, filterable columns, in position order. */
function activeFilters(configuration: ParametricConfiguration) {
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

const FACET_VALUES_MAX = 200;

async function facetsOf(store: Store, live: LiveEngine, query: SearchQuery): Promise<Record<string, Facet>> {
  const filters = activeFilters(live.configuration);
  const { allowEmptyFilterValues } = live.configuration.settings;
  const entries = await Promise.all(
    filters.map(async (filter): Promise<[string, Facet]> => {
      const { sql, where } = filtered(live, query, filter.id);
      const column = sql.param(filter.id);
      if (filter.supports.rangeFilter) {
        const { rows } = await store.query<{ min: number | null; max: number | null }>(
          `SELECT min(${sql.numberOf(column)})::float8 AS min, max(${sql.numberOf(column)})::float8 AS max
           FROM parametric_rows WHERE ${where}`,
          sql.params,
        );
        return [filter.id, { kind: 'range', min: rows[0]?.min ?? null, max: rows[0]?.max ?? null }];
      }
      const { rows } = await store.query<{ value: string | number | boolean | null; count: number }>(
        `SELECT data -> ${column} AS value, count(*)::int AS count FROM parametric_rows WHERE ${where}
         ${allowEmptyFilterValues ? '' : `AND data -> ${column} IS NOT NULL`}
         GROUP BY 1 ORDER BY count DESC, 1 LIMIT ${FACET_VALUES_MAX}`,
        sql.params,
      );
      return [filter.id, { kind: 'list', values: rows.map((r) => ({ value: r.value, count: r.count })) }];
    }),
  );
  return Object.fromEntries(entries);
}

/** The statement parameters and WHERE clause for a query's text and filters (less `except`). */
function filtered(live: LiveEngine, query: SearchQuery, except?: string): { sql: SearchSql; where: string } {
  const allowed = new Set(activeFilters(live.configuration).map((f) => f.id));
  const sql = new SearchSql(live.client.accountId, live.client.engineId).text(query.q);
  return { sql, where: sql.where(query, allowed, except) };
}

/** One page of results with the total and the facets of every filter under the current selection. */
export async function runSearch(store: Store, live: LiveEngine, query: SearchQuery): Promise<SearchResult> {
  const started = performance.now();
  const matching = filtered(live, query);
  const order = orderBy(matching.sql, live, query.sort);
  const counting = filtered(live, query);
  const offset = (query.page - 1) * query.pageSize;
  const [page, total, facets] = await Promise.all([
    store.query<{ data: Row }>(
      `SELECT data FROM parametric_rows WHERE ${matching.where} ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${offset}`,
      matching.sql.params,
    ),
    store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM parametric_rows WHERE ${counting.where}`,
      counting.sql.params,
    ),
    facetsOf(store, live, query),
  ]);
  const columns = enabledColumns(live.configuration);
  return {
    total: total.rows[0]?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    rows: page.rows.map((r) => visibleRow(r.data, columns)),
    facets,
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

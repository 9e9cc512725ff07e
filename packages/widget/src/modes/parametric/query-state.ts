import type { FilterSelection, SearchConfig, SearchQuery } from '@siteseer/core';
import { isPage } from '../kept-search.ts';

/*
 * The parametric query as pure transitions: every change that narrows or reorders the results
 * goes back to page 1, so a visitor never lands on a page past the end.
 */

export type Filters = SearchQuery['filters'];
export type RangeSelection = { min?: number; max?: number };

export function initialQuery(pageSize: number): SearchQuery {
  return { q: '', filters: {}, page: 1, pageSize };
}

export function withText(query: SearchQuery, q: string): SearchQuery {
  return { ...query, q, page: 1 };
}

export function withFilters(query: SearchQuery, filters: Filters): SearchQuery {
  return { ...query, filters, page: 1 };
}

export function withPage(query: SearchQuery, page: number): SearchQuery {
  return { ...query, page };
}

/** First click sorts ascending, a second click on the same column descending, then back. */
export function toggledSort(query: SearchQuery, column: string): SearchQuery {
  const direction = query.sort?.column === column && query.sort.direction === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: { column, direction }, page: 1 };
}

export function isListSelection(selection: FilterSelection | undefined): selection is { values: string[] } {
  return selection !== undefined && 'values' in selection;
}

/** Sets or removes one filter's selection; an empty selection is no filter at all. */
export function withSelection(filters: Filters, id: string, selection: FilterSelection | undefined): Filters {
  const next = { ...filters };
  const empty =
    selection === undefined ||
    (isListSelection(selection) ? selection.values.length === 0 : rangeIsOpen(selection));
  if (empty) delete next[id];
  else next[id] = selection;
  return next;
}

function rangeIsOpen(range: RangeSelection): boolean {
  return range.min === undefined && range.max === undefined;
}

export function activeFilterCount(filters: Filters): number {
  return Object.keys(filters).length;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A kept selection of `kind`'s filter, or undefined when it is not one. */
function keptSelection(kind: 'list' | 'range', value: unknown): FilterSelection | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kept = value as Record<string, unknown>;
  if (kind === 'list') {
    const { values } = kept;
    return Array.isArray(values) && values.every((v) => typeof v === 'string') ? { values } : undefined;
  }
  const range: RangeSelection = {};
  if (isFiniteNumber(kept.min)) range.min = kept.min;
  if (isFiniteNumber(kept.max)) range.max = kept.max;
  return range;
}

/**
 * A query kept for Back (see kept-search.ts) as the engine is now: filters it no longer has, a
 * sort on a column that no longer sorts and text without a search bar are dropped; null when the
 * value is no kept query at all.
 */
export function keptQuery(
  value: Readonly<Record<string, unknown>>,
  config: SearchConfig,
  pageSize: number,
): SearchQuery | null {
  const { q, filters, sort, page } = value;
  if (typeof q !== 'string' || !isPage(page) || typeof filters !== 'object' || filters === null) return null;
  let kept: Filters = {};
  for (const filter of config.filters) {
    const selection = keptSelection(filter.kind, (filters as Record<string, unknown>)[filter.id]);
    kept = withSelection(kept, filter.id, selection);
  }
  const query: SearchQuery = { q: config.settings.showSearchBar ? q : '', filters: kept, page, pageSize };
  if (typeof sort === 'object' && sort !== null) {
    const { column, direction } = sort as Record<string, unknown>;
    const sortable = config.columns.some((c) => c.id === column && c.sortable);
    if (sortable && typeof column === 'string' && (direction === 'asc' || direction === 'desc')) {
      query.sort = { column, direction };
    }
  }
  return query;
}

import type { FilterSelection, SearchQuery } from '@siteseer/core';

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

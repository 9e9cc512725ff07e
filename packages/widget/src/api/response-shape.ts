import type { SearchConfig, SearchResult } from '@siteseer/core';

/*
 * Light shape checks of the service's answers. The server validates with core's zod schemas; the
 * widget only makes sure the parts it walks are there, without shipping zod to customer pages.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSearchConfig(value: unknown): value is SearchConfig {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    Array.isArray(value.columns) &&
    value.columns.every((column) => isRecord(column) && typeof column.id === 'string') &&
    Array.isArray(value.filters) &&
    value.filters.every((filter) => isRecord(filter) && typeof filter.id === 'string') &&
    isRecord(value.settings)
  );
}

export function isSearchResult(value: unknown): value is SearchResult {
  return (
    isRecord(value) &&
    typeof value.total === 'number' &&
    typeof value.page === 'number' &&
    Array.isArray(value.rows) &&
    value.rows.every(isRecord) &&
    isRecord(value.facets)
  );
}

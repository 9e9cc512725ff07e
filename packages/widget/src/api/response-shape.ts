import type {
  KeywordSearchConfig,
  KeywordSearchResult,
  KeywordSuggestions,
  SearchConfig,
  SearchResult,
} from '@siteseer/core';

/*
 * Light shape checks of the service's answers. The server validates with core's zod schemas; the
 * widget only makes sure the parts it walks are there, without shipping zod to customer pages.
 */

/** The config of either engine type; `type` tells them apart. */
export type WidgetConfig = SearchConfig | KeywordSearchConfig;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArrayOf<T>(value: unknown, check: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every(check);
}

const isTab = (value: unknown): value is { name: string } =>
  isRecord(value) && typeof value.name === 'string';

const isTabCount = (value: unknown): value is { name: string; count: number } =>
  isTab(value) && typeof (value as { count?: unknown }).count === 'number';

function isSearchConfig(value: unknown): value is SearchConfig {
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

function isKeywordSearchConfig(value: unknown): value is KeywordSearchConfig {
  return isRecord(value) && value.type === 'kw' && isArrayOf(value.tabs, isTab);
}

export function isWidgetConfig(value: unknown): value is WidgetConfig {
  return isRecord(value) && value.type === 'kw' ? isKeywordSearchConfig(value) : isSearchConfig(value);
}

export function isSearchResult(value: unknown): value is SearchResult {
  return (
    isRecord(value) &&
    typeof value.total === 'number' &&
    typeof value.page === 'number' &&
    typeof value.pageSize === 'number' &&
    typeof value.searchId === 'string' &&
    Array.isArray(value.rows) &&
    value.rows.every(isRecord) &&
    isRecord(value.facets)
  );
}

function isKeywordHit(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.title === 'string' &&
    typeof value.snippet === 'string' &&
    typeof value.position === 'number' &&
    // Servers before documents were crawled send no type: their hits are pages.
    (value.type === undefined || typeof value.type === 'string')
  );
}

export function isKeywordSearchResult(value: unknown): value is KeywordSearchResult {
  return (
    isRecord(value) &&
    typeof value.total === 'number' &&
    typeof value.page === 'number' &&
    typeof value.pageSize === 'number' &&
    typeof value.searchId === 'string' &&
    isArrayOf(value.tabs, isTabCount) &&
    Array.isArray(value.hits) &&
    value.hits.every(isKeywordHit)
  );
}

export function isKeywordSuggestions(value: unknown): value is KeywordSuggestions {
  return (
    isRecord(value) &&
    Array.isArray(value.suggestions) &&
    value.suggestions.every(
      (s) =>
        isRecord(s) &&
        ((s.kind === 'query' && typeof s.query === 'string') ||
          (s.kind === 'page' && typeof s.title === 'string' && typeof s.url === 'string')),
    )
  );
}

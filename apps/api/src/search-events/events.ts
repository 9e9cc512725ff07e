import type { FilterSelection } from '@siteseer/core';
import type { SearchRecord } from '../repositories/search-batch.ts';
import type { SearchClickRow } from '../repositories/search-events.ts';
import { isStorableText, storableText } from '../store/storable-text.ts';
import type { SearchSource } from './source.ts';

/** A search as its route saw it; the recorder normalises and bounds what it stores. */
export interface SearchEvent {
  accountId: string;
  clientId: string;
  engineId: string;
  engineType: 'kw' | 'pm';
  /** The text as typed. */
  query: string;
  /** Keyword: the tab searched. */
  tab?: string | null | undefined;
  /** Parametric: the filter selections. */
  filters?: Readonly<Record<string, FilterSelection>> | null | undefined;
  page: number;
  resultCount: number;
  /** Server time of the search, in milliseconds. */
  latencyMs: number;
  visitorId: string;
  /** When the search was answered; now by default. */
  at?: Date | undefined;
  /** Who searched: a visitor by default; CLI searches are counted apart (recorder.ts). */
  source?: SearchSource | undefined;
}

/** A result click; its account and client are those of the search it names, checked on writing. */
export interface ClickEvent {
  clientId: string;
  searchId: string;
  url: string;
  position: number;
  visitorId: string;
  at?: Date | undefined;
}

const QUERY_CHARS_MAX = 500;
const URL_CHARS_MAX = 4000;
const TAB_CHARS_MAX = 100;
/**
 * Bounds of a stored filter selection: the search accepts up to 1,000 values per filter and any
 * filter ids, which would make a row of a search log up to megabytes. Analytics ask which filters
 * and values are used; the first values of a long list say that.
 */
const FILTERS_MAX = 50;
export const FILTER_VALUES_MAX = 100;
const FILTER_VALUE_CHARS_MAX = 200;

const PLAIN_QUERY = /^[!-~]+(?: [!-~]+)*$/;

/**
 * Cuts text to `max` code points (never half a surrogate pair), storable (storableText): a search or
 * click may carry a NUL (`?q=a%00b`) or half a surrogate pair (a JSON body), and the statement
 * storing its batch then failed whole, every other visitor's searches (or clicks) with it.
 */
function cut(text: string, max: number): string {
  if (text.length <= max) return storableText(text);
  return storableText(Array.from(text).slice(0, max).join(''));
}

/**
 * The query as stored: NFC, trimmed, lowercased, runs of white space made one space, at most 500
 * characters. "Red  Shoes " and "red shoes" are one query for analytics.
 */
export function normaliseQuery(text: string): string {
  // Most queries: words of printable ASCII, one space apart (NFC and trimming change nothing).
  if (text.length <= QUERY_CHARS_MAX && PLAIN_QUERY.test(text)) return text.toLowerCase();
  // Control characters (NUL, which PostgreSQL refuses, among them) count as white space.
  return cut(
    text
      .normalize('NFC')
      .replace(/\p{Cc}/gu, ' ')
      .trim()
      .toLowerCase()
      .replace(/\s+/gu, ' '),
    QUERY_CHARS_MAX,
  ).trimEnd();
}

/**
 * The filter selections as stored (see FILTERS_MAX), or null when none is selected: the selections
 * themselves when they are within the bounds (most are: no copy a search), else a bounded copy.
 */
export function boundedFilters(filters: SearchEvent['filters']): Record<string, FilterSelection> | null {
  if (!filters) return null;
  const entries = Object.entries(filters);
  if (entries.length === 0) return null;
  if (entries.every(withinBounds)) return filters as Record<string, FilterSelection>;
  return Object.fromEntries(
    entries.slice(0, FILTERS_MAX).map(([id, selection]) => [
      cut(id, FILTER_VALUE_CHARS_MAX),
      'values' in selection
        ? {
            values: selection.values
              .slice(0, FILTER_VALUES_MAX)
              .map((value) => cut(value, FILTER_VALUE_CHARS_MAX)),
          }
        : selection,
    ]),
  );
}

function withinBounds([id, selection]: [string, FilterSelection], index: number): boolean {
  if (index >= FILTERS_MAX || id.length > FILTER_VALUE_CHARS_MAX || !isStorableText(id)) return false;
  if (!('values' in selection)) return true;
  return (
    selection.values.length <= FILTER_VALUES_MAX &&
    selection.values.every((value) => value.length <= FILTER_VALUE_CHARS_MAX && isStorableText(value))
  );
}

export function searchRecord(event: SearchEvent, now: Date): SearchRecord {
  return {
    accountId: event.accountId,
    clientId: event.clientId,
    at: event.at ?? now,
    engineId: event.engineId,
    engineType: event.engineType,
    query: normaliseQuery(event.query),
    tab: event.tab == null ? null : cut(event.tab, TAB_CHARS_MAX),
    filters: boundedFilters(event.filters),
    page: event.page,
    resultCount: event.resultCount,
    latencyMs: event.latencyMs,
    visitorId: event.visitorId,
  };
}

export function clickRow(event: ClickEvent, now: Date): SearchClickRow {
  return {
    clientId: event.clientId,
    searchId: event.searchId.toLowerCase(),
    at: event.at ?? now,
    url: cut(event.url, URL_CHARS_MAX),
    position: event.position,
    visitorId: event.visitorId,
  };
}

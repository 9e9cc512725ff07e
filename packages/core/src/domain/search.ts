import { z } from 'zod';
import { withoutBidiControls } from './bidi-controls.ts';
import { Id } from './common.ts';
import { withoutControlCharacters } from './control-characters.ts';
import { ApplicationSettings, CellValue, ColumnType, HyperlinkSettings, Row } from './parametric.ts';

/*
 * The public search runtime of parametric engines, called from customer sites by the widget with a
 * client id and no user token:
 *   GET  /search/{clientId}/config  → SearchConfig  (what to render)
 *   POST /search/{clientId}/query   → SearchResult  (body SearchQuery)
 *   POST /search/{clientId}/click   → 204           (body SearchClick: a result link followed)
 * CORS is limited to the client's origins; both answer 404 for an unknown or unpublished client.
 */

/** A results column as the widget renders it: enabled columns only, in position order, labels decoded. */
export const SearchColumn = z.object({
  id: Id,
  label: z.string(),
  type: ColumnType,
  sortable: z.boolean(),
  settings: HyperlinkSettings.partial().default({}),
});
export type SearchColumn = z.infer<typeof SearchColumn>;

/** A filter as the widget renders it: a value list, or a numeric range (slider). */
export const SearchFilter = z.object({
  id: Id,
  label: z.string(),
  kind: z.enum(['list', 'range']),
});
export type SearchFilter = z.infer<typeof SearchFilter>;

export const SearchConfig = z.object({
  clientId: Id,
  type: z.literal('pm'),
  engineName: z.string(),
  version: z.number().int().min(1),
  columns: z.array(SearchColumn),
  filters: z.array(SearchFilter),
  settings: ApplicationSettings,
});
export type SearchConfig = z.infer<typeof SearchConfig>;

/** The most values one list filter may select. */
export const FILTER_VALUES_MAX = 1000;

/**
 * A filter's selection: values of a list filter (any of them), or bounds of a range (inclusive).
 * The range takes no other key and the cap is checked after the union: a list the union refused
 * (over the cap, or not strings) was read as a range without bounds, which matched every row.
 */
export const FilterSelection = z
  .union([
    z.object({ values: z.array(z.string()) }),
    z.strictObject({ min: z.number().optional(), max: z.number().optional() }),
  ])
  .superRefine((selection, ctx) => {
    if ('values' in selection && selection.values.length > FILTER_VALUES_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: `A filter selects at most ${FILTER_VALUES_MAX.toLocaleString('en-US')} values (${selection.values.length.toLocaleString('en-US')} given).`,
      });
    }
  });
export type FilterSelection = z.infer<typeof FilterSelection>;

export const SEARCH_PAGE_SIZE_MAX = 100;

export const SearchQuery = z.object({
  /**
   * Control characters are taken out (typed or pasted, they are no part of a word), and so are
   * bidirectional controls: the query is recorded and shown back in the owner's analytics.
   */
  q: z.string().max(500).overwrite(withoutControlCharacters).overwrite(withoutBidiControls).default(''),
  filters: z.record(z.string(), FilterSelection).default({}),
  sort: z.object({ column: Id, direction: z.enum(['asc', 'desc']).default('asc') }).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(20),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** Counts of a list filter's values under the current selection (the filter's own selection excluded). */
export const ListFacet = z.object({
  kind: z.literal('list'),
  values: z.array(z.object({ value: CellValue, count: z.number().int().min(0) })),
});
/** The most bars of a range facet's histogram. */
export const HISTOGRAM_BUCKETS_MAX = 20;

/**
 * The bounds of a range filter's values under the current selection (its own bounds excluded), and
 * their distribution: `histogram` counts the values in equal-width buckets from `min` to `max` (the
 * last bucket includes `max`), at most HISTOGRAM_BUCKETS_MAX of them, one per whole number when the
 * values are whole numbers spanning fewer; so a slider can draw where the values are. Optional: an
 * answer from before it still reads. For a Date column the numbers are milliseconds since
 * 1970-01-01 UTC.
 */
export const RangeFacet = z.object({
  kind: z.literal('range'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  histogram: z.array(z.number().int().min(0)).optional(),
});
export const Facet = z.discriminatedUnion('kind', [ListFacet, RangeFacet]);
export type Facet = z.infer<typeof Facet>;

export const SearchResult = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  rows: z.array(Row),
  facets: z.record(z.string(), Facet),
  /** Server time in milliseconds. */
  took: z.number().min(0),
  /** Names this search in click beacons (`POST /search/{clientId}/click`), as a keyword answer's does. */
  searchId: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

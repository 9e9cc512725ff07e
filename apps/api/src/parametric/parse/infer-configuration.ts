import {
  ApplicationSettings,
  type Column,
  type ColumnType,
  canTypeFilter,
  canTypeSort,
  encodeLabel,
  type Filter,
  HyperlinkSettings,
  normaliseParametricConfiguration,
  ParametricConfiguration,
  RANGE_COLUMN_TYPES,
} from '@siteseer/core';
import { type ColumnProfile, profileColumn } from './infer-column.ts';
import { PARSE_LIMITS } from './limits.ts';
import type { ParsedTable } from './parsed-table.ts';

/** A column's cells (an array: a generator's yields cost more than the profiling of 600k cells). */
function columnValues(table: ParsedTable, index: number): (string | null)[] {
  return table.rows.map((row) => row[index] ?? null);
}

/**
 * Whether a column is filterable by default. Numeric and boolean columns always are (numbers get a
 * range filter). A text column is when it has at most `maxFilterValues` distinct values and at least
 * one value repeats: a column of unique values (names, SKUs, descriptions) makes a useless list.
 * Image and hyperlink columns cannot filter at all (core's rule).
 */
export function isFilterableByDefault(
  profile: ColumnProfile,
  maxValues: number = PARSE_LIMITS.maxFilterValues,
): boolean {
  if (!canTypeFilter(profile.type)) return false;
  if (profile.type !== 'keyword') return true;
  return profile.filled > 0 && profile.distinct <= maxValues && profile.distinct < profile.filled;
}

function settingsFor(type: ColumnType, id: string): Column['settings'] {
  // A hyperlink column inferred from URLs links to its own values.
  return type === 'hyperlink' ? HyperlinkSettings.parse({ targetColumnId: id }) : {};
}

/**
 * The default configuration of a freshly parsed table: every column enabled, labelled with its
 * header (URI-encoded), in file order, of the inferred type, sortable unless an image; filterable
 * columns get a list filter (a range filter for numbers) in column order; default settings. The
 * result has been through core's `normaliseParametricConfiguration`, so it obeys the column rules.
 */
export function inferConfiguration(table: ParsedTable): ParametricConfiguration {
  const columns: Record<string, Column> = {};
  const filters: Record<string, Filter> = {};
  table.columnIds.forEach((id, position) => {
    const header = table.headers[position] ?? id;
    const profile = profileColumn(columnValues(table, position), PARSE_LIMITS.maxFilterValues);
    const filtering = isFilterableByDefault(profile);
    const label = encodeLabel(header);
    columns[id] = {
      id,
      label,
      position,
      type: profile.type,
      settings: settingsFor(profile.type, id),
      enabled: true,
      supports: { filtering, sorting: canTypeSort(profile.type) },
    };
    if (filtering) {
      filters[id] = {
        id,
        label,
        position: Object.keys(filters).length,
        type: 'list',
        supports: { rangeFilter: RANGE_COLUMN_TYPES.includes(profile.type) },
      };
    }
  });
  const configuration = ParametricConfiguration.parse({
    columns,
    filters,
    settings: ApplicationSettings.parse({}),
  });
  return normaliseParametricConfiguration(configuration);
}

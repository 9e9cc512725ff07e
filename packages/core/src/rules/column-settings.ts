import { RANGE_COLUMN_TYPES } from '../constants.ts';
import type { Column, ColumnType, Filter, ParametricConfiguration } from '../domain/parametric.ts';
import { decodeLabel, encodeLabel } from './column-label.ts';
import { MESSAGES } from './messages.ts';
import type { FieldErrors } from './rule-result.ts';

const NON_FILTERABLE_TYPES: readonly ColumnType[] = ['image', 'hyperlink'];
const NON_SORTABLE_TYPES: readonly ColumnType[] = ['image'];

/** Whether a column type can be filtered at all (image and hyperlink cannot). */
export function canTypeFilter(type: ColumnType): boolean {
  return !NON_FILTERABLE_TYPES.includes(type);
}

/** Whether a column type can be sorted (image cannot). */
export function canTypeSort(type: ColumnType): boolean {
  return !NON_SORTABLE_TYPES.includes(type);
}

/** Whether a column can be filtered as configured: enabled and of a filterable type. */
export function canColumnFilter(column: Pick<Column, 'enabled' | 'type'>): boolean {
  return column.enabled && canTypeFilter(column.type);
}

/** Whether a column's filter may be a range filter: numeric or date type, and filtering on. */
export function canRangeFilter(column: Pick<Column, 'type' | 'supports'>): boolean {
  return RANGE_COLUMN_TYPES.includes(column.type) && column.supports.filtering;
}

function normaliseColumn(column: Column): Column {
  return {
    ...column,
    label: encodeLabel(column.label),
    supports: {
      filtering: column.supports.filtering && canColumnFilter(column),
      sorting: column.supports.sorting && canTypeSort(column.type),
    },
  };
}

/**
 * Applies the column rules after an edit: filtering off for disabled, image and hyperlink columns;
 * sorting off for image columns; range filter cleared unless numeric and filtering; labels stored
 * URI-encoded. Filters follow their columns (Siteseer's decisions): a filter whose column is gone is
 * dropped, and a column that can filter but has no filter gets one (its label, type default, last
 * position). A filter of a column with filtering off is kept so its label survives switching back on.
 */
export function normaliseParametricConfiguration(config: ParametricConfiguration): ParametricConfiguration {
  const columns: Record<string, Column> = {};
  for (const [id, column] of Object.entries(config.columns)) columns[id] = normaliseColumn(column);

  const filters: Record<string, Filter> = {};
  for (const [id, filter] of Object.entries(config.filters)) {
    const column = columns[id];
    if (!column) continue;
    filters[id] = {
      ...filter,
      label: encodeLabel(filter.label),
      supports: { rangeFilter: filter.supports.rangeFilter && canRangeFilter(column) },
    };
  }
  let nextPosition = Math.max(-1, ...Object.values(filters).map((f) => f.position)) + 1;
  const sorted = Object.values(columns).sort((a, b) => a.position - b.position);
  for (const column of sorted) {
    if (!column.supports.filtering || filters[column.id]) continue;
    filters[column.id] = {
      id: column.id,
      label: column.label,
      position: nextPosition++,
      type: 'default',
      supports: { rangeFilter: false },
    };
  }
  return { ...config, columns, filters };
}

/**
 * Whether a column's filter is live: filtering on, the column enabled and of a filterable type. A
 * normalised configuration only has the first; a stored one need not be normalised (older saves, the
 * ingest API), and a disabled or image column must not filter whatever its flag says.
 */
export function isFilterLive(column: Column | undefined): boolean {
  return column?.supports.filtering === true && canColumnFilter(column);
}

/** The live filters: those whose column is live ({@link isFilterLive}), by position. The one definition. */
export function activeFilters(config: ParametricConfiguration): Filter[] {
  return Object.values(config.filters)
    .filter((filter) => isFilterLive(config.columns[filter.id]))
    .sort((a, b) => a.position - b.position);
}

/** The columns of the results table: the enabled ones, by position. */
export function activeColumns(config: ParametricConfiguration): Column[] {
  return Object.values(config.columns)
    .filter((column) => column.enabled)
    .sort((a, b) => a.position - b.position);
}

export type ColumnErrors = FieldErrors<'label' | 'filtering' | 'sorting'>;
export type FilterErrors = FieldErrors<'label' | 'rangeFilter'>;

/** Errors of a parametric configuration by column id and filter id; only ids with errors appear. */
export interface ConfigurationErrors {
  columns: Record<string, ColumnErrors>;
  filters: Record<string, FilterErrors>;
}

function columnErrors(column: Column): ColumnErrors {
  const errors: ColumnErrors = {};
  if (!decodeLabel(column.label).trim()) errors.label = MESSAGES.labelRequired;
  if (column.supports.filtering && !column.enabled) errors.filtering = MESSAGES.columnDisabledFiltering;
  else if (column.supports.filtering && !canTypeFilter(column.type))
    errors.filtering = MESSAGES.columnTypeCannotFilter;
  if (column.supports.sorting && !canTypeSort(column.type)) errors.sorting = MESSAGES.columnTypeCannotSort;
  return errors;
}

/**
 * Validates a configuration: column labels, the labels of active filters (a hidden filter's label is
 * not asked for), and any column rule an un-normalised configuration breaks.
 */
export function validateParametricConfiguration(config: ParametricConfiguration): ConfigurationErrors {
  const result: ConfigurationErrors = { columns: {}, filters: {} };
  for (const [id, column] of Object.entries(config.columns)) {
    const errors = columnErrors(column);
    if (Object.keys(errors).length > 0) result.columns[id] = errors;
  }
  for (const [id, filter] of Object.entries(config.filters)) {
    const column = config.columns[id];
    if (!column) continue;
    const errors: FilterErrors = {};
    if (isFilterLive(column) && !decodeLabel(filter.label).trim()) errors.label = MESSAGES.labelRequired;
    if (filter.supports.rangeFilter && !canRangeFilter(column))
      errors.rangeFilter = MESSAGES.rangeFilterNotAllowed;
    if (Object.keys(errors).length > 0) result.filters[id] = errors;
  }
  return result;
}

/** Whether a validation found nothing. */
export function isConfigurationValid(errors: ConfigurationErrors): boolean {
  return Object.keys(errors.columns).length === 0 && Object.keys(errors.filters).length === 0;
}

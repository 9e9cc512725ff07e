import type { Column, Filter, ParametricConfiguration } from '@siteseer/core';
import { activeFilters, decodeLabel, encodeLabel, normaliseParametricConfiguration } from '@siteseer/core';

/** Columns in display order. */
export function orderedColumns(config: ParametricConfiguration): Column[] {
  return Object.values(config.columns).sort((a, b) => a.position - b.position);
}

/** A change to one column; labels come in as typed and are stored URI-encoded. Core's rules apply after. */
export function updateColumn(
  config: ParametricConfiguration,
  id: string,
  change: Partial<Omit<Column, 'id' | 'supports' | 'settings'>> & {
    supports?: Partial<Column['supports']>;
    settings?: Column['settings'];
  },
): ParametricConfiguration {
  const column = config.columns[id];
  if (!column) return config;
  const next: Column = {
    ...column,
    ...change,
    label: change.label === undefined ? column.label : encodeLabel(change.label),
    supports: { ...column.supports, ...change.supports },
    settings: change.settings ?? column.settings,
  };
  return normaliseParametricConfiguration({ ...config, columns: { ...config.columns, [id]: next } });
}

/** A change to one filter (label as typed, type, range filter); core's rules apply after. */
export function updateFilter(
  config: ParametricConfiguration,
  id: string,
  change: { label?: string; type?: Filter['type']; rangeFilter?: boolean },
): ParametricConfiguration {
  const filter = config.filters[id];
  if (!filter) return config;
  const next: Filter = {
    ...filter,
    label: change.label === undefined ? filter.label : encodeLabel(change.label),
    type: change.type ?? filter.type,
    supports: { rangeFilter: change.rangeFilter ?? filter.supports.rangeFilter },
  };
  return normaliseParametricConfiguration({ ...config, filters: { ...config.filters, [id]: next } });
}

/** Swaps an item with its neighbour (delta -1 up, +1 down) and renumbers positions 0..n-1. */
function move<T extends { id: string; position: number }>(
  items: T[],
  id: string,
  delta: -1 | 1,
): Map<string, number> {
  const index = items.findIndex((item) => item.id === id);
  const target = index + delta;
  const order = items.map((item) => item.id);
  if (index >= 0 && target >= 0 && target < order.length) {
    [order[index], order[target]] = [order[target] as string, order[index] as string];
  }
  return new Map(order.map((itemId, position) => [itemId, position]));
}

/** Moves a column up or down the results table. */
export function moveColumn(
  config: ParametricConfiguration,
  id: string,
  delta: -1 | 1,
): ParametricConfiguration {
  const positions = move(orderedColumns(config), id, delta);
  const columns = Object.fromEntries(
    Object.entries(config.columns).map(([key, column]) => [
      key,
      { ...column, position: positions.get(key) ?? column.position },
    ]),
  );
  return { ...config, columns };
}

/** Moves a filter up or down the filter list (hidden filters keep their places after the shown ones). */
export function moveFilter(
  config: ParametricConfiguration,
  id: string,
  delta: -1 | 1,
): ParametricConfiguration {
  const shown = activeFilters(config);
  const positions = move(shown, id, delta);
  const filters = Object.fromEntries(
    Object.entries(config.filters).map(([key, filter]) => [
      key,
      { ...filter, position: positions.get(key) ?? shown.length + filter.position },
    ]),
  );
  return { ...config, filters };
}

/** A stored (URI-encoded) label as the user reads it. */
export const labelText = decodeLabel;

import type { ParametricConfiguration } from '@siteseer/core';

/** The filters a visitor may use: of enabled, filterable columns, in position order. */
export function activeFilters(configuration: ParametricConfiguration) {
  return Object.values(configuration.filters)
    .filter((f) => {
      const column = configuration.columns[f.id];
      return column?.enabled && column.supports.filtering;
    })
    .sort((a, b) => a.position - b.position);
}

/** The columns a row is found by: enabled, searchable ones (not images), in configuration order. */
export function searchColumns(configuration: ParametricConfiguration): string[] {
  return Object.values(configuration.columns)
    .filter((c) => c.enabled && c.type !== 'image')
    .map((c) => c.id);
}

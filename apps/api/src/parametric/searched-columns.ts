import { activeColumns, type ParametricConfiguration } from '@siteseer/core';

// The live filters have one definition, core's; re-exported for the runtime modules that import it here.
export { activeFilters } from '@siteseer/core';

/** The columns a row is found by: enabled, searchable ones (not images), in position order. */
export function searchColumns(configuration: ParametricConfiguration): string[] {
  return activeColumns(configuration)
    .filter((c) => c.type !== 'image')
    .map((c) => c.id);
}

import type { Facet } from '@siteseer/core';

/** A filter as the runtime uses it: active (enabled, filterable column), in position order. */
export interface ActiveFilter {
  id: string;
  supports: { rangeFilter: boolean };
}

/** What a search counts: the rows matching, and the facet of every active filter. */
export interface SearchStats {
  total: number;
  facets: Record<string, Facet>;
}

export const FACET_VALUES_MAX = 200;

import type { Facet, FilterSelection } from '@siteseer/core';

/** One filter's controls. `update` redraws from the latest facet and the pending selection. */
export interface FilterControl {
  element: HTMLElement;
  update(facet: Facet | undefined, selection: FilterSelection | undefined): void;
}

/** What a control reports when the visitor changes it; undefined clears the filter. */
export type SelectionListener = (selection: FilterSelection | undefined) => void;

import type { Row, SearchQuery } from '@siteseer/core';

/** Detail of `siteseer:results`: what a search returned. */
export interface ResultsEventDetail {
  total: number;
  page: number;
  /** Rows on this page. */
  rows: number;
  /** Server time in milliseconds. */
  took: number;
}

/** Detail of `siteseer:click`: a result link being followed. */
export interface ClickEventDetail {
  row: Row;
  /** Id of the column holding the link. */
  column: string;
  url: string;
}

export interface ErrorEventDetail {
  message: string;
}

/** The client events, dispatched on the widget's root element (`.siteseer`) and bubbling. */
export interface SiteseerEventMap {
  'siteseer:search': SearchQuery;
  'siteseer:results': ResultsEventDetail;
  'siteseer:click': ClickEventDetail;
  'siteseer:error': ErrorEventDetail;
}

/**
 * Dispatches a client event with a copy of `detail`, so a listener cannot change the widget's state.
 * Returns false when a listener called `preventDefault()` on a cancelable event.
 */
export function emit<K extends keyof SiteseerEventMap>(
  target: EventTarget,
  name: K,
  detail: SiteseerEventMap[K],
  options: { cancelable?: boolean } = {},
): boolean {
  const event = new CustomEvent(name, {
    detail: structuredClone(detail),
    bubbles: true,
    cancelable: options.cancelable ?? false,
  });
  return target.dispatchEvent(event);
}

import type { Row, SearchQuery } from '@siteseer/core';

/** Detail of `siteseer:results` in parametric mode: what a search returned. */
export interface ResultsEventDetail {
  total: number;
  page: number;
  /** Rows on this page. */
  rows: number;
  /** Server time in milliseconds. */
  took: number;
  /** Names the search in the click beacons. */
  searchId: string;
}

/** Detail of `siteseer:click` in parametric mode: a result link being followed. */
export interface ClickEventDetail {
  row: Row;
  /** Id of the column holding the link. */
  column: string;
  url: string;
  /** The row's 1-based rank across pages: what the click beacon reports. */
  position: number;
}

/** Detail of `siteseer:search` in keyword mode: the search sent. */
export interface KeywordSearchEventDetail {
  query: string;
  /** The tab's name; 'all' for every result. */
  tab: string;
  page: number;
  pageSize: number;
}

/** Detail of `siteseer:results` in keyword mode. */
export interface KeywordResultsEventDetail {
  query: string;
  tab: string;
  page: number;
  /** Results in the tab shown. */
  total: number;
  /** Every tab, 'all' first, with its number of results for the query. */
  tabs: { name: string; count: number }[];
  /** Results on this page. */
  hits: number;
  /** Server time in milliseconds. */
  took: number;
  /** Names the search in the click beacons. */
  searchId: string;
}

/** Detail of `siteseer:click` in keyword mode: a result, or a suggestion, being followed. */
export interface KeywordClickEventDetail {
  query: string;
  tab: string;
  url: string;
  /** 1-based rank across pages (results), or in the suggestion list. */
  position: number;
  /** Placed by the engine's result ranking ('Featured'). */
  pinned: boolean;
  source: 'result' | 'suggestion';
}

export interface ErrorEventDetail {
  message: string;
}

/** The client events of parametric mode and their details (the in-app documentation checks against it). */
export interface ParametricEventMap {
  /** The query sent. */
  'siteseer:search': SearchQuery;
  'siteseer:results': ResultsEventDetail;
  'siteseer:click': ClickEventDetail;
  'siteseer:error': ErrorEventDetail;
}

/** The client events of keyword mode and their details. */
export interface KeywordEventMap {
  'siteseer:search': KeywordSearchEventDetail;
  'siteseer:results': KeywordResultsEventDetail;
  'siteseer:click': KeywordClickEventDetail;
  'siteseer:error': ErrorEventDetail;
}

/** The client events, dispatched on the widget's root element (`.siteseer`) and bubbling. */
export type SiteseerEventMap = {
  [K in keyof ParametricEventMap]: ParametricEventMap[K] | KeywordEventMap[K];
};

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

import { mountAll } from './embed/auto-mount.ts';

/*
 * The bundle's entry. Built as an IIFE named `Siteseer`, so these exports are `window.Siteseer`.
 * `document.currentScript` is only set while this file first runs, so it is read right away.
 */

const currentScript = document.currentScript;

export type { FetchLike } from './api/search-api.ts';
export type {
  ClickEventDetail,
  ErrorEventDetail,
  KeywordClickEventDetail,
  KeywordEventMap,
  KeywordResultsEventDetail,
  KeywordSearchEventDetail,
  ParametricEventMap,
  ResultsEventDetail,
  SiteseerEventMap,
} from './events.ts';
export type { MountOptions, WidgetHandle } from './mount.ts';
export { mount, mountSearchBox } from './mount.ts';

/** Mounts into `[data-siteseer-results]` elements added since the page loaded (single-page apps). */
export function scan(): void {
  mountAll(document, currentScript);
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', scan, { once: true });
} else {
  scan();
}

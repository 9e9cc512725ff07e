import type { ModeContext } from '../mode.ts';
import { ALL_TAB } from './limits.ts';
import { followSuggestion, redirectUrl } from './navigation.ts';
import { createSearchBox } from './search-box.ts';

/**
 * The search box alone, on a page without results (a site's header on every page): suggestions
 * as on the results page, and Enter opens `{redirectPage}?q=…`, whose widget searches at once.
 */
export function mountRedirectBox(
  input: HTMLInputElement,
  { api, debounceMs, theme, keyword }: ModeContext,
): { root: HTMLElement; destroy(): void } {
  const doc = input.ownerDocument;
  const redirectPage = keyword.redirectPage?.trim() ?? '';
  if (redirectUrl(redirectPage, '', doc.baseURI) === null) {
    throw new TypeError('Siteseer.mountSearchBox: redirectPage must be an http(s) URL or a path');
  }
  const box = createSearchBox({
    api,
    debounceMs,
    input,
    placeholder: keyword.placeholder,
    popularOnFocus: keyword.popularOnFocus,
    theme,
    onSubmit(q) {
      const target = redirectUrl(redirectPage, q, doc.baseURI);
      if (q !== '' && target !== null) doc.location.assign(target);
    },
    onChoose: (suggestion, position, query) =>
      followSuggestion(root, suggestion, position, { query, tab: ALL_TAB }),
  });
  // Attached to a given input, the box always has its popup: the themed root of its events.
  const root = box.popup ?? input;
  return { root, destroy: box.destroy };
}

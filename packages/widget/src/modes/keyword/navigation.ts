import type { PageSuggestion } from '@siteseer/core';
import { safeUrl } from '../../dom/safe-url.ts';
import { emit } from '../../events.ts';
import { queryText } from './query-text.ts';

/** The query a results page was opened with: its URL's `?q=`, as the redirect page sends it. */
export function queryFromPageUrl(href: string): string {
  return queryText(new URL(href).searchParams.get('q') ?? '');
}

/** `{redirectPage}?q={query}` (other parameters of the page kept), or null for a page that is not http(s). */
export function redirectUrl(redirectPage: string, q: string, base: string): string | null {
  const page = safeUrl(redirectPage, base);
  if (page === null) return null;
  const url = new URL(page);
  url.searchParams.set('q', q);
  return url.href;
}

/**
 * A chosen page suggestion goes straight to its page: the visitor has picked the page itself, not
 * a query (a popular query is searched instead: search-box.ts). `siteseer:click` comes first and may cancel (a single-page
 * app routing itself). A URL that is not http(s) is not followed.
 */
export function followSuggestion(
  root: HTMLElement,
  suggestion: PageSuggestion,
  position: number,
  context: { query: string; tab: string },
): void {
  const href = safeUrl(suggestion.url, root.ownerDocument.baseURI);
  if (href === null) return;
  const go = emit(
    root,
    'siteseer:click',
    { ...context, url: href, position, pinned: false, source: 'suggestion' },
    { cancelable: true },
  );
  if (go) root.ownerDocument.location.assign(href);
}

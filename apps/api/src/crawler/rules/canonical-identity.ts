import { resolveLink } from './normalise-url.ts';
import type { UrlScope } from './url-scope.ts';

/**
 * The URL a page is saved under when it names a canonical URL: the canonical one, with its key,
 * when it resolves (as a link is: one too long to queue cannot be the key a page is saved under),
 * is in the crawl's scope and is another URL than the page's; else undefined, and the page is saved
 * under its own URL.
 */
export function canonicalIdentity(
  page: { url: string; urlKey: string },
  canonical: string | null,
  scope: UrlScope,
  keyOf: (url: string) => string | undefined,
): { url: string; key: string } | undefined {
  const url = canonical === null ? undefined : resolveLink(page.url, canonical);
  if (url === undefined || !scope(url)) return undefined;
  const key = keyOf(url);
  return key === undefined || key === page.urlKey ? undefined : { url, key };
}

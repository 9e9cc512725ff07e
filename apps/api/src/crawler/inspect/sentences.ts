import type { Crawler } from '../../repositories/crawler/crawlers.ts';
import type { ScopeVerdict } from '../rules/index.ts';

/** Why a URL is outside the crawl, in the words of the engine's settings (sites, URL filters). */
export function scopeReason(verdict: ScopeVerdict, crawler: Pick<Crawler, 'urls' | 'urlFilters'>): string {
  switch (verdict.refusal) {
    case 'not-http':
      return 'Only http and https URLs are crawled.';
    case 'other-site':
      return `It is not on one of the engine's sites (${crawler.urls.join(', ')}): the crawler stays on their hosts.`;
    case 'no-include': {
      const includes = (crawler.urlFilters ?? []).filter((f) => f.trim() !== '' && !f.trim().startsWith('-'));
      return `It matches none of the URL filters that say what to crawl (${includes.join(', ')}).`;
    }
    case 'excluded':
      return `The URL filter "${verdict.filter}" leaves it out of the crawl.`;
    case null:
      throw new Error('A URL in the scope has no reason to be out of it.');
  }
}

/** Why a page the crawler fetched is not indexed, for an answer that is not a page. */
export function statusReason(status: number): string {
  if (status === 404 || status === 410) return `The page answered HTTP ${status}: it is gone.`;
  if (status === 429 || status === 503)
    return `The site answered HTTP ${status}: it asks the crawler to come back later, and the page is kept as it was until then.`;
  return `The site answered HTTP ${status} instead of the page.`;
}

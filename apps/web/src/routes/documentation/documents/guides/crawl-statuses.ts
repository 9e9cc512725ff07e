import type { CrawlStatusCode } from '@siteseer/core';

/** What a crawl status means for a URL, and what the customer can do about it. */
export interface CrawlStatusHelp {
  means: string;
  todo: string;
}

/**
 * The Crawling guide's row for every status of the crawl report, keyed by core's codes so that a
 * status added there fails the type check here until the guide explains it. Written from the crawl
 * loop (apps/api/src/crawler/loop/crawl-url.ts and run-writer.ts).
 */
export const CRAWL_STATUS_HELP: Readonly<Record<CrawlStatusCode, CrawlStatusHelp>> = {
  0: {
    means: 'Found (a start URL, a link, a sitemap entry or a redirect target) and not fetched yet.',
    todo: 'Nothing: the crawl reaches it in turn, one page at a time per site, spaced by the page load delay.',
  },
  9: {
    means: 'Due to be fetched again: a re-crawl, or a fetch that a stopped or moved crawl left unfinished.',
    todo: 'Nothing: it is fetched again in this crawl.',
  },
  3: {
    means:
      'Fetched. An HTML page is indexed, unless the reason says otherwise: noindex, indexed as its canonical URL, or not HTML nor a document type the engine reads (an image; PDF and Office documents as the Crawler step allows).',
    todo: 'Nothing. A page you want left out: add an exclude URL filter, or noindex on the page.',
  },
  4: {
    means: 'The site answered 404 or 410: the page does not exist. It is dropped from the search.',
    todo: 'Fix or remove the link that led here (the reason gives the answer); a URL filter can keep the crawl from it.',
  },
  5: {
    means:
      'The site redirected the URL. Its target is crawled in its place, unless it is outside the crawl (another site or a filtered path).',
    todo: 'Nothing, if the target is where you want searches to lead. Link to the target directly to save a fetch.',
  },
  2: {
    means:
      'The site answered with another error (403, 500…; a 429 or 503 once the waits its Retry-After asked for are used up), or the page could not be read or stored. The page of the last crawl stays searchable.',
    todo: 'Check the page in a browser and the server logs for the time shown; the next crawl tries it again.',
  },
  6: {
    means: 'No whole answer within 30 seconds (10 to connect). The page of the last crawl stays searchable.',
    todo: 'Make the page faster, or a longer page load delay so the site is asked less often; the next crawl tries again.',
  },
  10: {
    means:
      'Not fetched: robots.txt disallows it (or could not be read), it is outside the URL filters, its address is private, the connection failed, or it redirects more than 5 times or is over 5 MB. The reason says which.',
    todo: 'Allow SiteseerBot in robots.txt, widen the URL filters, or fix the site; a private address needs your administrator to allow it.',
  },
  7: {
    means: 'Same content as another URL of the crawl, which is indexed instead (the reason names it).',
    todo: 'Nothing, usually: query variants and aliases of a page are expected. A canonical link on the page makes the choice yours.',
  },
  8: {
    means: 'The crawl was stopped, or reached a crawl limit, before fetching it.',
    todo: 'Start the crawl again (the report says which limit was reached); it resumes with these URLs.',
  },
};

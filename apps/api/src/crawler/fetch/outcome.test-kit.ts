import { CRAWL_STATUS, type CrawlStatusCode } from '@siteseer/core';
import type { FetchOutcome } from './outcome.ts';

/**
 * The crawl status of the URL that answered (`outcome.url`). When `outcome.redirects` is not
 * empty, the requested URL itself is Redirected (5) and `outcome.url` is its target.
 */
export function crawlStatusOf(outcome: FetchOutcome): CrawlStatusCode {
  switch (outcome.kind) {
    case 'page':
    case 'not-modified':
      return CRAWL_STATUS.SUCCESS;
    case 'not-found':
      return CRAWL_STATUS.NOT_FOUND;
    case 'http-error':
      return CRAWL_STATUS.FAILED;
    case 'timeout':
      return CRAWL_STATUS.TIMEOUT;
    case 'fetch-failed':
      return CRAWL_STATUS.FETCH_FAILED;
  }
}

/**
 * The crawl loop's store functions, for suites that play its part against a test server's store
 * (the CLI's `crawl watch` follows a crawl they move on URL by URL).
 */
export { endRun, findCrawler } from '@siteseer/api/repositories/crawler/crawlers';
export { completeWork, takeWork } from '@siteseer/api/repositories/crawler/frontier';

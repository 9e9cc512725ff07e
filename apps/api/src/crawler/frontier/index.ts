// The crawler's store: its settings, the frontier of URLs with leases, the crawl report and the
// publishing of finished runs. What the crawl loop and the routes call.
export { findCrawler } from '../../repositories/crawler/crawlers.ts';
export { savePage } from '../../repositories/crawler/pages.ts';
export {
  crawlerCapabilities,
  crawlReport,
  saveEngineCrawler,
  startSiteCrawl,
  stopCrawl,
} from './crawler-service.ts';
export { type FinishedRun, finishCrawlRun, publishCrawl } from './publish.ts';
export { FrontierCopies } from './report-copy.ts';

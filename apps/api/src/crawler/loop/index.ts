export { CrawlWorker, type CrawlWorkerOptions, crawlerUserAgent, LOOP_TIMING } from './crawl-worker.ts';
export type { LoopTiming } from './engine-crawl.ts';

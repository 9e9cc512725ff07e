export type { CrawlEndSink } from './crawl-ended.ts';
export { CrawlWorker } from './crawl-worker.ts';
export type { LoopTiming } from './engine-crawl.ts';

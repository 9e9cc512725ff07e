/**
 * How a crawl run ended, as the crawl loop tells whoever listens (the engine's alerts): published,
 * held by the 10 % guard, or failed (no URL fetched well). The loop knows nothing of what a listener
 * does with it; a listener that fails does not fail the crawl.
 */
export interface CrawlEnded {
  accountId: string;
  engineId: string;
  runId: number;
  outcome: 'published' | 'held' | 'failed';
  /** The run's pages, and the published generation's before it (0 when none was). */
  pages: number;
  previousPages: number;
  /** URLs the run fetched or tried to (not those still waiting or interrupted). */
  fetched: number;
  /** Of them, those whose server answered 4xx or 5xx. */
  httpErrors: number;
}

/** Hears how each crawl run ended (see CrawlEnded). */
export type CrawlEndSink = (ended: CrawlEnded) => Promise<void>;

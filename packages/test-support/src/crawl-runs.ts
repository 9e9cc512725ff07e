// Crawl runs for the suites of the publish call and `crawl publish`, made as the crawl loop makes
// them (the crawler's own store functions), since no loop fetches anything in those suites.
import { type FinishedRun, findCrawler, finishCrawlRun, savePage } from '@siteseer/api/crawler/frontier';

type Store = Parameters<typeof finishCrawlRun>[0];

/**
 * Saves pages 1..`pages` (https://site.test/page-N) in the engine's running crawl, then finishes it
 * as the crawl loop does: published, or held by the 10 % guard. Null when no crawl was running.
 */
export async function finishCrawlWithPages(
  store: Store,
  engine: { accountId: string; engineId: string },
  pages: number,
): Promise<FinishedRun | null> {
  const crawler = await findCrawler(store, engine.accountId, engine.engineId);
  if (crawler?.state !== 'crawling') return null;
  for (let n = 1; n <= pages; n++) {
    const url = `https://site.test/page-${n}`;
    await savePage(store, {
      ...engine,
      runId: crawler.runId,
      urlKey: url,
      url,
      title: `Page ${n}`,
      headings: [],
      description: '',
      language: 'en',
      body: `Text of page ${n}`,
      customTags: {},
      contentHash: `hash-${n}`,
    });
  }
  return finishCrawlRun(store, engine.accountId, engine.engineId, crawler.runId);
}

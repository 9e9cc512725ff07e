// Crawl runs for the suites of publishing (the store's, the publish call's, `crawl publish`), made
// as the crawl loop makes them (the crawler's own store functions), since no loop fetches there.
import type { Changes } from '@siteseer/api/changes';
import { type FinishedRun, findCrawler, finishCrawlRun, savePage } from '@siteseer/api/crawler/frontier';

export { Changes } from '@siteseer/api/changes';

type Store = Parameters<typeof finishCrawlRun>[0];
type Engine = { accountId: string; engineId: string };

/** The URL of page `n` of the pages saved here. */
export const pageUrl = (n: number) => `https://site.test/page-${n}`;

/** Saves pages 1..`count` in run `runId`, each with its own content, titled 'Page N of run R'. */
export async function savePages(db: Store, engine: Engine, runId: number, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) {
    await savePage(db, {
      ...engine,
      runId,
      urlKey: pageUrl(n),
      url: pageUrl(n),
      title: `Page ${n} of run ${runId}`,
      headings: [],
      description: '',
      language: 'en',
      body: `Text of page ${n}`,
      customTags: {},
      contentHash: `hash-${n}`,
    });
  }
}

/**
 * Saves pages 1..`pages` in the engine's running crawl, then finishes it as the crawl loop does:
 * published (and announced on `changes`: a test server's own, `server.state.changes`), or held by
 * the 10 % guard. Null when no crawl was running.
 */
export async function finishCrawlWithPages(
  store: Store,
  changes: Changes,
  engine: Engine,
  pages: number,
): Promise<FinishedRun | null> {
  const crawler = await findCrawler(store, engine.accountId, engine.engineId);
  if (crawler?.state !== 'crawling') return null;
  await savePages(store, engine, crawler.runId, pages);
  return finishCrawlRun(store, changes, engine.accountId, engine.engineId, crawler.runId);
}

import { type CrawlPublished, isHeldByGuard, type PublishCrawlBody } from '@siteseer/core';
import type { Principal } from '../../auth/authenticate.ts';
import { type Changes, keywordGenerationChange } from '../../changes/changes.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import {
  type Crawler,
  endRun,
  findCrawler,
  holdRun,
  publishRun,
} from '../../repositories/crawler/crawlers.ts';
import { countPages, keepRuns } from '../../repositories/crawler/pages.ts';
import { refreshPageStatistics } from '../../repositories/keyword/pages.ts';
import type { Queryable, Store } from '../../store/types.ts';
import { writableKeywordEngine } from './crawler-service.ts';

/** What finishing a run did: published it, or held it back (the 10 % guard). */
export interface FinishedRun {
  published: boolean;
  /** The run's pages. */
  pages: number;
  /** The pages of the generation published before (0 when none was). */
  previousPages: number;
}

/** The run's pages and the published generation's, counted now. */
async function generationSizes(tx: Queryable, crawler: Crawler, runId: number) {
  const { accountId, engineId, publishedRunId } = crawler;
  return {
    pages: await countPages(tx, accountId, engineId, runId),
    previousPages: publishedRunId === null ? 0 : await countPages(tx, accountId, engineId, publishedRunId),
  };
}

/**
 * Switches search to the finished run `runId` and deletes the pages of every other run; false when
 * the crawl is no longer that finished run.
 */
async function publish(tx: Queryable, crawler: Crawler, runId: number, pages: number): Promise<boolean> {
  const { accountId, engineId } = crawler;
  if (!(await publishRun(tx, accountId, engineId, runId, pages))) return false;
  await keepRuns(tx, accountId, engineId, [runId]);
  return true;
}

/**
 * The crawl loop's end of a run with no waiting URL left: ends run `runId` (finished) and publishes
 * it, unless it lost more than 10 % of the published generation's pages; then it is held until the
 * owner publishes it anyway (`publishCrawl`). One transaction. Null when the crawl is no longer
 * crawling run `runId` (stopped or started again meanwhile): nothing is changed then.
 */
export async function finishCrawlRun(
  store: Store,
  changes: Changes,
  accountId: string,
  engineId: string,
  runId: number,
): Promise<FinishedRun | null> {
  const finished = await store.transaction(async (tx): Promise<FinishedRun | null> => {
    if (!(await endRun(tx, accountId, engineId, runId, 'finished'))) return null;
    const crawler = await findCrawler(tx, accountId, engineId);
    if (!crawler) return null;
    const sizes = await generationSizes(tx, crawler, runId);
    if (isHeldByGuard(sizes.pages, sizes.previousPages)) {
      await holdRun(tx, accountId, engineId, runId, sizes.pages);
      return { published: false, ...sizes };
    }
    await publish(tx, crawler, runId, sizes.pages);
    return { published: true, ...sizes };
  });
  // Committed: search switches to the new pages, which are indexed at once.
  if (finished?.published) await crawlPublished(store, changes, { accountId, engineId });
  return finished;
}

/**
 * A keyword engine's crawl was published (committed): statistics refreshed, then announced on the
 * changes' keyword generations topic, which every process serving search hears and indexes the new
 * pages at once (searches need not wait to read it: see LiveClients), so they are searchable within
 * moments of the crawl finishing.
 */
async function crawlPublished(
  store: Store,
  changes: Changes,
  engine: { accountId: string; engineId: string },
): Promise<void> {
  await refreshPageStatistics(store);
  await changes.announce('keywordGenerations', keywordGenerationChange('published', engine));
}

/** Why there is no finished crawl to publish, for a crawl in this state. */
const NOTHING_TO_PUBLISH: Record<Exclude<Crawler['state'], 'finished'>, string> = {
  crawling: 'The crawl is still running: it is published when it finishes.',
  stopped: 'The crawl was stopped before it finished: start it again to publish a new crawl.',
  failed: 'The crawl failed: there is no finished crawl to publish.',
};

/**
 * `POST datasource/crawler/publish` (Siteseer's): publishes the engine's latest finished crawl even
 * when the 10 % guard held it back. 409 when there is none, or it is already published.
 */
export async function publishCrawl(
  store: Store,
  changes: Changes,
  principal: Principal,
  body: PublishCrawlBody,
): Promise<CrawlPublished> {
  const { access, engine } = await writableKeywordEngine(store, principal, body.accountId, body.engineId);
  const published = await store.transaction(async (tx) => {
    const crawler = await findCrawler(tx, access.account.id, engine.id);
    if (!crawler) throw new NotFoundError('Crawler');
    if (crawler.state !== 'finished') throw new ConflictError(NOTHING_TO_PUBLISH[crawler.state]);
    if (crawler.publishedRunId === crawler.runId) {
      throw new ConflictError('The latest crawl is already published.');
    }
    const sizes = await generationSizes(tx, crawler, crawler.runId);
    if (!(await publish(tx, crawler, crawler.runId, sizes.pages))) {
      throw new ConflictError('The crawl was started again meanwhile: there is nothing to publish.');
    }
    return { engineId: engine.id, runId: crawler.runId, ...sizes };
  });
  await crawlPublished(store, changes, { accountId: access.account.id, engineId: engine.id });
  return published;
}

import { CRAWL_STATUS, type CrawlReportSitemaps } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';
import { type Crawler, findCrawler } from './crawlers.ts';
import { WAITING_STATUSES } from './frontier.ts';

const WAITING = `(${WAITING_STATUSES.join(', ')})`;

/**
 * Takes (or renews) the lease on a running crawl for `owner`: free, already the owner's, or
 * expired (its process died). The owner's leased URLs are renewed with it, so they expire together
 * when the owner dies. Returns the crawler, or undefined when it is not crawling or another live
 * process drives it. Times are the database's.
 */
export async function leaseCrawl(
  db: Queryable,
  crawl: { accountId: string; engineId: string },
  owner: string,
  leaseMs: number,
): Promise<Crawler | undefined> {
  const { rowCount } = await db.query(
    `UPDATE crawlers SET worker_owner = $3, worker_until = now() + $4 * interval '1 millisecond'
     WHERE account_id = $1 AND engine_id = $2 AND state = 'crawling'
       AND (worker_owner IS NULL OR worker_owner = $3 OR worker_until < now())`,
    [crawl.accountId, crawl.engineId, owner, leaseMs],
  );
  if (rowCount === 0) return undefined;
  await db.query(
    `UPDATE crawl_urls SET lease_until = now() + $4 * interval '1 millisecond'
     WHERE account_id = $1 AND engine_id = $2 AND lease_owner = $3 AND status IN ${WAITING}`,
    [crawl.accountId, crawl.engineId, owner, leaseMs],
  );
  return findCrawler(db, crawl.accountId, crawl.engineId);
}

/**
 * The owner lets the crawl go (it stopped driving it): another process may take it at once, and
 * the URLs it had taken but not fetched wait free again. Its fetches have settled by then, so none
 * of its leases is still in use; left in place, a drive by the same owner would renew them with the
 * crawl's lease and never take them.
 */
export async function releaseCrawl(
  db: Queryable,
  crawl: { accountId: string; engineId: string },
  owner: string,
): Promise<void> {
  await db.query(
    `UPDATE crawlers SET worker_owner = NULL, worker_until = NULL
     WHERE account_id = $1 AND engine_id = $2 AND worker_owner = $3`,
    [crawl.accountId, crawl.engineId, owner],
  );
  await db.query(
    `UPDATE crawl_urls SET lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0)
     WHERE account_id = $1 AND engine_id = $2 AND lease_owner = $3 AND status IN ${WAITING}`,
    [crawl.accountId, crawl.engineId, owner],
  );
}

/** Whether a live process drives the crawl (holds its unexpired lease). */
export async function isDriven(
  db: Queryable,
  crawl: { accountId: string; engineId: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM crawlers WHERE account_id = $1 AND engine_id = $2 AND worker_owner IS NOT NULL
       AND worker_until > now()`,
    [crawl.accountId, crawl.engineId],
  );
  return rows.length > 0;
}

/**
 * Every crawl and URL lease of the store is dropped, the leased URLs back to Pending fetch: for a
 * store one process holds alone (PGlite behind its data-directory lock), where any lease found on
 * start is a dead process's, so a restart resumes at once instead of after the leases expire.
 * Scheduler-wide, as listRunningCrawls.
 */
export async function dropAllLeases(db: Queryable): Promise<void> {
  await db.query(
    'UPDATE crawlers SET worker_owner = NULL, worker_until = NULL WHERE worker_owner IS NOT NULL',
  );
  await db.query(
    `UPDATE crawl_urls SET status = ${CRAWL_STATUS.PENDING_FETCH}, lease_owner = NULL, lease_until = NULL
     WHERE lease_owner IS NOT NULL AND status IN ${WAITING}`,
  );
}

/** Whether the run's sitemaps were read (a resumed or taken-over crawl does not read them again). */
export async function sitemapsRead(
  db: Queryable,
  crawl: { accountId: string; engineId: string },
  runId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM crawlers WHERE account_id = $1 AND engine_id = $2 AND sitemaps_run_id = $3',
    [crawl.accountId, crawl.engineId, runId],
  );
  return rows.length > 0;
}

/** Records that the run's sitemaps were read and their pages queued, and what came of each sitemap. */
export async function markSitemapsRead(
  db: Queryable,
  crawl: { accountId: string; engineId: string },
  runId: number,
  sitemaps: CrawlReportSitemaps,
): Promise<void> {
  await db.query(
    'UPDATE crawlers SET sitemaps_run_id = $3, sitemaps = $4::text::jsonb WHERE account_id = $1 AND engine_id = $2',
    [crawl.accountId, crawl.engineId, runId, JSON.stringify(sitemaps)],
  );
}

import { CRAWL_STATUS } from '@siteseer/core';
import type { Queryable, Store } from '../../store/types.ts';
import { startRun } from './crawlers.ts';
import { WAITING_STATUSES } from './frontier.ts';

/** Statuses a re-crawl leaves alone: waiting already, or interrupted by a user's stop. */
const NOT_DUE = `(${[...WAITING_STATUSES, CRAWL_STATUS.INTERRUPTED].join(', ')})`;

/**
 * Ended crawls (finished or failed, not stopped by a user) with a URL due again (its next check,
 * set by the crawl frequency, has passed). Scheduler-wide, as listRunningCrawls.
 */
export async function listDueCrawls(db: Queryable): Promise<{ accountId: string; engineId: string }[]> {
  const { rows } = await db.query<{ account_id: string; engine_id: string }>(
    `SELECT c.account_id, c.engine_id FROM crawlers c
     WHERE c.state IN ('finished', 'failed') AND EXISTS (
       SELECT 1 FROM crawl_urls u
       WHERE u.account_id = c.account_id AND u.engine_id = c.engine_id
         AND u.status NOT IN ${NOT_DUE} AND u.next_check <= now())`,
  );
  return rows.map((row) => ({ accountId: row.account_id, engineId: row.engine_id }));
}

/**
 * Starts the re-crawl of an ended crawl: a new run (its pages carried from the last one), the due
 * URLs and the start URLs back to Pending fetch (start pages show what is new on the site). One
 * transaction; false when the crawl is no longer ended (another process started it first).
 */
export async function startRecrawl(
  store: Store,
  crawl: { accountId: string; engineId: string },
): Promise<boolean> {
  const { accountId, engineId } = crawl;
  return store.transaction(async (tx) => {
    const { rows } = await tx.query(
      `SELECT 1 FROM crawlers WHERE account_id = $1 AND engine_id = $2 AND state IN ('finished', 'failed')
       FOR UPDATE SKIP LOCKED`,
      [accountId, engineId],
    );
    if (rows.length === 0) return false;
    await startRun(tx, accountId, engineId, false);
    await tx.query(
      `UPDATE crawl_urls u SET status = ${CRAWL_STATUS.PENDING_FETCH}, reason = NULL
       FROM crawlers c
       WHERE u.account_id = $1 AND u.engine_id = $2 AND c.account_id = $1 AND c.engine_id = $2
         AND u.status NOT IN ${NOT_DUE} AND (u.next_check <= now() OR u.url = ANY (c.urls))`,
      [accountId, engineId],
    );
    return true;
  });
}

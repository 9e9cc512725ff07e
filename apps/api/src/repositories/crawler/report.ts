import { CrawlReportSitemaps } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';

/** A frontier row as the crawl report shows it. */
export interface ReportRow {
  id: number;
  url: string;
  status: number;
  last_check: Date | null;
  next_check: Date | null;
  reason: string | null;
  /** The page whose link first led the crawl here; null for a start URL or a sitemap's. */
  discovered_from: string | null;
}

/**
 * An engine's frontier rows written since transaction `sinceXid` (all rows when null), and the
 * transaction id to pass next time. That id is the oldest transaction still running when this read
 * began: every write this read may have missed comes from it or a later one, so reading from it
 * again misses nothing (some rows are read twice, which is harmless).
 */
export async function readFrontierChanges(
  db: Queryable,
  accountId: string,
  engineId: string,
  sinceXid: string | null,
): Promise<{ rows: ReportRow[]; nextXid: string }> {
  // Read before the rows, in its own statement: the rows' snapshot is then no older than it.
  const snapshot = await db.query<{ xmin: string }>(
    'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin',
  );
  const nextXid = snapshot.rows[0]?.xmin ?? '0';
  const { rows } = await db.query<ReportRow>(
    `SELECT id, url, status, last_check, next_check, reason, discovered_from FROM crawl_urls
     WHERE account_id = $1 AND engine_id = $2 AND ($3::text IS NULL OR changed_xid >= $3::text::xid8)`,
    [accountId, engineId, sinceXid],
  );
  return { rows, nextXid };
}

/**
 * What run `runId` did with its start sites' sitemaps, or undefined until it has read them (a
 * crawl just started, or started again: the previous run's are not this one's).
 */
export async function readSitemapReport(
  db: Queryable,
  accountId: string,
  engineId: string,
  runId: number,
): Promise<CrawlReportSitemaps | undefined> {
  const { rows } = await db.query<{ sitemaps: unknown }>(
    `SELECT sitemaps FROM crawlers
     WHERE account_id = $1 AND engine_id = $2 AND sitemaps_run_id = $3 AND sitemaps IS NOT NULL`,
    [accountId, engineId, runId],
  );
  const [row] = rows;
  return row ? CrawlReportSitemaps.parse(row.sitemaps) : undefined;
}

import type { EngineHealth } from '@siteseer/core';
import { CRAWL_STATUS } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

interface HealthRow {
  engine_id: string;
  type: 'pm' | 'kw';
  crawl_state: 'crawling' | 'finished' | 'stopped' | 'failed' | null;
  run_finished_at: Date | null;
  published_run_id: string | null;
  published_pages: number | null;
  held_run_id: string | null;
  run_pages: number | null;
  published_at: Date | null;
  row_count: number | null;
  fetched: string | null;
  known: string | null;
  failure_reason: string | null;
  searches: string | null;
}

const WAITING = [CRAWL_STATUS.CREATED, CRAWL_STATUS.PENDING_FETCH];

/**
 * The health of every engine of these accounts (null: every account) in one statement: the crawler
 * row, the parametric published pointer and its row count, the frontier's counts for running crawls
 * only, the commonest reason of a failed crawl, and the searches of the last 7 days from the daily
 * rollups. Keyed by engine id.
 */
export async function listEngineHealth(
  db: Queryable,
  accountIds: readonly string[] | null,
): Promise<Map<string, EngineHealth>> {
  const { rows } = await db.query<HealthRow>(
    `SELECT e.id AS engine_id, e.type, c.state AS crawl_state, c.run_finished_at,
       c.published_run_id::text AS published_run_id, c.published_pages, c.held_run_id::text AS held_run_id,
       c.run_pages, p.published_at, v.row_count, f.fetched::text AS fetched, f.known::text AS known,
       r.reason AS failure_reason, s.searches::text AS searches
     FROM engines e
     LEFT JOIN crawlers c ON c.account_id = e.account_id AND c.engine_id = e.id
     LEFT JOIN parametric_published p ON p.account_id = e.account_id AND p.engine_id = e.id
     LEFT JOIN parametric_versions v
       ON v.account_id = p.account_id AND v.import_id = p.import_id AND v.version = p.version
     LEFT JOIN LATERAL (
       SELECT count(*) FILTER (WHERE u.status <> ALL($2::smallint[])) AS fetched, count(*) AS known
       FROM crawl_urls u
       WHERE u.account_id = e.account_id AND u.engine_id = e.id AND c.state = 'crawling'
     ) f ON c.state = 'crawling'
     LEFT JOIN LATERAL (
       SELECT u.reason FROM crawl_urls u
       WHERE u.account_id = e.account_id AND u.engine_id = e.id AND c.state = 'failed'
         AND u.reason IS NOT NULL
       GROUP BY u.reason ORDER BY count(*) DESC, u.reason LIMIT 1
     ) r ON c.state = 'failed'
     LEFT JOIN LATERAL (
       SELECT sum(d.searches) AS searches
       FROM clients cl JOIN analytics_days d ON d.account_id = cl.account_id AND d.client_id = cl.id
       WHERE cl.account_id = e.account_id AND cl.engine_id = e.id
         AND d.day > (now() AT TIME ZONE 'UTC')::date - 7
     ) s ON true
     WHERE $1::uuid[] IS NULL OR e.account_id = ANY($1::uuid[])`,
    [accountIds, WAITING],
  );
  return new Map(rows.map((row) => [row.engine_id, toHealth(row)]));
}

function toHealth(row: HealthRow): EngineHealth {
  const keyword = row.type === 'kw';
  const published = keyword ? row.published_run_id !== null : row.published_at !== null;
  const liveCount = published ? (keyword ? row.published_pages : row.row_count) : null;
  const base = {
    liveCount: liveCount ?? null,
    // A crawl published when it finished (not held, not failed) went live then.
    liveAt: keyword
      ? row.published_run_id !== null && row.crawl_state === 'finished' && row.held_run_id === null
        ? (row.run_finished_at?.toISOString() ?? null)
        : null
      : (row.published_at?.toISOString() ?? null),
    lastCrawledAt: row.crawl_state === 'crawling' ? null : (row.run_finished_at?.toISOString() ?? null),
    crawl: null,
    heldPages: null,
    failureReason: null,
    searchesLast7Days: Number(row.searches ?? 0),
  };
  if (row.crawl_state === 'crawling')
    return {
      ...base,
      state: 'crawling',
      crawl: { fetched: Number(row.fetched ?? 0), known: Number(row.known ?? 0) },
    };
  if (row.held_run_id !== null) return { ...base, state: 'held', heldPages: row.run_pages ?? 0 };
  if (row.crawl_state === 'failed')
    return {
      ...base,
      state: 'failed',
      failureReason: row.failure_reason ?? 'No page of the crawl could be fetched.',
    };
  return { ...base, state: published ? 'live' : 'never-published' };
}

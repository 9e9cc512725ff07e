import type { CrawlReportHit } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';

/** One page of an engine's crawl report. */
export interface ReportQuery {
  accountId: string;
  engineId: string;
  fromIndex: number;
  resultSize: number;
  /** URLs containing this text, any case; empty: every URL. */
  searchTerm: string;
  /** Only URLs of this status code. */
  status?: number | undefined;
}

export interface ReportPage {
  total: number;
  hits: CrawlReportHit[];
  /** How many URLs of the engine have each status code (whatever the filter). */
  counts: Record<string, number>;
}

interface HitRow {
  id: number;
  url: string;
  status: number;
  last_check: Date | null;
  next_check: Date | null;
}

/**
 * A page of the report in discovery order (the frontier's id), so the pages a reader has seen stay
 * put while a crawl appends URLs. The text filter is a substring of the URL in any case.
 */
export async function reportPage(db: Queryable, query: ReportQuery): Promise<ReportPage> {
  const params: unknown[] = [query.accountId, query.engineId];
  let where = 'account_id = $1 AND engine_id = $2';
  const term = query.searchTerm.trim().toLowerCase();
  if (term !== '') {
    params.push(term);
    where += ` AND strpos(lower(url), $${params.length}) > 0`;
  }
  if (query.status !== undefined) {
    params.push(query.status);
    where += ` AND status = $${params.length}`;
  }
  const counted = await db.query<{ status: number; n: number }>(
    `SELECT status, count(*)::int AS n FROM crawl_urls WHERE account_id = $1 AND engine_id = $2
     GROUP BY status`,
    [query.accountId, query.engineId],
  );
  const counts = Object.fromEntries(counted.rows.map((row) => [String(row.status), row.n]));
  const total =
    term === ''
      ? query.status === undefined
        ? counted.rows.reduce((sum, row) => sum + row.n, 0)
        : (counts[String(query.status)] ?? 0)
      : ((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM crawl_urls WHERE ${where}`, params))
          .rows[0]?.n ?? 0);
  const hits =
    query.fromIndex >= total
      ? []
      : (
          await db.query<HitRow>(
            `SELECT id, url, status, last_check, next_check FROM crawl_urls WHERE ${where}
             ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
            [...params, query.resultSize, query.fromIndex],
          )
        ).rows.map((row) => ({
          id: String(row.id),
          url: row.url,
          status: row.status,
          last_check: row.last_check?.toISOString() ?? null,
          next_check: row.next_check?.toISOString() ?? null,
        }));
  return { total, hits, counts };
}

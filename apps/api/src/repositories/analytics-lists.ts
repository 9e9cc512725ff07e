import type { Queryable, Store } from '../store/types.ts';
import type { AnalyticsScope, DayRange } from './analytics-reports.ts';
import type { TopListSpec } from './analytics-top-lists.ts';

// The rollup reads of the reports' lists keyed by query or URL (0011-analytics-rollups.sql): the
// lists' definitions over the daily rollups and their weekly and monthly tier, read from the head
// of each part of a period (analytics-top-lists.ts) or by one grouping of the period's rows.

/** A period split into runs of rollup rows (analytics/period-parts.ts makes it from a range). */
export interface PeriodParts {
  /** Ranges of single days (at most 4). */
  days: DayRange[];
  /** Ranges of week starts (Mondays): each week inside the period whole (at most 2 ranges). */
  weeks: DayRange[];
  /** A range of month starts: each month inside the period whole (at most 1 range). */
  months: DayRange[];
}

/** How a list of queries is chosen and ordered. */
export type QueryOrder = 'searches' | 'zero-results' | 'no-clicks';

/**
 * Memory a grouping of a period's queries or URLs may use on a PostgreSQL server: tens of
 * thousands of groups outgrow the default 4 MB, and a hash aggregate past it spills to disk.
 */
const GROUPING_WORK_MEM = '64MB';

/** Runs a grouping read with GROUPING_WORK_MEM on PostgreSQL (PGlite's memory is its own). */
function grouping<T>(db: Store, read: (q: Queryable) => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return read(db);
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL work_mem = '${GROUPING_WORK_MEM}'`);
    return read(tx);
  });
}

/**
 * The rows of a rollup kept by day (`daily`) and by week and month (`spans`) that make up a
 * period's `parts`, as one UNION ALL of index ranges. Parameters from `$first` on.
 */
function partsSql(
  parts: PeriodParts,
  columns: string,
  daily: string,
  spans: string,
  first: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const between = (column: string, r: DayRange) => {
    params.push(r.from, r.to);
    return `${column} BETWEEN $${first + params.length - 2}::date AND $${first + params.length - 1}::date`;
  };
  const selects: string[] = [];
  if (parts.days.length > 0)
    selects.push(
      `SELECT ${columns} FROM ${daily} WHERE account_id = $1 AND client_id = $2
         AND (${parts.days.map((r) => between('day', r)).join(' OR ')})`,
    );
  const spanConditions = [
    ...parts.months.map((r) => `(span = 'month' AND ${between('start', r)})`),
    ...parts.weeks.map((r) => `(span = 'week' AND ${between('start', r)})`),
  ];
  if (spanConditions.length > 0)
    selects.push(
      `SELECT ${columns} FROM ${spans} WHERE account_id = $1 AND client_id = $2
         AND (${spanConditions.join(' OR ')})`,
    );
  return { sql: selects.join('\nUNION ALL\n'), params };
}

const QUERY_LISTS: Record<QueryOrder, { where: string; orderBy: string }> = {
  searches: { where: 'true', orderBy: 'searches DESC, query' },
  'zero-results': { where: 'zero > 0', orderBy: 'zero DESC, searches DESC, query' },
  // Searches that found results and were never clicked: what visitors saw and did not want.
  'no-clicks': { where: 'clicked = 0 AND searches > zero', orderBy: 'searches - zero DESC, query' },
};

/** A query's sums over a period, as the query lists read them. */
export interface QueryListRow {
  query: string;
  searches: number;
  zero: number;
  clicks: number;
  clicked: number;
  positions: number;
}

const QUERY_COLUMNS = 'searches, zero_result_searches, clicks, clicked_searches, click_position_sum';
const QUERY_SUMS = `sum(searches) AS searches, sum(zero_result_searches) AS zero, sum(clicks) AS clicks,
  sum(clicked_searches) AS clicked, sum(click_position_sum::float8) AS positions`;

/**
 * The lists read from the head of each part of the period (analytics-top-lists.ts): their
 * measure is a sum of one rollup column, indexed per part by 0012-analytics-top-lists.sql. The
 * no-clicks list (a condition over the whole period, on the long tail) is grouped.
 */
export const QUERY_TOP_LISTS: Partial<Record<QueryOrder, TopListSpec>> = {
  searches: {
    daily: 'analytics_day_queries',
    spans: 'analytics_span_queries',
    key: 'query',
    measure: 'searches',
    positiveOnly: false,
    columns: QUERY_COLUMNS,
    sums: QUERY_SUMS,
    total: 'searches',
    ...QUERY_LISTS.searches,
  },
  'zero-results': {
    daily: 'analytics_day_queries',
    spans: 'analytics_span_queries',
    key: 'query',
    measure: 'zero_result_searches',
    positiveOnly: true,
    columns: QUERY_COLUMNS,
    sums: QUERY_SUMS,
    total: 'zero',
    ...QUERY_LISTS['zero-results'],
  },
};

/** Most clicked URLs, from the head of each part of the period (analytics-top-lists.ts). */
export const URL_TOP_LIST: TopListSpec = {
  daily: 'analytics_day_urls',
  spans: 'analytics_span_urls',
  key: 'url_md5',
  measure: 'clicks',
  positiveOnly: true,
  columns: 'url, clicks, click_position_sum',
  sums: 'sum(clicks) AS clicks, sum(click_position_sum::float8) AS positions',
  extra: 'min(url) AS url',
  total: 'clicks',
  where: 'true',
  orderBy: 'clicks DESC, url',
};

/**
 * The lists of `orders` from one grouping of every row of the period's `parts` (grouped once
 * however many lists need it): at most `limit` rows each, with their list and rank in it.
 */
export async function groupQueryRows(
  db: Store,
  scope: AnalyticsScope,
  parts: PeriodParts,
  orders: readonly QueryOrder[],
  limit: number,
): Promise<(QueryListRow & { list: QueryOrder; rank: number })[]> {
  const rows = partsSql(
    parts,
    `query, ${QUERY_COLUMNS}`,
    'analytics_day_queries',
    'analytics_span_queries',
    4,
  );
  // Each list is cut to `limit` first and numbered after: numbering every group sorted them all.
  const { rows: found } = await grouping(db, (q) =>
    q.query<QueryListRow & { list: QueryOrder; rank: number }>(
      `WITH g AS MATERIALIZED (
       SELECT query, ${QUERY_SUMS}
       FROM (${rows.sql}) r GROUP BY query
     )
     ${orders
       .map((order) => {
         const { where, orderBy } = QUERY_LISTS[order];
         return `(SELECT '${order}' AS list, row_number() OVER (ORDER BY ${orderBy}) AS rank, t.*
           FROM (SELECT * FROM g WHERE ${where} ORDER BY ${orderBy} LIMIT $3) t)`;
       })
       .join('\nUNION ALL\n')}`,
      [scope.accountId, scope.clientId, limit, ...rows.params],
    ),
  );
  return found;
}

/** The most clicked URLs from one grouping of every row of the period's `parts`, at most `limit`. */
export async function groupUrlRows(
  db: Store,
  scope: AnalyticsScope,
  parts: PeriodParts,
  limit: number,
): Promise<{ url: string; clicks: number; positions: number }[]> {
  const rows = partsSql(
    parts,
    'url, clicks, click_position_sum',
    'analytics_day_urls',
    'analytics_span_urls',
    4,
  );
  // By the URL itself (its md5 keys the rows: equal URLs, equal md5s): no min(url) per row.
  const { rows: found } = await grouping(db, (q) =>
    q.query<{ url: string; clicks: number; positions: number }>(
      `SELECT url, sum(clicks) AS clicks, sum(click_position_sum::float8) AS positions
       FROM (${rows.sql}) r
       GROUP BY url ORDER BY clicks DESC, url LIMIT $3`,
      [scope.accountId, scope.clientId, limit, ...rows.params],
    ),
  );
  return found;
}

import type { AnalyticsQueryRow, AnalyticsResultRow } from '@siteseer/core';
import type { Queryable, Store } from '../store/types.ts';
import { type DayRange, periodParts } from './period-parts.ts';
import type { AnalyticsScope, QueryOrder } from './report-queries.ts';
import { partKeys, readTopList, type TopListSpec } from './top-lists.ts';

// The reports' lists keyed by query or URL over a period: from the head of each part of the
// period where their order allows (top-lists.ts), else one grouping of the period's rows read as
// months, weeks and days (period-parts.ts).

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

export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function average(sum: number, count: number): number | null {
  return count > 0 ? sum / count : null;
}

/**
 * The rows of a rollup kept by day (`daily`) and by week and month (`spans`) that make up
 * `range`, as one UNION ALL of index ranges (see period-parts.ts). Parameters from `$first` on.
 */
function partsSql(
  range: DayRange,
  columns: string,
  daily: string,
  spans: string,
  first: number,
): { sql: string; params: unknown[] } {
  const parts = periodParts(range);
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

interface QueryListRow {
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
 * The lists read from the head of each part of the period (top-lists.ts): their measure is a sum
 * of one rollup column, indexed per part by 0012-analytics-top-lists.sql. The no-clicks list (a
 * condition over the whole period, on the long tail) is grouped.
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

function queryRow(row: QueryListRow): AnalyticsQueryRow {
  return {
    query: row.query,
    searches: row.searches,
    zeroResultSearches: row.zero,
    clicks: row.clicks,
    clickedSearches: row.clicked,
    clickThroughRate: rate(row.clicked, row.searches),
    averageClickPosition: average(row.positions, row.clicks),
  };
}

/**
 * The period's queries in the `orders` asked for, at most `limit` each: most searched, most often
 * without results, found but never clicked. The first two from the head of each part of the
 * period (exact: see top-lists.ts); what that cannot prove within its depth, and the no-clicks
 * list, from one grouping of the period's rows (grouped once however many lists need it).
 */
export async function readQueryLists(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  orders: readonly QueryOrder[],
  limit: number,
): Promise<Partial<Record<QueryOrder, AnalyticsQueryRow[]>>> {
  const lists: Partial<Record<QueryOrder, AnalyticsQueryRow[]>> = {};
  if (range.from > range.to || orders.length === 0) {
    return Object.fromEntries(orders.map((order) => [order, []]));
  }
  const keys = partKeys(range);
  const grouped: QueryOrder[] = [];
  for (const order of orders) {
    const spec = QUERY_TOP_LISTS[order];
    const top = spec && (await readTopList<QueryListRow>(db, scope, keys, spec, limit));
    if (top) lists[order] = top.map(queryRow);
    else grouped.push(order);
  }
  if (grouped.length > 0) Object.assign(lists, await groupQueryLists(db, scope, range, grouped, limit));
  return lists;
}

/** The lists of `orders` from one grouping of every row of the period. */
export async function groupQueryLists(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  orders: readonly QueryOrder[],
  limit: number,
): Promise<Partial<Record<QueryOrder, AnalyticsQueryRow[]>>> {
  const lists: Partial<Record<QueryOrder, AnalyticsQueryRow[]>> = Object.fromEntries(
    orders.map((order) => [order, []]),
  );
  const parts = partsSql(
    range,
    `query, ${QUERY_COLUMNS}`,
    'analytics_day_queries',
    'analytics_span_queries',
    4,
  );
  // Each list is cut to `limit` first and numbered after: numbering every group sorted them all.
  const { rows } = await grouping(db, (q) =>
    q.query<QueryListRow & { list: QueryOrder; rank: number }>(
      `WITH g AS MATERIALIZED (
       SELECT query, ${QUERY_SUMS}
       FROM (${parts.sql}) r GROUP BY query
     )
     ${orders
       .map((order) => {
         const { where, orderBy } = QUERY_LISTS[order];
         return `(SELECT '${order}' AS list, row_number() OVER (ORDER BY ${orderBy}) AS rank, t.*
           FROM (SELECT * FROM g WHERE ${where} ORDER BY ${orderBy} LIMIT $3) t)`;
       })
       .join('\nUNION ALL\n')}`,
      [scope.accountId, scope.clientId, limit, ...parts.params],
    ),
  );
  for (const row of [...rows].sort((a, b) => a.rank - b.rank)) lists[row.list]?.push(queryRow(row));
  return lists;
}

/** Most clicked URLs, from the head of each part of the period (top-lists.ts). */
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

/** The period's most clicked result URLs, at most `limit`. */
export async function readResults(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  limit: number,
): Promise<AnalyticsResultRow[]> {
  if (range.from > range.to) return [];
  type Row = { url: string; clicks: number; positions: number };
  const top = await readTopList<Row>(db, scope, partKeys(range), URL_TOP_LIST, limit);
  const rows = top ?? (await groupResults(db, scope, range, limit));
  return rows.map(({ url, clicks, positions }) => ({
    url,
    clicks,
    averageClickPosition: average(positions, clicks),
  }));
}

/** The most clicked URLs from one grouping of every row of the period. */
export async function groupResults(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  limit: number,
): Promise<{ url: string; clicks: number; positions: number }[]> {
  const parts = partsSql(
    range,
    'url, clicks, click_position_sum',
    'analytics_day_urls',
    'analytics_span_urls',
    4,
  );
  // By the URL itself (its md5 keys the rows: equal URLs, equal md5s): no min(url) per row.
  const { rows } = await grouping(db, (q) =>
    q.query<{ url: string; clicks: number; positions: number }>(
      `SELECT url, sum(clicks) AS clicks, sum(click_position_sum::float8) AS positions
       FROM (${parts.sql}) r
       GROUP BY url ORDER BY clicks DESC, url LIMIT $3`,
      [scope.accountId, scope.clientId, limit, ...parts.params],
    ),
  );
  return rows;
}

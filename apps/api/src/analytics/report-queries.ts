import type {
  AnalyticsDayRow,
  AnalyticsQueryRow,
  AnalyticsResultRow,
  AnalyticsSummary,
} from '@siteseer/core';
import { addDays, daysBetween } from '@siteseer/core';
import type { Queryable, Store } from '../store/types.ts';
import { type DayRange, periodParts } from './period-parts.ts';

// The reads of the reports: every statement is one client's rollup rows (0011-analytics-rollups.sql)
// over a range of days, its key's leading columns (account_id, client_id, day) bound.

/** One client's reports: its account is part of every key. */
export interface AnalyticsScope {
  accountId: string;
  clientId: string;
}

export type { DayRange };

/** How a list of queries is chosen and ordered. */
export type QueryOrder = 'searches' | 'zero-results' | 'no-clicks';

export interface TabRow {
  tab: string;
  searches: number;
  zeroResultSearches: number;
  clicks: number;
  clickedSearches: number;
  clickThroughRate: number | null;
}

export interface FilterRow {
  filterId: string;
  searches: number;
  zeroResultSearches: number;
  /** Its most selected list values, most first (none for a range filter). */
  values: { value: string; searches: number }[];
}

const SCOPE = 'account_id = $1 AND client_id = $2 AND day BETWEEN $3::date AND $4::date';

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

function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

function average(sum: number, count: number): number | null {
  return count > 0 ? sum / count : null;
}

function scopeParams(scope: AnalyticsScope, range: DayRange): unknown[] {
  return [scope.accountId, scope.clientId, range.from, range.to];
}

interface Totals {
  searches: number;
  zero: number;
  visitors: number;
  clicks: number;
  clicked: number;
  positions: number;
  latency: number;
}

/** Totals and rates of a period. */
export async function readSummary(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<AnalyticsSummary> {
  const { rows } = await db.query<Totals>(
    `SELECT coalesce(sum(searches), 0) AS searches, coalesce(sum(zero_result_searches), 0) AS zero,
       coalesce(sum(visitors), 0) AS visitors, coalesce(sum(clicks), 0) AS clicks,
       coalesce(sum(clicked_searches), 0) AS clicked, coalesce(sum(click_position_sum), 0)::float8 AS positions,
       coalesce(sum(latency_ms_sum), 0) AS latency
     FROM analytics_days WHERE ${SCOPE}`,
    scopeParams(scope, range),
  );
  const t = rows[0] as Totals;
  return {
    searches: t.searches,
    zeroResultSearches: t.zero,
    zeroResultRate: rate(t.zero, t.searches),
    visitors: t.visitors,
    clicks: t.clicks,
    clickedSearches: t.clicked,
    clickThroughRate: rate(t.clicked, t.searches),
    averageClickPosition: average(t.positions, t.clicks),
    averageLatencyMs: average(t.latency, t.searches),
  };
}

/** Every day of the period, oldest first; days without searches as zeros. */
export async function readDays(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<AnalyticsDayRow[]> {
  const { rows } = await db.query<AnalyticsDayRow>(
    `SELECT day, searches, zero_result_searches AS "zeroResultSearches", visitors, clicks,
       clicked_searches AS "clickedSearches"
     FROM analytics_days WHERE ${SCOPE} ORDER BY day`,
    scopeParams(scope, range),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => {
    const day = addDays(range.from, i);
    return (
      byDay.get(day) ?? {
        day,
        searches: 0,
        zeroResultSearches: 0,
        visitors: 0,
        clicks: 0,
        clickedSearches: 0,
      }
    );
  });
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

/**
 * The period's queries in the `orders` asked for, at most `limit` each: most searched, most often
 * without results, found but never clicked. One scan of the rollups, grouped once however many
 * lists are asked for (a dashboard shows two).
 */
export async function readQueryLists(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  orders: readonly QueryOrder[],
  limit: number,
): Promise<Partial<Record<QueryOrder, AnalyticsQueryRow[]>>> {
  const lists: Partial<Record<QueryOrder, AnalyticsQueryRow[]>> = Object.fromEntries(
    orders.map((order) => [order, []]),
  );
  if (range.from > range.to || orders.length === 0) return lists;
  const parts = partsSql(
    range,
    'query, searches, zero_result_searches, clicks, clicked_searches, click_position_sum',
    'analytics_day_queries',
    'analytics_span_queries',
    4,
  );
  // Each list is cut to `limit` first and numbered after: numbering every group sorted them all.
  const { rows } = await grouping(db, (q) =>
    q.query<{
      list: QueryOrder;
      rank: number;
      query: string;
      searches: number;
      zero: number;
      clicks: number;
      clicked: number;
      positions: number;
    }>(
      `WITH g AS MATERIALIZED (
       SELECT query, sum(searches) AS searches, sum(zero_result_searches) AS zero, sum(clicks) AS clicks,
         sum(clicked_searches) AS clicked, sum(click_position_sum::float8) AS positions
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
  for (const row of [...rows].sort((a, b) => a.rank - b.rank)) {
    lists[row.list]?.push({
      query: row.query,
      searches: row.searches,
      zeroResultSearches: row.zero,
      clicks: row.clicks,
      clickedSearches: row.clicked,
      clickThroughRate: rate(row.clicked, row.searches),
      averageClickPosition: average(row.positions, row.clicks),
    });
  }
  return lists;
}

/** The period's most clicked result URLs, at most `limit`. */
export async function readResults(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  limit: number,
): Promise<AnalyticsResultRow[]> {
  if (range.from > range.to) return [];
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
  return rows.map(({ positions, ...row }) => ({
    ...row,
    averageClickPosition: average(positions, row.clicks),
  }));
}

/** Searches per keyword tab over the period, most used first. */
export async function readTabs(db: Queryable, scope: AnalyticsScope, range: DayRange): Promise<TabRow[]> {
  const { rows } = await db.query<Omit<TabRow, 'clickThroughRate'>>(
    `SELECT tab, sum(searches) AS searches, sum(zero_result_searches) AS "zeroResultSearches",
       sum(clicks) AS clicks, sum(clicked_searches) AS "clickedSearches"
     FROM analytics_day_tabs WHERE ${SCOPE}
     GROUP BY tab ORDER BY searches DESC, tab`,
    scopeParams(scope, range),
  );
  return rows.map((row) => ({ ...row, clickThroughRate: rate(row.clickedSearches, row.searches) }));
}

/** Searches per parametric filter over the period, most used first, with its top `values` values. */
export async function readFilters(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
  values: number,
): Promise<FilterRow[]> {
  const params = scopeParams(scope, range);
  const [filters, selected] = await Promise.all([
    db.query<{ filterId: string; searches: number; zeroResultSearches: number }>(
      `SELECT filter_id AS "filterId", sum(searches) AS searches,
         sum(zero_result_searches) AS "zeroResultSearches"
       FROM analytics_day_filters WHERE ${SCOPE}
       GROUP BY filter_id ORDER BY searches DESC, filter_id`,
      params,
    ),
    db.query<{ filterId: string; value: string; searches: number }>(
      `SELECT "filterId", value, searches FROM (
         SELECT filter_id AS "filterId", value, sum(searches) AS searches,
           row_number() OVER (PARTITION BY filter_id ORDER BY sum(searches) DESC, value) AS rank
         FROM analytics_day_filter_values WHERE ${SCOPE}
         GROUP BY filter_id, value
       ) ranked WHERE rank <= $5 ORDER BY "filterId", rank`,
      [...params, values],
    ),
  ]);
  return filters.rows.map((filter) => ({
    ...filter,
    values: selected.rows
      .filter((row) => row.filterId === filter.filterId)
      .map(({ value, searches }) => ({ value, searches })),
  }));
}

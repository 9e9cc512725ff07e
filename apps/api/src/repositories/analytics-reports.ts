import type { AnalyticsDay, AnalyticsDayRow } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';

// The reads of the reports' daily rollups (0011-analytics-rollups.sql): every statement is one
// client's rows over a range of days, its key's leading columns (account_id, client_id, day) bound.

/** One client's reports: its account is part of every key. */
export interface AnalyticsScope {
  accountId: string;
  clientId: string;
}

/** A range of UTC days, both ends included. */
export interface DayRange {
  from: AnalyticsDay;
  to: AnalyticsDay;
}

const SCOPE = 'account_id = $1 AND client_id = $2 AND day BETWEEN $3::date AND $4::date';

function scopeParams(scope: AnalyticsScope, range: DayRange): unknown[] {
  return [scope.accountId, scope.clientId, range.from, range.to];
}

/** The sums of a period's daily totals (zeros when nothing was recorded). */
export interface PeriodTotals {
  searches: number;
  zero: number;
  visitors: number;
  clicks: number;
  clicked: number;
  positions: number;
  latency: number;
}

/** The period's totals, summed over its days. */
export async function readPeriodTotals(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<PeriodTotals> {
  const { rows } = await db.query<PeriodTotals>(
    `SELECT coalesce(sum(searches), 0) AS searches, coalesce(sum(zero_result_searches), 0) AS zero,
       coalesce(sum(visitors), 0) AS visitors, coalesce(sum(clicks), 0) AS clicks,
       coalesce(sum(clicked_searches), 0) AS clicked, coalesce(sum(click_position_sum), 0)::float8 AS positions,
       coalesce(sum(latency_ms_sum), 0) AS latency
     FROM analytics_days WHERE ${SCOPE}`,
    scopeParams(scope, range),
  );
  return rows[0] as PeriodTotals;
}

/** The period's days that had searches, oldest first. */
export async function readDayRows(
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
  return rows;
}

/** A keyword tab's sums over a period. */
export interface TabTotals {
  tab: string;
  searches: number;
  zeroResultSearches: number;
  clicks: number;
  clickedSearches: number;
}

/** Sums per keyword tab over the period, most used first. */
export async function readTabTotals(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<TabTotals[]> {
  const { rows } = await db.query<TabTotals>(
    `SELECT tab, sum(searches) AS searches, sum(zero_result_searches) AS "zeroResultSearches",
       sum(clicks) AS clicks, sum(clicked_searches) AS "clickedSearches"
     FROM analytics_day_tabs WHERE ${SCOPE}
     GROUP BY tab ORDER BY searches DESC, tab`,
    scopeParams(scope, range),
  );
  return rows;
}

/** A parametric filter's sums over a period. */
export interface FilterTotals {
  filterId: string;
  searches: number;
  zeroResultSearches: number;
}

/** Sums per parametric filter over the period, most used first. */
export async function readFilterTotals(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<FilterTotals[]> {
  const { rows } = await db.query<FilterTotals>(
    `SELECT filter_id AS "filterId", sum(searches) AS searches,
       sum(zero_result_searches) AS "zeroResultSearches"
     FROM analytics_day_filters WHERE ${SCOPE}
     GROUP BY filter_id ORDER BY searches DESC, filter_id`,
    scopeParams(scope, range),
  );
  return rows;
}

/** The top `values` list values of each filter over the period, by filter, most selected first. */
export async function readFilterValueTotals(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
  values: number,
): Promise<{ filterId: string; value: string; searches: number }[]> {
  const { rows } = await db.query<{ filterId: string; value: string; searches: number }>(
    `SELECT "filterId", value, searches FROM (
       SELECT filter_id AS "filterId", value, sum(searches) AS searches,
         row_number() OVER (PARTITION BY filter_id ORDER BY sum(searches) DESC, value) AS rank
       FROM analytics_day_filter_values WHERE ${SCOPE}
       GROUP BY filter_id, value
     ) ranked WHERE rank <= $5 ORDER BY "filterId", rank`,
    [...scopeParams(scope, range), values],
  );
  return rows;
}

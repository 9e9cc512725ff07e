import type { AnalyticsDayRow, AnalyticsSummary } from '@siteseer/core';
import { addDays, daysBetween } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { average, rate } from './list-queries.ts';
import type { DayRange } from './period-parts.ts';

// The reads of the reports: every statement is one client's rollup rows (0011-analytics-rollups.sql)
// over a range of days, its key's leading columns (account_id, client_id, day) bound.

/** One client's reports: its account is part of every key. */
export interface AnalyticsScope {
  accountId: string;
  clientId: string;
}

export { readQueryLists, readResults } from './list-queries.ts';
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

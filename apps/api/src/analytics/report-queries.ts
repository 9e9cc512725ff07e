import type { AnalyticsDayRow, AnalyticsSummary } from '@siteseer/core';
import { addDays, daysBetween } from '@siteseer/core';
import {
  type AnalyticsScope,
  type DayRange,
  readDayRows,
  readFilterTotals,
  readFilterValueTotals,
  readPeriodTotals,
  readTabTotals,
} from '../repositories/analytics-reports.ts';
import type { Queryable } from '../store/types.ts';
import { average, rate } from './rates.ts';

// The reports over a client's daily rollups, as the portal and the frames show them: sums read by
// repositories/analytics-reports.ts, with their rates and the days without searches filled in.

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

/** Totals and rates of a period. */
export async function readSummary(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
): Promise<AnalyticsSummary> {
  const t = await readPeriodTotals(db, scope, range);
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
  const rows = await readDayRows(db, scope, range);
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
  const rows = await readTabTotals(db, scope, range);
  return rows.map((row) => ({ ...row, clickThroughRate: rate(row.clickedSearches, row.searches) }));
}

/** Searches per parametric filter over the period, most used first, with its top `values` values. */
export async function readFilters(
  db: Queryable,
  scope: AnalyticsScope,
  range: DayRange,
  values: number,
): Promise<FilterRow[]> {
  const [filters, selected] = await Promise.all([
    readFilterTotals(db, scope, range),
    readFilterValueTotals(db, scope, range, values),
  ]);
  return filters.map((filter) => ({
    ...filter,
    values: selected
      .filter((row) => row.filterId === filter.filterId)
      .map(({ value, searches }) => ({ value, searches })),
  }));
}

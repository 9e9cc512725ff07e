import type { AnalyticsQueryRow, AnalyticsResultRow } from '@siteseer/core';
import {
  groupQueryRows,
  groupUrlRows,
  QUERY_TOP_LISTS,
  type QueryListRow,
  type QueryOrder,
  URL_TOP_LIST,
} from '../repositories/analytics-lists.ts';
import type { AnalyticsScope, DayRange } from '../repositories/analytics-reports.ts';
import { readTopList } from '../repositories/analytics-top-lists.ts';
import type { Store } from '../store/types.ts';
import { partKeys, periodParts } from './period-parts.ts';
import { average, rate } from './rates.ts';

// The reports' lists keyed by query or URL over a period: from the head of each part of the
// period where their order allows (readTopList), else one grouping of the period's rows read as
// months, weeks and days (period-parts.ts).

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
 * period (exact: see readTopList); what that cannot prove within its depth, and the no-clicks
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
  const rows = await groupQueryRows(db, scope, periodParts(range), orders, limit);
  for (const row of [...rows].sort((a, b) => a.rank - b.rank)) lists[row.list]?.push(queryRow(row));
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
export function groupResults(
  db: Store,
  scope: AnalyticsScope,
  range: DayRange,
  limit: number,
): Promise<{ url: string; clicks: number; positions: number }[]> {
  return groupUrlRows(db, scope, periodParts(range), limit);
}

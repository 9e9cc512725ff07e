import {
  type AnalyticsDay,
  type AnalyticsDayRow,
  type AnalyticsPeriod,
  type AnalyticsQueryRow,
  type AnalyticsReport,
  type AnalyticsReportName,
  type AnalyticsResultRow,
  type AnalyticsSummary,
  decodeLabel,
  previousPeriod,
} from '@siteseer/core';
import type { QueryOrder } from '../repositories/analytics-lists.ts';
import type { AnalyticsScope, DayRange } from '../repositories/analytics-reports.ts';
import type { AnalyticsTarget } from '../repositories/analytics-targets.ts';
import { findPublished } from '../repositories/parametric/published.ts';
import type { Queryable, Store } from '../store/types.ts';
import { readQueryLists, readResults } from './list-queries.ts';
import {
  type FilterRow,
  readDays,
  readFilters,
  readSummary,
  readTabs,
  type TabRow,
} from './report-queries.ts';

/**
 * One client's reports for one period. Each read runs once however many cards of a dashboard ask
 * for it (the summary feeds four of them).
 */
export class AnalyticsReader {
  readonly #db: Store;
  readonly #scope: AnalyticsScope;
  readonly range: DayRange;
  /**
   * The part of the range within retention: lists grouped by query or URL read it, so weekly and
   * monthly rollups partly past retention (deleted whole) are never needed.
   */
  readonly #kept: DayRange;
  readonly #reads = new Map<string, Promise<unknown>>();

  /** `keptFrom`: the first day retention keeps (retentionCutoff); none: every day. */
  constructor(db: Store, scope: AnalyticsScope, range: DayRange, keptFrom?: AnalyticsDay) {
    this.#db = db;
    this.#scope = scope;
    this.range = { from: range.from, to: range.to };
    this.#kept = { from: keptFrom && keptFrom > range.from ? keptFrom : range.from, to: range.to };
  }

  #once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let found = this.#reads.get(key) as Promise<T> | undefined;
    if (!found) {
      found = read();
      this.#reads.set(key, found);
    }
    return found;
  }

  summary(): Promise<AnalyticsSummary> {
    return this.#once('summary', () => readSummary(this.#db, this.#scope, this.range));
  }

  /** The same figures for the period of the same length just before this one. */
  previousSummary(): Promise<AnalyticsSummary> {
    return this.#once('previous', () => readSummary(this.#db, this.#scope, previousPeriod(this.range)));
  }

  days(): Promise<AnalyticsDayRow[]> {
    return this.#once('days', () => readDays(this.#db, this.#scope, this.range));
  }

  /** The queries ordered by `order`, at most `limit`. */
  async queries(order: QueryOrder, limit: number): Promise<AnalyticsQueryRow[]> {
    return (await this.queryLists([order], limit))[order] ?? [];
  }

  /** Several query lists from one scan (see readQueryLists). */
  queryLists(
    orders: readonly QueryOrder[],
    limit: number,
  ): Promise<Partial<Record<QueryOrder, AnalyticsQueryRow[]>>> {
    return this.#once(`queries:${orders.join(',')}:${limit}`, () =>
      readQueryLists(this.#db, this.#scope, this.#kept, orders, limit),
    );
  }

  results(limit: number): Promise<AnalyticsResultRow[]> {
    return this.#once(`results:${limit}`, () => readResults(this.#db, this.#scope, this.#kept, limit));
  }

  tabs(): Promise<TabRow[]> {
    return this.#once('tabs', () => readTabs(this.#db, this.#scope, this.range));
  }

  filters(values: number): Promise<FilterRow[]> {
    return this.#once(`filters:${values}`, () => readFilters(this.#db, this.#scope, this.range, values));
  }
}

/**
 * The labels of a parametric engine's filters (as its published configuration names them), by
 * filter id. Searches recorded under an older configuration may use ids it no longer has: those
 * are shown by id.
 */
export async function filterLabels(db: Queryable, target: AnalyticsTarget): Promise<Map<string, string>> {
  if (target.engineType !== 'pm') return new Map();
  const published = await findPublished(db, target.accountId, target.engineId);
  const filters = Object.values(published?.configuration.filters ?? {});
  return new Map(filters.map((filter) => [filter.id, decodeLabel(filter.label)]));
}

/** One report of `GET analytics/{engineId}/report`. */
export async function analyticsReport(
  db: Store,
  target: AnalyticsTarget & { clientId: string },
  report: AnalyticsReportName,
  period: AnalyticsPeriod,
  limit: number,
  keptFrom?: AnalyticsDay,
): Promise<AnalyticsReport> {
  const reader = new AnalyticsReader(db, target, period, keptFrom);
  const head = { engineId: target.engineId, clientId: target.clientId, from: period.from, to: period.to };
  switch (report) {
    case 'summary': {
      const [summary, previous, days] = await Promise.all([
        reader.summary(),
        reader.previousSummary(),
        reader.days(),
      ]);
      return { report, ...head, summary, previous, days };
    }
    case 'top-queries':
      return { report, ...head, queries: await reader.queries('searches', limit) };
    case 'zero-results':
      return { report, ...head, queries: await reader.queries('zero-results', limit) };
    case 'clicks':
      return { report, ...head, results: await reader.results(limit) };
  }
}

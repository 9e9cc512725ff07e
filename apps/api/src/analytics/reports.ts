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
import { readCliDays } from '../repositories/analytics-cli-searches.ts';
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

type CliDays = Awaited<ReturnType<typeof readCliDays>>;

/** A summary with the CLI searches of its days added to its search counts and rates. */
function summaryWithCli(summary: AnalyticsSummary, cli: CliDays): AnalyticsSummary {
  const searches = summary.searches + cli.reduce((sum, d) => sum + d.searches, 0);
  const zero = summary.zeroResultSearches + cli.reduce((sum, d) => sum + d.zero, 0);
  const latency =
    (summary.averageLatencyMs ?? 0) * summary.searches + cli.reduce((sum, d) => sum + d.latency, 0);
  const rate = (part: number) => (searches > 0 ? part / searches : null);
  return {
    ...summary,
    searches,
    zeroResultSearches: zero,
    zeroResultRate: rate(zero),
    clickThroughRate: rate(summary.clickedSearches),
    averageLatencyMs: rate(latency),
  };
}

/** Days with the CLI searches of each added to its searches and those with no results. */
function daysWithCli(days: AnalyticsDayRow[], cli: CliDays): AnalyticsDayRow[] {
  const byDay = new Map(cli.map((d) => [d.day, d]));
  return days.map((d) => {
    const more = byDay.get(d.day);
    return more
      ? { ...d, searches: d.searches + more.searches, zeroResultSearches: d.zeroResultSearches + more.zero }
      : d;
  });
}

/**
 * One report of `GET analytics/{engineId}/report`. `includeCli`: the summary counts the searches
 * made with `siteseer search` too (the visitors' alone by default).
 */
export async function analyticsReport(
  db: Store,
  target: AnalyticsTarget & { clientId: string },
  report: AnalyticsReportName,
  period: AnalyticsPeriod,
  limit: number,
  keptFrom?: AnalyticsDay,
  includeCli = false,
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
      if (!includeCli) return { report, ...head, summary, previous, days };
      const [cli, cliBefore] = await Promise.all([
        readCliDays(db, target, period),
        readCliDays(db, target, previousPeriod(period)),
      ]);
      return {
        report,
        ...head,
        summary: summaryWithCli(summary, cli),
        previous: summaryWithCli(previous, cliBefore),
        days: daysWithCli(days, cli),
      };
    }
    case 'top-queries':
      return { report, ...head, queries: await reader.queries('searches', limit) };
    case 'zero-results':
      return { report, ...head, queries: await reader.queries('zero-results', limit) };
    case 'clicks':
      return { report, ...head, results: await reader.results(limit) };
  }
}

import {
  type AnalyticsDayRow,
  type AnalyticsQueryRow,
  type AnalyticsSummary,
  keywordWizardStepHref,
} from '@siteseer/core';
import type { AnalyticsTarget } from '../../repositories/analytics-targets.ts';
import type { FrameAbilities } from '../access.ts';
import type { AnalyticsReader } from '../reports.ts';
import type { Block, Cell, CellAction, CellLink, Kpi, ReportTable } from './blocks.ts';
import type { ChartSpec } from './charts.ts';
import {
  formatChange,
  formatCount,
  formatDecimal,
  formatRange,
  formatRate,
  formatRateChange,
  formatShortDay,
  queryText,
} from './format.ts';

/** What a card or dashboard is built from. */
export interface FrameContext {
  reader: AnalyticsReader;
  target: AnalyticsTarget & { clientId: string };
  abilities: FrameAbilities;
  /** Filter labels by id (parametric). */
  filterLabels: () => Promise<Map<string, string>>;
  /** Rows of a list table: a few on screen, many in a CSV download. */
  rows: number;
  /** Width available to a full-width chart. */
  width: number;
  /** false: build tables only (a CSV download draws no chart). */
  charts: boolean;
  /** The correction the engine offers now for each of these queries that has one (keyword engines). */
  corrections?: ((queries: readonly string[]) => Promise<ReadonlyMap<string, string>>) | undefined;
  /** Where "Add as synonym" posts (the frame's own path, with its period); none: no such button. */
  synonymAction?: string | undefined;
  /** The synonym rule "Add as synonym" just added: the frame confirms it. */
  added?: { query: string; correction: string } | undefined;
}

export const num = (n: number): Cell => ({ text: formatCount(n), value: n });
export const rateCell = (r: number | null): Cell => ({ text: formatRate(r), value: r === null ? '' : r });
const decimalCell = (n: number | null): Cell => ({ text: formatDecimal(n), value: n === null ? '' : n });
export const dayRate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The figure tiles of a summary, each against the previous period. */
export function summaryKpis(
  now: AnalyticsSummary,
  before: AnalyticsSummary,
  which: readonly (keyof typeof KPI)[],
): Kpi[] {
  return which.map((key) => KPI[key](now, before));
}

const KPI = {
  searches: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Searches',
    value: formatCount(n.searches),
    change: formatChange(n.searches, b.searches),
  }),
  visitors: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Unique visitors (per day, summed)',
    value: formatCount(n.visitors),
    change: formatChange(n.visitors, b.visitors),
  }),
  zeroResultRate: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Zero-result rate',
    value: formatRate(n.zeroResultRate),
    change: formatRateChange(n.zeroResultRate, b.zeroResultRate),
  }),
  clickThroughRate: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Click-through rate',
    value: formatRate(n.clickThroughRate),
    change: formatRateChange(n.clickThroughRate, b.clickThroughRate),
  }),
  averageClickPosition: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Average click position',
    value: formatDecimal(n.averageClickPosition),
    change: formatChange(n.averageClickPosition, b.averageClickPosition),
  }),
  latency: (n: AnalyticsSummary, b: AnalyticsSummary): Kpi => ({
    label: 'Average search time (ms)',
    value: formatDecimal(n.averageLatencyMs),
    change: formatChange(n.averageLatencyMs, b.averageLatencyMs),
  }),
};

/** A chart of the period's days. */
export function dayChart(
  ctx: FrameContext,
  days: AnalyticsDayRow[],
  series: { name: string; value: (day: AnalyticsDayRow) => number | null }[],
  format: ChartSpec['format'],
  alt: string,
  size: { width: number; height: number },
): ChartSpec {
  return {
    kind: days.length > 62 ? 'line' : format === 'count' ? 'bar' : 'line',
    categories: days.map((d) => formatShortDay(d.day)),
    series: series.map((s) => ({ name: s.name, values: days.map(s.value) })),
    format,
    alt: `${alt}, ${formatRange(ctx.reader.range.from, ctx.reader.range.to)}.`,
    ...size,
  };
}

/** The busiest day of a series, for a chart's alt text. */
export function peak(days: AnalyticsDayRow[], value: (d: AnalyticsDayRow) => number): string {
  const top = days.reduce<AnalyticsDayRow | undefined>(
    (best, d) => (!best || value(d) > value(best) ? d : best),
    undefined,
  );
  return top && value(top) > 0 ? `, most on ${formatShortDay(top.day)} (${formatCount(value(top))})` : '';
}

export function dailyTable(
  id: string,
  caption: string,
  days: AnalyticsDayRow[],
  columns: DailyColumn[],
): ReportTable {
  return {
    id,
    caption,
    columns: [{ label: 'Day (UTC)' }, ...columns.map((c) => ({ label: c.label, numeric: true }))],
    // Newest first: the day a person looks for is usually the last one.
    rows: [...days].reverse().map((d) => [{ text: d.day }, ...columns.map((c) => c.cell(d))]),
    empty: 'No days in this period.',
  };
}

interface DailyColumn {
  label: string;
  cell: (d: AnalyticsDayRow) => Cell;
}

export const DAILY = {
  searches: { label: 'Searches', cell: (d: AnalyticsDayRow) => num(d.searches) },
  zero: { label: 'With no results', cell: (d: AnalyticsDayRow) => num(d.zeroResultSearches) },
  zeroRate: {
    label: 'Zero-result rate',
    cell: (d: AnalyticsDayRow) => rateCell(dayRate(d.zeroResultSearches, d.searches)),
  },
  visitors: { label: 'Visitors', cell: (d: AnalyticsDayRow) => num(d.visitors) },
  clicks: { label: 'Clicks', cell: (d: AnalyticsDayRow) => num(d.clicks) },
  clicked: { label: 'Searches clicked', cell: (d: AnalyticsDayRow) => num(d.clickedSearches) },
  ctr: {
    label: 'Click-through rate',
    cell: (d: AnalyticsDayRow) => rateCell(dayRate(d.clickedSearches, d.searches)),
  },
} satisfies Record<string, DailyColumn>;

/** The links that fix a query in the keyword wizard, as far as the viewer may use them. */
function fixLinks(ctx: FrameContext, query: string): CellLink[] {
  const edit = ctx.abilities.editKeyword;
  if (!edit) return [];
  const context = `for “${queryText(query)}”`;
  return [
    ...(edit.resultRanking
      ? [
          {
            text: 'Pin results',
            href: keywordWizardStepHref(ctx.target.engineId, 'Influence', query),
            context,
            target: 'top' as const,
          },
        ]
      : []),
    ...(edit.synonyms
      ? [
          {
            text: 'Add synonyms',
            href: keywordWizardStepHref(ctx.target.engineId, 'Synonyms', query),
            context,
            target: 'top' as const,
          },
        ]
      : []),
  ];
}

/** A query's correction, or an empty cell (`queryText` would name an empty query). */
function correctionCell(correction: string | undefined): Cell {
  return correction === undefined ? { text: '' } : { text: queryText(correction), value: correction };
}

/** "Add as synonym": the rule query ⇒ correction in one click, for a viewer who may edit synonyms. */
function synonymActions(ctx: FrameContext, query: string, correction: string | undefined): CellAction[] {
  if (correction === undefined || !ctx.synonymAction || !ctx.abilities.editKeyword?.synonyms) return [];
  return [
    {
      text: 'Add as synonym',
      action: ctx.synonymAction,
      fields: { query, correction },
      context: `“${queryText(query)}” ⇒ “${queryText(correction)}”`,
    },
  ];
}

/**
 * A table of queries, with click figures except in lists where they are zero by definition
 * (`clicks: false`: searches with no results, with no click); with `corrections`, each query's
 * correction (did-you-mean) beside it.
 */
export function queryTable(
  ctx: FrameContext,
  id: string,
  caption: string,
  queries: AnalyticsQueryRow[],
  options: {
    fix?: boolean;
    clicks?: boolean;
    corrections?: ReadonlyMap<string, string> | undefined;
    empty: string;
  },
): ReportTable {
  const clicks = options.clicks !== false;
  const fix = options.fix === true && ctx.abilities.editKeyword !== null;
  const { corrections } = options;
  return {
    id,
    caption,
    columns: [
      { label: 'Query' },
      ...(corrections ? [{ label: 'Did you mean' }] : []),
      { label: 'Searches', numeric: true },
      { label: 'With no results', numeric: true },
      ...(clicks
        ? [
            { label: 'Click-through rate', numeric: true },
            { label: 'Average click position', numeric: true },
          ]
        : []),
      ...(fix ? [{ label: 'Fix it', screenOnly: true }] : []),
    ],
    rows: queries.map((q) => [
      { text: queryText(q.query), value: q.query },
      ...(corrections ? [correctionCell(corrections.get(q.query))] : []),
      num(q.searches),
      num(q.zeroResultSearches),
      ...(clicks ? [rateCell(q.clickThroughRate), decimalCell(q.averageClickPosition)] : []),
      ...(fix
        ? [
            {
              text: '',
              links: fixLinks(ctx, q.query),
              actions: synonymActions(ctx, q.query, corrections?.get(q.query)),
            },
          ]
        : []),
    ]),
    empty: options.empty,
    ...(corrections ? { wide: true } : {}),
  };
}

export function horizontalBars(
  ctx: FrameContext,
  labels: string[],
  values: number[],
  name: string,
  alt: string,
  width: number,
): ChartSpec {
  return {
    kind: 'bar',
    horizontal: true,
    categories: labels,
    series: [{ name, values }],
    format: 'count',
    alt: `${alt}, ${formatRange(ctx.reader.range.from, ctx.reader.range.to)}: ${
      labels.map((label, i) => `${label} ${formatCount(values[i] ?? 0)}`).join(', ') || 'none'
    }.`,
    width,
    height: Math.max(120, 28 * labels.length + 40),
  };
}

export const CHART_ROWS = 10;

/** Chart and table blocks, the chart left out when the context draws none. */
export function withChart(ctx: FrameContext, title: string, chart: () => ChartSpec, rest: Block[]): Block[] {
  return [...(ctx.charts ? [{ kind: 'chart' as const, title, chart: chart() }] : []), ...rest];
}

export function resultsTable(
  id: string,
  caption: string,
  results: { url: string; clicks: number; averageClickPosition: number | null }[],
): ReportTable {
  return {
    id,
    caption,
    columns: [
      { label: 'Result' },
      { label: 'Clicks', numeric: true },
      { label: 'Average position', numeric: true },
    ],
    rows: results.map((r) => [
      {
        text: r.url,
        // Only web addresses become links: a recorded URL is whatever a visitor's browser sent.
        ...(/^https?:\/\//i.test(r.url)
          ? { links: [{ text: 'Open', href: r.url, context: r.url, target: 'blank' as const }] }
          : {}),
      },
      num(r.clicks),
      decimalCell(r.averageClickPosition),
    ]),
    empty: 'No clicks in this period.',
  };
}

import { z } from 'zod';
import type { ProductCode } from '../constants.ts';
import type { KeywordWizardStep } from './keyword.ts';

/**
 * Analytics of an engine (spec 001 §2.4): card and dashboard reports, each a frame served by the
 * API at analytics/{clientId}/{type}/{id}. The catalogue lives here so the API (which renders
 * them) and the portal (which titles their frames) name them alike.
 */

export const ANALYTICS_FRAME_TYPES = ['card', 'dashboard'] as const;
export type AnalyticsFrameType = (typeof ANALYTICS_FRAME_TYPES)[number];

export interface AnalyticsReportEntry {
  readonly id: string;
  readonly title: string;
  /** The engine kinds it is offered for. */
  readonly engineTypes: readonly ProductCode[];
}

/** The cards, in the order the portal shows them. Both kinds record result clicks. */
export const ANALYTICS_CARDS = [
  { id: 'searches-over-time', title: 'Searches over time', engineTypes: ['kw', 'pm'] },
  { id: 'unique-visitors', title: 'Unique visitors', engineTypes: ['kw', 'pm'] },
  { id: 'zero-result-rate', title: 'Zero-result rate', engineTypes: ['kw', 'pm'] },
  { id: 'click-through-rate', title: 'Click-through rate', engineTypes: ['kw', 'pm'] },
  { id: 'average-click-position', title: 'Average click position', engineTypes: ['kw', 'pm'] },
  { id: 'top-queries', title: 'Top queries', engineTypes: ['kw', 'pm'] },
  { id: 'zero-result-queries', title: 'Searches with no results', engineTypes: ['kw', 'pm'] },
  { id: 'top-clicked-results', title: 'Top clicked results', engineTypes: ['kw', 'pm'] },
  { id: 'tab-use', title: 'Tab use', engineTypes: ['kw'] },
  { id: 'filter-use', title: 'Filter use', engineTypes: ['pm'] },
] as const satisfies readonly AnalyticsReportEntry[];
export type AnalyticsCardId = (typeof ANALYTICS_CARDS)[number]['id'];

/** The dashboards: several cards' figures for one period, chosen in the frame. */
export const ANALYTICS_DASHBOARDS = [
  { id: 'overview', title: 'Search overview', engineTypes: ['kw', 'pm'] },
  { id: 'content-gaps', title: 'Content gaps and clicks', engineTypes: ['kw', 'pm'] },
] as const satisfies readonly AnalyticsReportEntry[];
export type AnalyticsDashboardId = (typeof ANALYTICS_DASHBOARDS)[number]['id'];

const offered = (entries: readonly AnalyticsReportEntry[], type: ProductCode) =>
  entries.filter((entry) => entry.engineTypes.includes(type)).map((entry) => entry.id);

/** The report ids of `GET analytics/{engineId}` for an engine of `type`. */
export function analyticsReportIds(type: ProductCode): { cardIds: string[]; dashboardIds: string[] } {
  return { cardIds: offered(ANALYTICS_CARDS, type), dashboardIds: offered(ANALYTICS_DASHBOARDS, type) };
}

/** A card's or dashboard's entry, or undefined for an id the catalogue does not have. */
export function analyticsReportEntry(type: AnalyticsFrameType, id: string): AnalyticsReportEntry | undefined {
  const entries: readonly AnalyticsReportEntry[] = type === 'card' ? ANALYTICS_CARDS : ANALYTICS_DASHBOARDS;
  return entries.find((entry) => entry.id === id);
}

/** A frame's path relative to the API root (the spec's analytics/{clientId}/{type}/{id}). */
export function analyticsFramePath(clientId: string, type: AnalyticsFrameType, id: string): string {
  return `analytics/${encodeURIComponent(clientId)}/${type}/${encodeURIComponent(id)}`;
}

/**
 * The portal address of one keyword wizard step of an engine: `?step=` names the step by its title
 * (spec 001 §2.2), and `query` (optional) is the search the owner came to fix.
 */
export function keywordWizardStepHref(engineId: string, step: KeywordWizardStep, query?: string): string {
  const params = new URLSearchParams({ step });
  if (query !== undefined) params.set('query', query);
  return `/engine/keyword/${encodeURIComponent(engineId)}/edit?${params.toString().replaceAll('+', '%20')}`;
}

/** A UTC calendar day, `YYYY-MM-DD`. */
export const AnalyticsDay = z.iso.date();
export type AnalyticsDay = z.infer<typeof AnalyticsDay>;

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', 'custom'] as const;
export type AnalyticsPeriodName = (typeof ANALYTICS_PERIODS)[number];

/** A rate (0..1), or null when there is nothing to divide by. */
const Rate = z.number().min(0).max(1).nullable();
const Count = z.number().int().min(0);

/** What happened in a period: totals and the rates made of them. */
export const AnalyticsSummary = z.object({
  searches: Count,
  zeroResultSearches: Count,
  /** Zero-result searches over searches. */
  zeroResultRate: Rate,
  /** Visitors counted per UTC day (a visitor id lives one day) and summed over the period. */
  visitors: Count,
  clicks: Count,
  /** Searches with at least one click. */
  clickedSearches: Count,
  /** Clicked searches over searches. */
  clickThroughRate: Rate,
  /** Mean position (1 = first result) of the clicked results. */
  averageClickPosition: z.number().min(1).nullable(),
  averageLatencyMs: z.number().min(0).nullable(),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummary>;

/** One UTC day of the period (every day is listed, quiet ones with zeros). */
export const AnalyticsDayRow = z.object({
  day: AnalyticsDay,
  searches: Count,
  zeroResultSearches: Count,
  visitors: Count,
  clicks: Count,
  clickedSearches: Count,
});
export type AnalyticsDayRow = z.infer<typeof AnalyticsDayRow>;

/** One query text (normalised: lowercased, spaces collapsed) over the period. */
export const AnalyticsQueryRow = z.object({
  query: z.string(),
  searches: Count,
  zeroResultSearches: Count,
  clicks: Count,
  clickedSearches: Count,
  clickThroughRate: Rate,
  averageClickPosition: z.number().min(1).nullable(),
});
export type AnalyticsQueryRow = z.infer<typeof AnalyticsQueryRow>;

/** One clicked result URL over the period. */
export const AnalyticsResultRow = z.object({
  url: z.string(),
  clicks: Count,
  averageClickPosition: z.number().min(1).nullable(),
});
export type AnalyticsResultRow = z.infer<typeof AnalyticsResultRow>;

export const ANALYTICS_REPORTS = ['summary', 'top-queries', 'zero-results', 'clicks'] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORTS)[number];

const ReportPeriod = { engineId: z.string(), clientId: z.string(), from: AnalyticsDay, to: AnalyticsDay };

/** Answer of `GET analytics/{engineId}/report`: one report of the engine for a period. */
export const AnalyticsReport = z.discriminatedUnion('report', [
  z.object({
    report: z.literal('summary'),
    ...ReportPeriod,
    summary: AnalyticsSummary,
    /** The same length of time just before `from`, to compare with. */
    previous: AnalyticsSummary,
    days: z.array(AnalyticsDayRow),
  }),
  z.object({ report: z.literal('top-queries'), ...ReportPeriod, queries: z.array(AnalyticsQueryRow) }),
  z.object({ report: z.literal('zero-results'), ...ReportPeriod, queries: z.array(AnalyticsQueryRow) }),
  z.object({ report: z.literal('clicks'), ...ReportPeriod, results: z.array(AnalyticsResultRow) }),
]);
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

import { z } from 'zod';
import {
  ANALYTICS_PERIODS,
  ANALYTICS_REPORTS,
  AnalyticsDay,
  AnalyticsReport,
} from '../../domain/analytics.ts';
import { Id, Timestamp } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';

/** Answer of `GET analytics/{engineId}`: the report frames to show (analytics/{clientId}/{type}/{id}). */
export const AnalyticsReportIds = z.object({ cardIds: z.array(Id), dashboardIds: z.array(Id) });
export type AnalyticsReportIds = z.infer<typeof AnalyticsReportIds>;

/**
 * Query of `GET analytics/{engineId}/report` (Siteseer's, for the CLI and scripts): which report,
 * for which period (see `resolveAnalyticsPeriod`: a named period, or custom days), and how many
 * rows a list report holds.
 */
export const AnalyticsReportQuery = z.object({
  report: z.enum(ANALYTICS_REPORTS).default('summary'),
  period: z.enum(ANALYTICS_PERIODS).optional(),
  from: AnalyticsDay.optional(),
  to: AnalyticsDay.optional(),
  limit: z.coerce.number<number>().int().min(1).max(1000).default(20),
  /**
   * `cli`: the summary's search counts (totals, rates, days) include the searches made with
   * `siteseer search`, which every report leaves out by default: they are not visitors'. Visitors,
   * clicks and the list reports are visitors' alone either way.
   */
  include: z
    .enum(['cli'])
    .optional()
    .describe(
      "cli: the summary's search counts include searches made with `siteseer search` (left out by default).",
    ),
});
export type AnalyticsReportQuery = z.input<typeof AnalyticsReportQuery>;

/**
 * Answer of `POST analytics/session`: until when the analytics frames of this browser are
 * authorised. The call sets an HttpOnly cookie scoped to the frames' path (ADR 0024): a frame,
 * loaded by an iframe, cannot send the bearer token.
 */
export const AnalyticsFrameSession = z.object({ expiresAt: Timestamp });
export type AnalyticsFrameSession = z.infer<typeof AnalyticsFrameSession>;

/** Analytics of an engine. */
export const analyticsContracts = {
  ids: defineCall({
    name: 'analytics.ids',
    method: 'GET',
    path: 'analytics/:engineId',
    params: z.object({ engineId: Id }),
    response: AnalyticsReportIds,
  }),
  report: defineCall({
    name: 'analytics.report',
    method: 'GET',
    path: 'analytics/:engineId/report',
    description:
      'One analytics report of an engine as JSON: summary (totals, rates, every day, and the previous period of the same length), top-queries, zero-results (queries with no results) or clicks (clicked results). Answered from the daily rollups.',
    params: z.object({ engineId: Id }),
    query: AnalyticsReportQuery,
    response: AnalyticsReport,
  }),
  frameSession: defineCall({
    name: 'analytics.frameSession',
    method: 'POST',
    path: 'analytics/session',
    description:
      "Authorises this browser's analytics frames for a short while: sets an HttpOnly, SameSite=Strict cookie scoped to /api/analytics/ (frames cannot send the bearer token). Each frame still checks the signed-in user's access to the client's account.",
    response: AnalyticsFrameSession,
  }),
  /** Answers null: no frame session is left in this browser. */
  endFrameSession: defineCall({
    name: 'analytics.endFrameSession',
    method: 'DELETE',
    path: 'analytics/session',
    description:
      "Ends this browser's analytics frame session (the portal calls it on logout): answers Set-Cookie with Max-Age=0 at the cookie's path, so the frames refuse from then on rather than until the cookie expires.",
    response: z.null(),
  }),
} as const;

import { z } from 'zod';
import { Id } from '../../domain/common.ts';
import { defineCall } from '../contract.ts';

/** Answer of `GET analytics/{engineId}`: the report frames to show (analytics/{clientId}/{type}/{id}). */
export const AnalyticsReportIds = z.object({ cardIds: z.array(Id), dashboardIds: z.array(Id) });
export type AnalyticsReportIds = z.infer<typeof AnalyticsReportIds>;

/** Analytics of an engine. */
export const analyticsContracts = {
  ids: defineCall({
    name: 'analytics.ids',
    method: 'GET',
    path: 'analytics/:engineId',
    params: z.object({ engineId: Id }),
    response: AnalyticsReportIds,
  }),
} as const;

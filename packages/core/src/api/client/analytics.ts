import type { QueryOf } from '../contract.ts';
import { analyticsContracts } from '../contracts/analytics.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.analytics`. */
export function analyticsMethods(call: Caller) {
  const c = analyticsContracts;
  return {
    /** GET analytics/{engineId}: the card and dashboard report ids. */
    ids: (engineId: string, options?: CallOptions) => call(c.ids, { params: { engineId } }, options),
    /** GET analytics/{engineId}/report (Siteseer's): one report as JSON for a period. */
    report: (engineId: string, query: QueryOf<typeof c.report>, options?: CallOptions) =>
      call(c.report, { params: { engineId }, query }, options),
    /** POST analytics/session (Siteseer's): authorise this browser's analytics frames (a cookie). */
    frameSession: (options?: CallOptions) => call(c.frameSession, {}, options),
    /** DELETE analytics/session (Siteseer's): clear that cookie (logout). */
    endFrameSession: (options?: CallOptions) => call(c.endFrameSession, {}, options),
  };
}

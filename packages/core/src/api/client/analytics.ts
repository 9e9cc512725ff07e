import { analyticsContracts } from '../contracts/analytics.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.analytics`. */
export function analyticsMethods(call: Caller) {
  const c = analyticsContracts;
  return {
    /** GET analytics/{engineId}: the card and dashboard report ids. */
    ids: (engineId: string, options?: CallOptions) => call(c.ids, { params: { engineId } }, options),
  };
}

import type { BodyOf } from '../contract.ts';
import { alertContracts } from '../contracts/alerts.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.alerts`: a keyword engine's alerts. */
export function alertMethods(call: Caller) {
  const c = alertContracts;
  return {
    /** GET searchengines/{id}/alerts?accountId= */
    settings: (id: string, accountId: string, options?: CallOptions) =>
      call(c.settings, { params: { id }, query: { accountId } }, options),
    /** PUT searchengines/{id}/alerts */
    update: (id: string, body: BodyOf<typeof c.update>, options?: CallOptions) =>
      call(c.update, { params: { id }, body }, options),
    /** POST searchengines/{id}/alerts/test */
    test: (id: string, accountId: string, options?: CallOptions) =>
      call(c.test, { params: { id }, body: { accountId } }, options),
    /** GET searchengines/{id}/alerts/deliveries?accountId= */
    deliveries: (id: string, accountId: string, options?: CallOptions) =>
      call(c.deliveries, { params: { id }, query: { accountId } }, options),
  };
}

import type { BodyOf } from '../contract.ts';
import { maintenanceContracts } from '../contracts/maintenance.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.maintenance`. */
export function maintenanceMethods(call: Caller) {
  const c = maintenanceContracts;
  return {
    /** GET maintenance: the notice, or null. */
    get: (options?: CallOptions) => call(c.get, {}, options),
    /** PUT maintenance */
    set: (notice: BodyOf<typeof c.set>, options?: CallOptions) => call(c.set, { body: notice }, options),
    /** DELETE maintenance: end the notice now. */
    clear: (options?: CallOptions) => call(c.clear, {}, options),
  };
}

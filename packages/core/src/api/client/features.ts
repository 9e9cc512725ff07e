import type { BodyOf } from '../contract.ts';
import { featureContracts } from '../contracts/features.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.features`. */
export function featureMethods(call: Caller) {
  const c = featureContracts;
  return {
    /** GET features */
    list: (options?: CallOptions) => call(c.list, {}, options),
    /** POST features */
    create: (feature: BodyOf<typeof c.create>, options?: CallOptions) =>
      call(c.create, { body: feature }, options),
    /** PUT features/{_id}: the whole feature. */
    update: (feature: BodyOf<typeof c.update>, options?: CallOptions) =>
      call(c.update, { params: { id: feature._id }, body: feature }, options),
    /** DELETE features/{_id} */
    delete: (id: string, options?: CallOptions) => call(c.delete, { params: { id } }, options),
  };
}

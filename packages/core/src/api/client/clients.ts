import type { BodyOf, ParamsOf } from '../contract.ts';
import { clientContracts } from '../contracts/clients.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.clients`. */
export function clientMethods(call: Caller) {
  const c = clientContracts;
  return {
    /** GET clients */
    list: (options?: CallOptions) => call(c.list, { query: {} }, options),
    /** GET clients?engineIds=a,b */
    byEngineIds: (engineIds: readonly string[], options?: CallOptions) =>
      call(c.list, { query: { engineIds: [...engineIds] } }, options),
    /** GET client/{id} */
    get: (id: string, options?: CallOptions) => call(c.get, { params: { id } }, options),
    /** POST clients */
    create: (body: BodyOf<typeof c.create>, options?: CallOptions) => call(c.create, { body }, options),
    /** PUT client/{id}/settings */
    updateSettings: (id: string, body: BodyOf<typeof c.updateSettings>, options?: CallOptions) =>
      call(c.updateSettings, { params: { id }, body }, options),
    /** GET client/{clientId}/{engineType}/snippet */
    snippet: (id: string, engineType: ParamsOf<typeof c.snippet>['engineType'], options?: CallOptions) =>
      call(c.snippet, { params: { id, engineType } }, options),
  };
}

import type { BodyOf } from '../contract.ts';
import { accountContracts, adminAccountContracts } from '../contracts/accounts.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.admin.accounts` (super admins). */
export function adminAccountMethods(call: Caller) {
  const c = adminAccountContracts;
  return {
    /** GET admin/accounts */
    list: (options?: CallOptions) => call(c.list, {}, options),
    /** GET admin/account/{id} */
    get: (id: string, options?: CallOptions) => call(c.get, { params: { id } }, options),
    /** POST admin/accounts */
    create: (account: BodyOf<typeof c.create>, options?: CallOptions) =>
      call(c.create, { body: account }, options),
    /** PUT admin/account/{id}: name and/or products. */
    update: (id: string, changes: BodyOf<typeof c.update>, options?: CallOptions) =>
      call(c.update, { params: { id }, body: changes }, options),
    /** DELETE admin/account/{id} */
    delete: (id: string, options?: CallOptions) => call(c.delete, { params: { id } }, options),
  };
}

/** Methods of `client.accounts` (the caller's accounts), without the users group. */
export function accountMethods(call: Caller) {
  const c = accountContracts;
  return {
    /** GET accounts */
    list: (options?: CallOptions) => call(c.list, {}, options),
    /** GET account/{id} */
    get: (id: string, options?: CallOptions) => call(c.get, { params: { id } }, options),
    /** PUT account/{id}: name and/or products. */
    update: (id: string, changes: BodyOf<typeof c.update>, options?: CallOptions) =>
      call(c.update, { params: { id }, body: changes }, options),
    /** GET account/{id}/newApiKey: a new key, shown once; the previous key stops working. */
    newApiKey: (id: string, options?: CallOptions) => call(c.newApiKey, { params: { id } }, options),
    /** GET account/{id}/apiKey: when the key was made and last used. */
    apiKey: (id: string, options?: CallOptions) => call(c.apiKey, { params: { id } }, options),
  };
}

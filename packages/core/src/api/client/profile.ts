import { profileContracts } from '../contracts/profile.ts';
import type { Caller, CallOptions } from '../transport.ts';

/** Methods of `client.profile`. */
export function profileMethods(call: Caller) {
  const c = profileContracts;
  return {
    /** GET profile/me */
    me: (options?: CallOptions) => call(c.me, {}, options),
    /** GET profile/accounts */
    accounts: (options?: CallOptions) => call(c.accounts, {}, options),
  };
}

import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { type AddressPolicy, AddressRefusedError } from './address-policy.ts';

/**
 * A `net.connect` lookup that resolves every address of a name and refuses the name when any of them
 * is refused. It runs at connect time, for the very addresses the socket then uses, so a DNS answer
 * that changes between a check and the connection (rebinding) cannot slip through.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { all: true, family: options.family ?? 0, hints: options.hints },
      (error, addresses) => {
        if (error) {
          callback(error, []);
          return;
        }
        const reason = policy.checkResolved(
          hostname,
          addresses.map((entry) => entry.address),
        );
        if (reason !== null) {
          callback(new AddressRefusedError(reason), []);
          return;
        }
        const [first] = addresses;
        if (options.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
      },
    );
  };
}

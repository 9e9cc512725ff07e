import type { Account, ApiClient } from '@siteseer/core';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';

/**
 * An account by id or exact name, among the caller's accounts (every account for a super admin).
 * Several accounts with the name is a usage error that lists them.
 */
export async function resolveAccount(api: ApiClient, ref: string): Promise<Account> {
  const accounts = expectOk(await api.profile.accounts(), 'Listing your accounts');
  const byId = accounts.find((a) => a.id === ref);
  if (byId) return byId;
  const byName = accounts.filter((a) => a.name === ref);
  const [only, ...others] = byName;
  if (only && others.length === 0) return only;
  if (only) {
    throw new UsageError(
      `'${ref}' names ${byName.length} accounts: ${byName.map((a) => a.id).join(', ')}.`,
      'Use the id instead.',
    );
  }
  throw new AbortError(`No account '${ref}' among yours.`, { hint: 'See `siteseer accounts list`.' });
}

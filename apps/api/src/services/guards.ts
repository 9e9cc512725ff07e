import { type Account, canReadAccountEngines, type Viewer } from '@siteseer/core';
import { NotFoundError } from '../errors.ts';
import { findAccount } from '../repositories/accounts.ts';
import type { Queryable } from '../store/types.ts';

/**
 * The account, when the viewer may see it (member, or super admin). Otherwise a 404, the same as a
 * missing account: another tenant's ids reveal nothing. For logins only (account and user calls):
 * the viewer's id is read as a user id. Engine and client calls, which an API key may make too, ask
 * `access/engine-access.ts` instead.
 */
export async function visibleAccount(db: Queryable, viewer: Viewer, accountId: string): Promise<Account> {
  const account = canReadAccountEngines(viewer, accountId)
    ? await findAccount(db, accountId, viewer.id)
    : undefined;
  if (!account) throw new NotFoundError('Account');
  return account;
}

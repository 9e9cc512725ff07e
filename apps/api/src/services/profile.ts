import type { Account, Client, UserProfile, Viewer } from '@siteseer/core';
import type { UserPrincipal } from '../auth/authenticate.ts';
import { listAccountsOfUser, listAllAccounts } from '../repositories/accounts.ts';
import type { Store } from '../store/types.ts';
import { listCallerClients } from './clients.ts';
import { listCallerEngines } from './engines.ts';

/**
 * The caller's accounts with their role on each. A super admin is treated as admin of every
 * account, so they get every account, as admin where they are not a member.
 */
export async function viewerAccounts(store: Store, viewer: Viewer): Promise<Account[]> {
  if (!viewer.isSuperAdmin) return listAccountsOfUser(store, viewer.id);
  const accounts = await listAllAccounts(store, viewer.id);
  return accounts.map((a) => ({ ...a, role: a.role ?? 'admin' }));
}

export async function profileOf(store: Store, principal: UserPrincipal): Promise<UserProfile> {
  const { user, viewer } = principal;
  const [accounts, engines, clients] = await Promise.all([
    viewerAccounts(store, viewer),
    listCallerEngines(store, principal),
    listCallerClients(store, principal),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isBZAdmin: viewer.isSuperAdmin,
    accounts,
    engines,
    clients: Object.fromEntries(clients.map((c): [string, Client] => [c.engineId, c])),
  };
}

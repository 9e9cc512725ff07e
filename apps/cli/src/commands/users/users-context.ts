import {
  type Account,
  type AccountUser,
  type ApiClient,
  type Viewer,
  viewerFromProfile,
} from '@siteseer/core';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';

/** What the user commands decide with: the account, its users and who is asking (from profile/me). */
export interface UsersContext {
  account: Account;
  users: AccountUser[];
  viewer: Viewer;
}

/** `accountRef`: --account; left out, the caller's only account (several: a usage error naming them). */
export async function loadUsersContext(
  api: ApiClient,
  accountRef: string | undefined,
): Promise<UsersContext> {
  const account = await resolveAccountOrOnly(api, accountRef);
  const [users, profile] = await Promise.all([
    api.accounts.users.list(account.id).then((r) => expectOk(r, 'Listing the users')),
    api.profile.me().then((r) => expectOk(r, 'Reading your profile')),
  ]);
  return { account, users, viewer: viewerFromProfile(profile) };
}

/** A user of the account by id or e-mail (case-insensitive). */
export function findUser(context: UsersContext, ref: string): AccountUser {
  const lower = ref.trim().toLowerCase();
  const user = context.users.find((u) => u.id === ref || u.email.toLowerCase() === lower);
  if (!user) {
    throw new AbortError(`No user '${ref}' in ${context.account.name}.`, {
      hint: `See \`siteseer users list --account ${context.account.id}\`.`,
    });
  }
  return user;
}

export function displayName(user: AccountUser): string {
  return `${user.first} ${user.last}`.trim() || user.email;
}

import { deleteUserControl } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { confirmOrYes } from '../../prompt/confirm.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { refusalOf } from './refusals.ts';
import { displayName, findUser, loadUsersContext } from './users-context.ts';

export interface RemoveOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
  user: string;
  yes: boolean;
}

export function parse(input: ParseInput): RemoveOptions {
  return {
    account: optionalString(input, 'account'),
    user: argument(input, 0, 'USER'),
    yes: flag(input, 'yes'),
  };
}

/** Removes a user from an account (their login stays): not the owner, not oneself, by owners and admins. */
export async function run(deps: ApiDeps, options: RemoveOptions): Promise<void> {
  const { api, output } = deps;
  const context = await loadUsersContext(api, options.account);
  const user = findUser(context, options.user);
  const control = deleteUserControl(
    { viewer: context.viewer, accountId: context.account.id, mode: 'edit' },
    user,
  );
  if (control !== 'enabled') throw new AbortError(refusalOf('remove', context, user));
  // Confirmed as transfer-ownership is (the portal asks before removing a user): a wrong e-mail in
  // a script must not remove someone unasked. Their login stays; adding them back re-invites no one.
  await confirmOrYes(deps, {
    yes: options.yes,
    question: `Remove ${displayName(user)} <${user.email}> from ${context.account.name}?`,
    action: 'remove a user',
  });
  const after = expectOk(await api.accounts.users.delete(context.account.id, user.id), 'Removing the user');
  if (output.json) output.printJson(after);
  else output.success(`Removed ${displayName(user)} <${user.email}> from ${context.account.name}.`);
}

export const command = apiCommand({ parse, run });

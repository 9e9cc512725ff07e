import { deleteUserControl } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, requiredString } from '../parse.ts';
import { refusalOf } from './refusals.ts';
import { displayName, findUser, loadUsersContext } from './users-context.ts';

export interface RemoveOptions {
  account: string;
  user: string;
}

export function parse(input: ParseInput): RemoveOptions {
  return { account: requiredString(input, 'account'), user: argument(input, 0, 'USER') };
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
  const after = expectOk(await api.accounts.users.delete(context.account.id, user.id), 'Removing the user');
  if (output.json) output.printJson(after);
  else output.success(`Removed ${displayName(user)} <${user.email}> from ${context.account.name}.`);
}

export const command = apiCommand({ parse, run });

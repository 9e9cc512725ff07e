import { changeRoleControl } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, oneOf, optionalString } from '../parse.ts';
import { refusalOf } from './refusals.ts';
import { displayName, findUser, loadUsersContext } from './users-context.ts';

export interface RoleOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
  user: string;
  role: 'admin' | 'user';
}

export function parse(input: ParseInput): RoleOptions {
  const roleText = argument(input, 1, 'ROLE');
  if (roleText === 'owner') {
    throw new UsageError('To make someone the owner, use `siteseer users transfer-ownership`.');
  }
  return {
    account: optionalString(input, 'account'),
    user: argument(input, 0, 'USER'),
    role: oneOf(roleText, ['admin', 'user'], 'ROLE') ?? 'user',
  };
}

/** Changes a user's role to admin or user: not the owner's, not one's own, by owners and admins. */
export async function run(deps: ApiDeps, options: RoleOptions): Promise<void> {
  const { api, output } = deps;
  const context = await loadUsersContext(api, options.account);
  const user = findUser(context, options.user);
  const control = changeRoleControl(
    { viewer: context.viewer, accountId: context.account.id, mode: 'edit' },
    user,
  );
  if (control !== 'enabled') throw new AbortError(refusalOf('role', context, user));
  const after = expectOk(
    await api.accounts.users.updateRole(context.account.id, user.id, options.role),
    'Changing the role',
  );
  if (output.json) output.printJson(after);
  else output.success(`${displayName(user)} is now ${options.role} of ${context.account.name}.`);
}

export const command = apiCommand({ parse, run });

import { transferOwnershipControl } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { confirmOrYes } from '../../prompt/confirm.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { refusalOf } from './refusals.ts';
import { displayName, findUser, loadUsersContext } from './users-context.ts';

export interface TransferOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
  user: string;
  yes: boolean;
}

export function parse(input: ParseInput): TransferOptions {
  return {
    account: optionalString(input, 'account'),
    user: argument(input, 0, 'USER'),
    yes: flag(input, 'yes'),
  };
}

/** Makes a user the owner (a role change to owner); the former owner becomes admin. */
export async function run(deps: ApiDeps, options: TransferOptions): Promise<void> {
  const { api, output } = deps;
  const context = await loadUsersContext(api, options.account);
  const user = findUser(context, options.user);
  const control = transferOwnershipControl(
    { viewer: context.viewer, accountId: context.account.id, mode: 'edit' },
    user,
  );
  if (control !== 'enabled') throw new AbortError(refusalOf('transfer', context, user));
  await confirmOrYes(deps, {
    yes: options.yes,
    question: `Make ${displayName(user)} the owner of ${context.account.name}? The current owner becomes admin.`,
    action: 'transfer ownership',
  });
  const after = expectOk(
    await api.accounts.users.updateRole(context.account.id, user.id, 'owner'),
    'Transferring ownership',
  );
  if (output.json) output.printJson(after);
  else output.success(`${displayName(user)} is now the owner of ${context.account.name}.`);
}

export const command = apiCommand({ parse, run });

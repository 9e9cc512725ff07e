import { transferOwnershipControl } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, CancelledError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, requiredString } from '../parse.ts';
import { refusalOf } from './refusals.ts';
import { displayName, findUser, loadUsersContext } from './users-context.ts';

export interface TransferOptions {
  account: string;
  user: string;
  yes: boolean;
}

export function parse(input: ParseInput): TransferOptions {
  return {
    account: requiredString(input, 'account'),
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
  if (!options.yes) {
    if (!output.interactive) throw new UsageError('Pass --yes to transfer ownership without a terminal.');
    const sure = await deps.prompt.confirm(
      `Make ${displayName(user)} the owner of ${context.account.name}? The current owner becomes admin.`,
    );
    if (!sure) throw new CancelledError();
  }
  const after = expectOk(
    await api.accounts.users.updateRole(context.account.id, user.id, 'owner'),
    'Transferring ownership',
  );
  if (output.json) output.printJson(after);
  else output.success(`${displayName(user)} is now the owner of ${context.account.name}.`);
}

export const command = apiCommand({ parse, run });

import { deleteConfirmationError, MESSAGES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { CancelledError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, flag, optionalString } from '../parse.ts';
import { resolveAccount } from './resolve-account.ts';

export interface DeleteOptions {
  account: string;
  confirm: string | undefined;
}

export function parse(input: ParseInput): DeleteOptions {
  const confirm = optionalString(input, 'confirm');
  if (flag(input, 'yes') && confirm === undefined) {
    throw new UsageError('--yes is not enough to delete an account: pass --confirm with its exact name.');
  }
  return { account: argument(input, 0, 'ACCOUNT'), confirm };
}

/** Deletes an account and all its engines (super admins), after its exact name is typed. */
export async function run(deps: ApiDeps, options: DeleteOptions): Promise<void> {
  const { api, output } = deps;
  const account = await resolveAccount(api, options.account);
  let typed = options.confirm;
  if (typed === undefined) {
    if (!output.interactive) throw new UsageError(`Pass --confirm "${account.name}" to delete this account.`);
    output.warn(`The account ${account.name} and all its search engines will be permanently deleted.`);
    typed = await deps.prompt.text(`Type the account's name (${account.name}) to delete it: `);
  }
  const mismatch = deleteConfirmationError(typed, account.name);
  if (mismatch) throw new CancelledError(`${mismatch} Nothing was deleted.`);
  output.info(MESSAGES.accountDeleteNote);
  expectOk(await api.admin.accounts.delete(account.id), 'Deleting the account');
  if (output.json) output.printJson({ id: account.id, name: account.name, deleted: true });
  else output.success(`Deleted account ${account.name} (${account.id}).`);
}

export const command = apiCommand({ parse, run });

import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { optionalString } from '../parse.ts';

export interface ListOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
}

export function parse(input: ParseInput): ListOptions {
  return { account: optionalString(input, 'account') };
}

export async function run(deps: ApiDeps, options: ListOptions): Promise<void> {
  const { api, output } = deps;
  const account = await resolveAccountOrOnly(api, options.account);
  const users = expectOk(await api.accounts.users.list(account.id), 'Listing the users');
  if (output.json) {
    output.printJson(users);
    return;
  }
  output.table(
    ['USER ID', 'FIRST', 'LAST', 'EMAIL', 'ROLE'],
    users.map((u) => [u.id, u.first, u.last, u.email, u.role]),
    'No users.',
  );
}

export const command = apiCommand({ parse, run });

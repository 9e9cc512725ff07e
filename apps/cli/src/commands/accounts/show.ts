import { PRODUCT_NAMES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';
import { argument } from '../parse.ts';
import { resolveAccount } from './resolve-account.ts';

export interface ShowOptions {
  account: string;
}

export function parse(input: ParseInput): ShowOptions {
  return { account: argument(input, 0, 'ACCOUNT') };
}

/** An account with its users. */
export async function run(deps: ApiDeps, options: ShowOptions): Promise<void> {
  const { api, output } = deps;
  const found = await resolveAccount(api, options.account);
  const [account, users] = await Promise.all([
    api.accounts.get(found.id).then((r) => expectOk(r, 'Reading the account')),
    api.accounts.users.list(found.id).then((r) => expectOk(r, 'Listing the users')),
  ]);
  if (output.json) {
    output.printJson({ ...account, users });
    return;
  }
  output.details([
    ['Name', account.name],
    ['ID', account.id],
    ['Product types', account.products.map((p) => PRODUCT_NAMES[p]).join(', ')],
    ['Your role', account.role ?? found.role],
    ['Created', formatDate(account.createdDate)],
  ]);
  output.line();
  output.table(
    ['USER ID', 'FIRST', 'LAST', 'EMAIL', 'ROLE'],
    users.map((u) => [u.id, u.first, u.last, u.email, u.role]),
    'No users.',
  );
}

export const command = apiCommand({ parse, run });

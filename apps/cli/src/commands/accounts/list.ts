import { MESSAGES, PRODUCT_NAMES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { formatDate } from '../../output/format.ts';

export type ListOptions = Record<string, never>;

export function parse(_input: ParseInput): ListOptions {
  return {};
}

/** Your accounts with your role on each; a super admin sees every account. */
export async function run(deps: ApiDeps, _options: ListOptions): Promise<void> {
  const { api, output } = deps;
  const accounts = expectOk(await api.profile.accounts(), 'Listing accounts');
  if (output.json) {
    output.printJson(accounts);
    return;
  }
  output.table(
    ['ID', 'NAME', 'PRODUCT TYPES', 'ROLE', 'CREATED'],
    accounts.map((a) => [
      a.id,
      a.name,
      a.products.map((p) => PRODUCT_NAMES[p]).join(', '),
      a.role ?? '',
      formatDate(a.createdDate).slice(0, 10),
    ]),
    MESSAGES.noAccounts,
  );
}

export const command = apiCommand({ parse, run });

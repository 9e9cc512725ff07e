import { accountUpdateBody, type ProductCode } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { argument, optionalString } from '../parse.ts';
import { parseProducts } from './products.ts';
import { resolveAccount } from './resolve-account.ts';

export interface UpdateOptions {
  account: string;
  name: string | undefined;
  products: ProductCode[] | undefined;
}

export function parse(input: ParseInput): UpdateOptions {
  const name = optionalString(input, 'name')?.trim();
  const products = parseProducts(optionalString(input, 'products'));
  if (name === undefined && products === undefined)
    throw new UsageError('Nothing to change: pass --name and/or --products.');
  return { account: argument(input, 0, 'ACCOUNT'), name, products };
}

/** Renames an account and/or changes its products (only what is given is sent, as the spec says). */
export async function run(deps: ApiDeps, options: UpdateOptions): Promise<void> {
  const { api, output } = deps;
  const found = await resolveAccount(api, options.account);
  const account = expectOk(
    await api.accounts.update(
      found.id,
      accountUpdateBody({ name: options.name, products: options.products }),
    ),
    'Updating the account',
  );
  if (output.json) output.printJson(account);
  else output.success(`Updated account ${account.name} (${account.id}).`);
}

export const command = apiCommand({ parse, run });

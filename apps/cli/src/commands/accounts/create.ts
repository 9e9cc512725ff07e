import type { NewAccountUser, ProductCode } from '@siteseer/core';
import { validateNewUser } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { optionalString, requiredString } from '../parse.ts';
import { parseProducts } from './products.ts';

export interface CreateOptions {
  name: string;
  products: ProductCode[];
  owner: NewAccountUser | undefined;
}

export function parse(input: ParseInput): CreateOptions {
  const name = requiredString(input, 'name').trim();
  const products = parseProducts(optionalString(input, 'products')) ?? [];
  const email = optionalString(input, 'ownerEmail');
  let owner: NewAccountUser | undefined;
  if (email !== undefined) {
    const candidate = {
      first: optionalString(input, 'ownerFirst') ?? '',
      last: optionalString(input, 'ownerLast') ?? '',
      email,
    };
    const errors = validateNewUser(candidate, []);
    const [field, problem] = Object.entries(errors)[0] ?? [];
    if (problem) throw new UsageError(`--owner-${field === 'email' ? 'email' : field}: ${problem}`);
    owner = {
      first: candidate.first.trim(),
      last: candidate.last.trim(),
      email: email.trim(),
      role: 'owner',
    };
  }
  return { name, products, owner };
}

/** Creates an account (super admins), optionally with its owner (invited when new). */
export async function run(deps: ApiDeps, options: CreateOptions): Promise<void> {
  const { api, output } = deps;
  const account = expectOk(
    await api.admin.accounts.create({
      name: options.name,
      products: options.products,
      users: options.owner ? [options.owner] : [],
    }),
    'Creating the account',
  );
  if (output.json) output.printJson(account);
  else {
    output.success(`Created account ${account.name} (${account.id}).`);
    output.line(account.id);
  }
}

export const command = apiCommand({ parse, run });

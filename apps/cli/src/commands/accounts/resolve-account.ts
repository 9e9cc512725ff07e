import type { Account, ApiClient } from '@siteseer/core';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';

/*
 * The one way every command reads --account (and ACCOUNT): an id or an exact name among the
 * caller's accounts (every account for a super admin). An unknown one is an error, never an empty
 * result.
 */

function listed(accounts: readonly Account[]): string {
  return accounts.map((a) => `${a.name} (${a.id})`).join(', ');
}

/** `ref` (an id or exact name) among accounts already read. */
export function findAccount(accounts: readonly Account[], ref: string): Account {
  const byId = accounts.find((a) => a.id === ref);
  if (byId) return byId;
  const byName = accounts.filter((a) => a.name === ref);
  const [only, ...others] = byName;
  if (only && others.length === 0) return only;
  if (only) {
    throw new UsageError(
      `'${ref}' names ${byName.length} accounts: ${byName.map((a) => a.id).join(', ')}.`,
      'Use the id instead.',
    );
  }
  throw new AbortError(`No account '${ref}' among yours.`, { hint: 'See `siteseer accounts list`.' });
}

function callerAccounts(api: ApiClient): Promise<Account[]> {
  return api.profile.accounts().then((r) => expectOk(r, 'Listing your accounts'));
}

/** An account by id or exact name; several accounts with the name is a usage error that lists them. */
export async function resolveAccount(api: ApiClient, ref: string): Promise<Account> {
  return findAccount(await callerAccounts(api), ref);
}

/** --account when given (as `resolveAccount`), else the caller's only account. */
export async function resolveAccountOrOnly(api: ApiClient, ref: string | undefined): Promise<Account> {
  const accounts = await callerAccounts(api);
  if (ref !== undefined) return findAccount(accounts, ref);
  const [only, ...others] = accounts;
  if (only && others.length === 0) return only;
  if (!only) throw new AbortError('You have no account.', { hint: 'Ask an account owner to add you.' });
  throw new UsageError(
    `--account is required: you have ${accounts.length} accounts: ${listed(accounts)}.`,
    'Pass --account with an id or an exact name.',
  );
}

/**
 * --account with SITESEER_API_KEY: a key acts for its own account only, which it cannot read by
 * name, so --account must be that account's id (known from the key's engines). Anything else is a
 * usage error before any file is sent: an account that is ignored would put the engine in the key's
 * account whatever the command line says.
 */
export async function checkApiKeyAccount(api: ApiClient, ref: string | undefined): Promise<void> {
  if (ref === undefined) return;
  const engines = expectOk(await api.engines.list({}), "Listing the API key's engines");
  const keyAccount = engines[0]?.accountId;
  if (keyAccount === ref) return;
  if (keyAccount === undefined) {
    throw new UsageError(
      `An API key acts for its own account and cannot check --account '${ref}' against it.`,
      'Leave out --account: the engine is made in the API key’s account.',
    );
  }
  throw new UsageError(
    `The API key is for the account ${keyAccount}, not '${ref}': an API key acts for its own account only.`,
    `Leave out --account, or use the key of the account '${ref}'.`,
  );
}

import { MESSAGES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, CancelledError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { resolveAccount } from '../accounts/resolve-account.ts';
import { flag, requiredString } from '../parse.ts';

export interface NewKeyOptions {
  account: string;
  yes: boolean;
}

export function parse(input: ParseInput): NewKeyOptions {
  return { account: requiredString(input, 'account'), yes: flag(input, 'yes') };
}

/**
 * A new API key for an account (owners and admins), printed once on stdout. As in the portal it is
 * confirmed first, because the account's current key stops working.
 */
export async function run(deps: ApiDeps, options: NewKeyOptions): Promise<void> {
  const { api, output } = deps;
  const account = await resolveAccount(api, options.account);
  if (!options.yes) {
    if (!output.interactive) throw new UsageError('Pass --yes to replace the API key without a terminal.');
    const sure = await deps.prompt.confirm(
      `Generate a new API key for ${account.name}? The current key stops working.`,
    );
    if (!sure) throw new CancelledError();
  }
  const result = expectOk(await api.accounts.newApiKey(account.id), 'Generating the API key');
  if (!result.isValid || !result.key) throw new AbortError(MESSAGES.apiKeyError);
  if (output.json) {
    output.printJson({ accountId: account.id, key: result.key });
    return;
  }
  output.line(result.key);
  output.warn(
    'This key is shown once: store it now (e.g. as SITESEER_API_KEY in your CI secrets). The previous key no longer works.',
  );
}

export const command = apiCommand({ parse, run });

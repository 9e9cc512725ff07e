import { MESSAGES } from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { confirmOrYes } from '../../prompt/confirm.ts';
import { resolveAccountOrOnly } from '../accounts/resolve-account.ts';
import { flag, optionalString } from '../parse.ts';

export interface NewKeyOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
  yes: boolean;
}

export function parse(input: ParseInput): NewKeyOptions {
  return { account: optionalString(input, 'account'), yes: flag(input, 'yes') };
}

/**
 * A new API key for an account (owners and admins), printed once on stdout. As in the portal it is
 * confirmed first, because the account's current key stops working.
 */
export async function run(deps: ApiDeps, options: NewKeyOptions): Promise<void> {
  const { api, output } = deps;
  const account = await resolveAccountOrOnly(api, options.account);
  await confirmOrYes(deps, {
    yes: options.yes,
    question: `Generate a new API key for ${account.name}? The current key stops working.`,
    action: 'replace the API key',
  });
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

import {
  type AccountRole,
  assignableRoles,
  canManageAccountUsers,
  PLATFORM_NAME,
  userCheckRefusal,
  validateNewUser,
} from '@siteseer/core';
import { type ApiDeps, apiCommand, type ParseInput } from '../../deps.ts';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';
import { oneOf, optionalString } from '../parse.ts';
import { loadUsersContext } from './users-context.ts';

export interface AddOptions {
  /** --account; left out, the caller's only account. */
  account: string | undefined;
  first: string;
  last: string;
  email: string;
  role: AccountRole;
}

export function parse(input: ParseInput): AddOptions {
  const candidate = {
    first: optionalString(input, 'first') ?? '',
    last: optionalString(input, 'last') ?? '',
    email: optionalString(input, 'email') ?? '',
  };
  // The form's rules without the account's users (uniqueness is checked once they are known).
  const [field, problem] = Object.entries(validateNewUser(candidate, []))[0] ?? [];
  if (problem) throw new UsageError(`--${field}: ${problem}`);
  return {
    account: optionalString(input, 'account'),
    first: candidate.first.trim(),
    last: candidate.last.trim(),
    email: candidate.email.trim(),
    role: oneOf(optionalString(input, 'role'), ['owner', 'admin', 'user'], '--role') ?? 'user',
  };
}

/**
 * Adds a user with the spec's rules: e-mail unique in the account ('That email is already in use'),
 * one owner, no deactivated logins, no super-admin logins. A new login is invited by e-mail.
 */
export async function run(deps: ApiDeps, options: AddOptions): Promise<void> {
  const { api, output } = deps;
  const context = await loadUsersContext(api, options.account);
  const { account, users } = context;
  if (!canManageAccountUsers(context.viewer, account.id))
    throw new AbortError('Only owners and admins can add users.');
  const errors = validateNewUser(
    options,
    users.map((u) => u.email),
  );
  if (errors.email) throw new AbortError(errors.email);
  if (assignableRoles(users).find((o) => o.role === options.role)?.disabled) {
    throw new AbortError(`${account.name} already has an owner.`, {
      hint: 'Add the user as admin, then use `siteseer users transfer-ownership`.',
    });
  }
  const check = await api.accounts.users.check(account.id, options.email);
  if (check.ok) {
    const refusal = userCheckRefusal(check.data, PLATFORM_NAME);
    if (refusal) throw new AbortError(refusal);
  } else if (check.status !== 204) {
    expectOk(check, 'Checking the e-mail');
  }
  const after = expectOk(
    await api.accounts.users.add(account.id, [
      { first: options.first, last: options.last, email: options.email, role: options.role },
    ]),
    'Adding the user',
  );
  const added = after.find((u) => u.email.toLowerCase() === options.email.toLowerCase());
  if (output.json) {
    output.printJson(added ?? after);
    return;
  }
  output.success(`Added ${options.email} to ${account.name} as ${options.role}.`);
  // The embedded provider sends no e-mail: the link is in the server's log (README, Invitations).
  if (!check.ok)
    output.info(
      'They have no login yet: an invitation link to set a password was made (the server sends it, or logs it when it sends no e-mail).',
    );
  if (added) output.line(added.id);
}

export const command = apiCommand({ parse, run });

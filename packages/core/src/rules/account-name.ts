import { z } from 'zod';
import { hasControlCharacter } from '../domain/control-characters.ts';
import { MESSAGES } from './messages.ts';

function sameAccountName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The account name field: required, no control characters, and not the name of another of the user's accounts. Compared
 * trimmed and case-insensitively, since 'Acme' and 'acme ' would be told apart by nobody in a list.
 */
export function accountNameField(otherAccountNames: readonly string[]) {
  return z
    .string({ error: MESSAGES.accountNameRequired })
    .trim()
    .min(1, MESSAGES.accountNameRequired)
    .refine((name) => !hasControlCharacter(name), MESSAGES.accountNameControlCharacters)
    .refine(
      (name) => !otherAccountNames.some((other) => sameAccountName(other, name)),
      MESSAGES.accountNameTaken,
    );
}

/**
 * The message for an account name, or undefined. `accounts` are the user's accounts; the one being
 * edited (`currentAccountId`) is not "another" account, so keeping its name is fine.
 */
export function validateAccountName(
  name: string | null | undefined,
  accounts: readonly { id: string; name: string }[],
  currentAccountId?: string,
): string | undefined {
  const others = accounts.filter((account) => account.id !== currentAccountId).map((account) => account.name);
  const result = accountNameField(others).safeParse(name ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
}

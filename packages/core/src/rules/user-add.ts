import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import type { UserCheckResult } from '../domain/account.ts';
import { hasControlCharacter } from '../domain/control-characters.ts';
import { MESSAGES, superAdminUserMessage } from './messages.ts';
import type { FieldErrors } from './rule-result.ts';
import { fieldErrorsOf } from './rule-result.ts';

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A first or last name: required, and no control characters (names are listed and exported). */
function personName(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((name) => !hasControlCharacter(name), MESSAGES.personNameControlCharacters);
}

/**
 * The add-user form for one account: first and last name required (no control characters), email required, valid and not
 * already used in the account (case-insensitively: mail systems treat addresses so).
 */
export function newUserForm(existingEmails: readonly string[]) {
  return z.object({
    first: personName(MESSAGES.firstNameRequired),
    last: personName(MESSAGES.lastNameRequired),
    email: z
      .string({ error: MESSAGES.emailRequired })
      .trim()
      .min(1, MESSAGES.emailRequired)
      .pipe(z.email(MESSAGES.emailInvalid))
      .refine((email) => !existingEmails.some((existing) => sameEmail(existing, email)), MESSAGES.emailInUse),
  });
}

/** What the add-user form submits. */
export interface NewUserInput {
  first?: unknown;
  last?: unknown;
  email?: unknown;
}

/** Errors of the add-user form by field (first, last, email); empty when valid. */
export function validateNewUser(
  input: NewUserInput,
  existingEmails: readonly string[],
): FieldErrors<'first' | 'last' | 'email'> {
  const result = newUserForm(existingEmails).safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

/**
 * Why an existing login cannot be added, from the user check (undefined when it can): a deactivated
 * login, or a platform user (super admin) who already has access to every account.
 */
export function userCheckRefusal(
  check: Pick<UserCheckResult, 'status' | 'isBZUser'>,
  product: string,
): string | undefined {
  if (check.status === 'DEPROVISIONED') return MESSAGES.userDeactivated;
  if (check.isBZUser) return superAdminUserMessage(product);
  return undefined;
}

/**
 * A temporary id for a user added locally and not yet saved: a random whole number below 100000.
 * When the random pick is taken, the next free number (wrapping) is used, so it always terminates;
 * `random` is injectable (defaults to Math.random).
 */
export function temporaryUserId(taken: Iterable<number> = [], random: () => number = Math.random): number {
  const max = LIMITS.tempUserIdMax;
  const used = new Set(taken);
  const start = Math.min(max - 1, Math.max(0, Math.floor(random() * max)));
  for (let offset = 0; offset < max; offset++) {
    const id = (start + offset) % max;
    if (!used.has(id)) return id;
  }
  throw new RangeError('Every temporary user id below 100000 is in use');
}

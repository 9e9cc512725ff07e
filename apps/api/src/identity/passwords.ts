import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { findPasswordTokenUser, insertPasswordToken, usePasswordToken } from '../repositories/identity.ts';
import type { Queryable } from '../store/types.ts';

/** Argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the login does not exist, so an unknown e-mail costs the same time as a
// wrong password and response timing does not reveal which addresses have logins.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; spends the same time when there is no hash. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('siteseer-no-such-login');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}

const PASSWORD_MIN_LENGTH = 10;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > 256) return 'Use at most 256 characters.';
  return undefined;
}

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type PasswordTokenPurpose = 'invite' | 'reset';

const TOKEN_TTL_HOURS: Record<PasswordTokenPurpose, number> = { invite: 7 * 24, reset: 1 };

/** When an invitation link made at `from` stops working. */
export function invitationExpiry(from: Date): Date {
  return new Date(from.getTime() + TOKEN_TTL_HOURS.invite * 3_600_000);
}

/** Creates a one-time link token to set a password; only its hash is stored. */
export async function createPasswordToken(
  db: Queryable,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordToken(db, { hash: sha256(token), userId, purpose, hours: TOKEN_TTL_HOURS[purpose] });
  return token;
}

/** The user a valid, unused, unexpired token belongs to, or undefined. Does not consume it. */
export function findPasswordToken(db: Queryable, token: string): Promise<string | undefined> {
  return findPasswordTokenUser(db, sha256(token));
}

/** Marks the token used; returns its user, or undefined when it was not valid (used, expired, unknown). */
export function consumePasswordToken(db: Queryable, token: string): Promise<string | undefined> {
  return usePasswordToken(db, sha256(token));
}

import { countAttempt, deleteAttemptCounts, uncountAttempt } from '../repositories/login-attempts.ts';
import type { Queryable } from '../store/types.ts';

/**
 * Brute-force protection of the sign-in form without handing anyone a way to lock a person out.
 * Attempts are counted in the store (every API process sees the same counts), in windows of
 * `windowMinutes` started by a counter's first attempt:
 * - per login and address, and per address: hard limits. Past them that address is refused
 *   (429) until the window ends; an attacker's own addresses are what these shut.
 * - per login, from any address: no lock, a delay. Past `freePerLogin` attempts each further
 *   attempt is held `firstDelaySeconds`, doubling, up to `maxDelaySeconds`. Many addresses can
 *   slow a login down but never shut it: its owner, from an address of their own, gets in after
 *   at most the cap.
 * An attempt counts from the moment it starts, so concurrent attempts cannot slip past a limit
 * while earlier ones wait or are checked; a success takes its own attempt back and clears the
 * login's counts, and a refused one no longer counts for the login.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perLoginAndAddress: 5,
  perAddress: 20,
  freePerLogin: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15,
} as const;

/** Refused until the window ends, or allowed once `delayMs` (0: none) has passed. */
export type SignInAttempt =
  | { refused: true; retryAfterMinutes: number }
  | { refused: false; delayMs: number };

function keys(email: string, ip: string) {
  const login = email.trim().toLowerCase();
  return {
    login: `email:${login}`,
    // JSON keeps the pair unambiguous whatever the typed login contains.
    loginAndAddress: `email-ip:${JSON.stringify([login, ip])}`,
    address: `ip:${ip}`,
  };
}

/** The delay of an attempt that follows `failures` earlier attempts for its login. */
function loginDelayMs(failures: number): number {
  const { freePerLogin, firstDelaySeconds, maxDelaySeconds } = LOGIN_LIMITS;
  if (failures < freePerLogin) return 0;
  const doublings = Math.min(failures - freePerLogin, 30);
  return Math.min(firstDelaySeconds * 2 ** doublings, maxDelaySeconds) * 1000;
}

/** Counts a sign-in attempt for `email` from `ip` and says whether (and after what delay) it may go on. */
export async function beginSignInAttempt(
  db: Queryable,
  email: string,
  ip: string,
  now: Date,
): Promise<SignInAttempt> {
  const k = keys(email, ip);
  const windowMs = LOGIN_LIMITS.windowMinutes * 60_000;
  const counts = await countAttempt(db, [k.login, k.loginAndAddress, k.address], now, windowMs / 1000);
  let retryAfterMinutes = 0;
  for (const [key, limit] of [
    [k.loginAndAddress, LOGIN_LIMITS.perLoginAndAddress],
    [k.address, LOGIN_LIMITS.perAddress],
  ] as const) {
    const count = counts.get(key);
    // The count includes this attempt: `limit` failures before it are allowed, not one more.
    if (count && count.attempts > limit) {
      const left = Math.ceil((count.windowStart.getTime() + windowMs - now.getTime()) / 60_000);
      retryAfterMinutes = Math.max(retryAfterMinutes, left, 1);
    }
  }
  if (retryAfterMinutes > 0) {
    // A refused attempt never reaches the password, so it must not slow the login for others:
    // otherwise one shut-out address could keep the login at the longest delay.
    await uncountAttempt(db, k.login);
    return { refused: true, retryAfterMinutes };
  }
  return { refused: false, delayMs: loginDelayMs((counts.get(k.login)?.attempts ?? 1) - 1) };
}

/** The attempt signed in: it was no failure, and the login's earlier failures no longer slow it. */
export async function signInSucceeded(db: Queryable, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await deleteAttemptCounts(db, [k.login, k.loginAndAddress]);
  await uncountAttempt(db, k.address);
}

/** A new password was set from `ip`: the login starts afresh there. */
export async function clearLoginFailures(db: Queryable, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await deleteAttemptCounts(db, [k.login, k.loginAndAddress]);
}

import type { Queryable } from '../store/types.ts';

/**
 * Failed sign-ins are limited per login and per client address, in the store so that every API
 * process sees the same counts. A success clears the login's count.
 */
export const LOGIN_LIMITS = {
  perEmail: 5,
  perIp: 20,
  windowMinutes: 15,
} as const;

function keys(email: string, ip: string): { emailKey: string; ipKey: string } {
  return { emailKey: `email:${email.trim().toLowerCase()}`, ipKey: `ip:${ip}` };
}

/** Minutes until sign-in may be tried again, or 0 when it may be tried now. */
export async function loginBlockedForMinutes(db: Queryable, email: string, ip: string): Promise<number> {
  const { emailKey, ipKey } = keys(email, ip);
  const { rows } = await db.query<{ key: string; failures: number; minutes_left: number }>(
    `SELECT key, failures,
       ceil(extract(epoch FROM (window_start + make_interval(mins => $3) - now())) / 60)::int AS minutes_left
     FROM login_failures
     WHERE key IN ($1, $2) AND window_start > now() - make_interval(mins => $3)`,
    [emailKey, ipKey, LOGIN_LIMITS.windowMinutes],
  );
  let blocked = 0;
  for (const row of rows) {
    const limit = row.key === emailKey ? LOGIN_LIMITS.perEmail : LOGIN_LIMITS.perIp;
    if (row.failures >= limit) blocked = Math.max(blocked, row.minutes_left, 1);
  }
  return blocked;
}

/** Counts a failed sign-in against the login and the address (a new window when the old one ended). */
export async function recordLoginFailure(db: Queryable, email: string, ip: string): Promise<void> {
  const { emailKey, ipKey } = keys(email, ip);
  for (const key of [emailKey, ipKey]) {
    await db.query(
      `INSERT INTO login_failures (key, failures, window_start) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                         THEN login_failures.failures + 1 ELSE 1 END,
         window_start = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                             THEN login_failures.window_start ELSE now() END`,
      [key, LOGIN_LIMITS.windowMinutes],
    );
  }
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [keys(email, '').emailKey]);
}

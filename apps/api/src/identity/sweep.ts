import { deleteEndedAttemptCounts } from '../repositories/login-attempts.ts';
import type { Queryable } from '../store/types.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';
import { sweepExpiredOidcModels } from './oidc-adapter.ts';

/**
 * Every `everyMs`, deletes what sign-in no longer needs: the provider's expired rows (sessions,
 * grants, codes) and attempt counters whose window has ended. Without it both tables only grow,
 * by one row per login and address tried. Answers a function that stops it.
 */
export function startIdentitySweep(
  db: Queryable,
  {
    everyMs = 15 * 60_000,
    now = () => new Date(),
    onError,
  }: { everyMs?: number; now?: () => Date; onError: (error: unknown) => void },
): () => void {
  const windowMs = LOGIN_LIMITS.windowMinutes * 60_000;
  const timer = setInterval(() => {
    Promise.all([
      sweepExpiredOidcModels(db),
      deleteEndedAttemptCounts(db, new Date(now().getTime() - windowMs)),
    ]).catch(onError);
  }, everyMs);
  // A sweep due is no reason to keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}

import { deleteExpiredOidcModels } from '../repositories/identity.ts';
import { deleteEndedAttemptCounts } from '../repositories/login-attempts.ts';
import { vacuumOnPglite } from '../store/pglite-maintenance.ts';
import type { Store } from '../store/types.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

/** The tables the sweep deletes from. */
const SWEPT_TABLES = ['oidc_models', 'login_failures'];

/**
 * Every `everyMs`, deletes what sign-in no longer needs: the provider's expired rows (sessions,
 * grants, codes) and attempt counters whose window has ended. Without it both tables only grow,
 * by one row per login and address tried. On PGlite, which runs no autovacuum, a sweep that
 * deleted rows vacuums the two tables: the deleted rows' versions and index entries would stay.
 * Answers a function that stops it.
 */
export function startIdentitySweep(
  store: Store,
  {
    everyMs = 15 * 60_000,
    now = () => new Date(),
    onError,
  }: { everyMs?: number; now?: () => Date; onError: (error: unknown) => void },
): () => void {
  const windowMs = LOGIN_LIMITS.windowMinutes * 60_000;
  const sweep = async () => {
    const deleted = await Promise.all([
      deleteExpiredOidcModels(store),
      deleteEndedAttemptCounts(store, new Date(now().getTime() - windowMs)),
    ]);
    if (deleted.some((rows) => rows > 0)) await vacuumOnPglite(store, SWEPT_TABLES);
  };
  const timer = setInterval(() => {
    sweep().catch(onError);
  }, everyMs);
  // A sweep due is no reason to keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}

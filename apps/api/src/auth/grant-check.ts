import { grantExists } from '../repositories/principals.ts';
import type { Queryable } from '../store/types.ts';

/**
 * How long one process trusts an answer about a grant, in ms. A portal screen sends its calls in
 * a burst of a second or so: they share one look-up, while a token used after logout or
 * revocation is refused at most this long afterwards (access tokens otherwise live 15 minutes).
 */
export const GRANT_CHECK_CACHE_MS = 2_000;

/** Entries beyond this are dropped oldest first: the cache only saves look-ups, never decides alone. */
const MAX_ENTRIES = 10_000;

/**
 * Answers whether the embedded provider's grant behind an access token still exists, from the
 * store, remembering each answer (and each look-up in flight) for `cacheMs` in this process.
 */
export function createGrantCheck(
  db: Queryable,
  { cacheMs = GRANT_CHECK_CACHE_MS, now = Date.now }: { cacheMs?: number; now?: () => number } = {},
): (grantId: string) => Promise<boolean> {
  const answers = new Map<string, { until: number; exists: Promise<boolean> }>();
  return (grantId) => {
    const at = now();
    const cached = answers.get(grantId);
    if (cached && cached.until > at) return cached.exists;
    answers.delete(grantId);
    if (answers.size >= MAX_ENTRIES) {
      for (const [id, entry] of answers)
        if (entry.until <= at || answers.size >= MAX_ENTRIES) answers.delete(id);
    }
    const exists = grantExists(db, grantId);
    answers.set(grantId, { until: at + cacheMs, exists });
    // A failed look-up is not an answer: the next call asks the store again.
    exists.catch(() => answers.delete(grantId));
    return exists;
  };
}

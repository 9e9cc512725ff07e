import type { Queryable } from '../store/types.ts';

/** One counter of sign-in attempts: how many since its window started. */
export interface AttemptCount {
  attempts: number;
  windowStart: Date;
}

/**
 * Adds one attempt to each counter of `keys` in one statement, so processes sharing the store
 * count every concurrent attempt. A counter whose window (started by its first attempt) ended
 * before `at` starts again at 1. Answers each counter after the addition.
 */
export async function countAttempt(
  db: Queryable,
  keys: readonly string[],
  at: Date,
  windowSeconds: number,
): Promise<Map<string, AttemptCount>> {
  const { rows } = await db.query<{ key: string; failures: number; window_start: Date }>(
    `INSERT INTO login_failures AS f (key, failures, window_start)
     SELECT k, 1, $2::timestamptz FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.window_start > $2::timestamptz - make_interval(secs => $3::int)
                       THEN f.failures + 1 ELSE 1 END,
       window_start = CASE WHEN f.window_start > $2::timestamptz - make_interval(secs => $3::int)
                           THEN f.window_start ELSE $2::timestamptz END
     RETURNING key, failures, window_start`,
    [keys, at, windowSeconds],
  );
  return new Map(rows.map((r) => [r.key, { attempts: r.failures, windowStart: r.window_start }]));
}

/** Takes back one attempt of the counter `key` (an attempt that turned out not to be a failure). */
export async function uncountAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE login_failures SET failures = greatest(failures - 1, 0) WHERE key = $1', [key]);
}

export async function deleteAttemptCounts(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = ANY($1::text[])', [keys]);
}

/** Deletes the counters whose window started before `before` (they would start again at 1). */
export async function deleteEndedAttemptCounts(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM login_failures WHERE window_start < $1::timestamptz', [
    before,
  ]);
  return rowCount;
}

import type { Queryable } from './types.ts';

/** Runs the cheapest statement there is: resolves when the store answers, rejects when it refuses. */
export async function pingStore(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

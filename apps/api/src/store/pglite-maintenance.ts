import type { Store } from './types.ts';

/**
 * Vacuums and analyses `tables` on PGlite, which runs no autovacuum: without it, every row version
 * an update or delete leaves stays (an update of an indexed column is never pruned in place) and
 * the planner has no statistics. Nothing on a PostgreSQL server, whose autovacuum does both. The
 * callers run it at quiet points of the work that churns their tables: the search recorder every
 * 100k searches (repositories/search-events.ts), the crawler at the end of each run, the identity
 * sweep when it deleted rows (identity/sweep.ts).
 */
export async function vacuumOnPglite(store: Store, tables: readonly string[]): Promise<void> {
  if (store.kind === 'pglite') await store.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
}

import { resolve } from 'node:path';
import { defaultMigrationsDir, migrate } from './migrate.ts';
import { openPgStore } from './pg-store.ts';
import { openPgliteStore } from './pglite-store.ts';
import type { Store } from './types.ts';

export interface StoreConfig {
  /** DATABASE_URL: when set, the store is that PostgreSQL server and `dataDir` is ignored. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, created on first start (default ./.data); null or ':memory:' keeps it in memory. */
  dataDir?: string | null | undefined;
  /** Migrations applied at open (default: this folder's migrations/); null applies none. */
  migrationsDir?: string | null;
  /** PostgreSQL only: the schema unqualified names resolve to. */
  schema?: string;
  /** A transaction idle this long is rolled back (default 30 s). */
  idleTransactionTimeoutMs?: number;
  /** PGlite only: its buffer pool in MB; undefined sizes it from the data (pglite-memory.ts). */
  sharedBuffersMb?: number | undefined;
}

/** Opens PostgreSQL when `databaseUrl` is set, else embedded PGlite; then applies pending migrations. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const idleTransactionTimeoutMs = config.idleTransactionTimeoutMs ?? 30_000;
  const store: Store = config.databaseUrl
    ? await openPgStore({
        connectionString: config.databaseUrl,
        idleTransactionTimeoutMs,
        ...(config.schema ? { schema: config.schema } : {}),
      })
    : await openPgliteStore({
        dataDir: pgliteDataDir(config.dataDir),
        idleTransactionTimeoutMs,
        sharedBuffersMb: config.sharedBuffersMb,
      });
  const migrationsDir = config.migrationsDir === undefined ? defaultMigrationsDir : config.migrationsDir;
  if (migrationsDir === null) return store;
  try {
    await migrate(store, migrationsDir);
  } catch (error) {
    await closeAfter(store, error);
    throw error;
  }
  return store;
}

function pgliteDataDir(dataDir: string | null | undefined): string | null {
  if (dataDir === null || dataDir === ':memory:') return null;
  return resolve(dataDir ?? './.data');
}

async function closeAfter(store: Store, original: unknown): Promise<void> {
  try {
    await store.close();
  } catch (closeError) {
    throw new AggregateError([original, closeError], 'Migrating failed and closing the store failed too');
  }
}

export {
  isUniqueViolation,
  MigrationError,
  SqlState,
  StoreClosedError,
  StoreCrashedError,
  StoreQueryError,
  StoreUsageError,
  TransactionAbortedError,
  TransactionClosedError,
  TransactionTimeoutError,
} from './errors.ts';
export {
  defaultMigrationsDir,
  type MigrateResult,
  type Migration,
  migrate,
  readMigrations,
} from './migrate.ts';
export { openStore, type StoreConfig } from './open-store.ts';
export { openPgStore, PgStore, type PgStoreOptions } from './pg-store.ts';
export { openPgliteStore, PgliteStore, type PgliteStoreOptions } from './pglite-store.ts';
export type { Queryable, QueryResult, Session, Store } from './types.ts';

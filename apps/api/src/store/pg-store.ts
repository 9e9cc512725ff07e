import pg from 'pg';
import { StoreClosedError, StoreUsageError } from './errors.ts';
import {
  type ClientHealth,
  notOurTransaction,
  PgSession,
  PgTransaction,
  runCopy,
  runExec,
  runQuery,
  runTransaction,
  transactionClosed,
} from './pg-connection.ts';
import { PgListener } from './pg-listener.ts';
import { TransactionScope } from './transaction-scope.ts';
import { getPgTypeParser } from './type-parsers.ts';
import type { Listener, ListenHandlers, Queryable, QueryResult, Session, Store } from './types.ts';

export interface PgStoreOptions {
  /** `postgres://user:password@host:port/database`; its own `options` parameter, if any, wins over ours. */
  connectionString: string;
  /** Schema that unqualified names resolve to (search_path); the server's default when absent. */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
  /** The server ends a transaction idle this long (default 30 s), as the PGlite store does. */
  idleTransactionTimeoutMs?: number;
  /**
   * Errors of idle pooled connections (e.g. the server restarted); the pool drops the connection
   * and opens a new one when needed. Default: a process warning.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Connects to PostgreSQL and checks the server answers, so a wrong URL fails at start. */
export async function openPgStore(options: PgStoreOptions): Promise<PgStore> {
  const store = new PgStore(options);
  try {
    await store.query('SELECT 1');
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

const schemaName = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** The `Store` on a PostgreSQL server through a `pg.Pool`. */
export class PgStore implements Store {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #scope = new TransactionScope();
  readonly #clientConfig: pg.ClientConfig;
  readonly #listeners = new Set<PgListener>();
  #closed = false;

  constructor(options: PgStoreOptions) {
    if (options.schema !== undefined && !schemaName.test(options.schema)) {
      throw new StoreUsageError(`Schema name "${options.schema}" must be a plain SQL identifier`);
    }
    // Session settings that make PostgreSQL print and read values as PGlite does.
    const settings = ['TimeZone=UTC', 'DateStyle=ISO,MDY', 'IntervalStyle=postgres', 'bytea_output=hex'];
    if (options.schema) settings.push(`search_path=${options.schema}`);
    this.#clientConfig = {
      connectionString: options.connectionString,
      options: settings.map((setting) => `-c ${setting}`).join(' '),
      idle_in_transaction_session_timeout: options.idleTransactionTimeoutMs ?? 30_000,
      // Per pool, not pg.types.setTypeParser, which would change every pg user in the process.
      types: { getTypeParser: getPgTypeParser as pg.CustomTypesConfig['getTypeParser'] },
    };
    this.#pool = new pg.Pool({ ...this.#clientConfig, max: options.max ?? 10 });
    const onIdleError =
      options.onIdleConnectionError ??
      ((error: Error) =>
        process.emitWarning(`Idle PostgreSQL connection failed: ${error.message}`, 'StoreWarning'));
    this.#pool.on('error', onIdleError);
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside('query');
    if (this.#closed) throw new StoreClosedError();
    return runQuery<Row>(this.#pool, sql, params);
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside('exec');
    if (this.#closed) throw new StoreClosedError();
    return runExec(this.#pool, sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside('transaction');
    return this.#withClient((client, health) => runTransaction(client, health, this.#scope, fn));
  }

  async copyFrom(copySql: string, data: AsyncIterable<Uint8Array | string>, tx?: Queryable): Promise<number> {
    if (tx === undefined) {
      this.#scope.assertOutside('copyFrom');
      return this.#withClient((client, health) => runCopy(client, health, copySql, data));
    }
    if (!(tx instanceof PgTransaction) || tx.scope !== this.#scope) throw notOurTransaction();
    if (tx.closed) throw transactionClosed();
    return runCopy(tx.client, tx.health, copySql, data);
  }

  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T> {
    return this.#withClient((client, health) => fn(new PgSession(client, health, this.#scope)));
  }

  listen(channel: string, handlers: ListenHandlers): Listener {
    if (this.#closed) throw new StoreClosedError();
    const listener = new PgListener(this.#clientConfig, channel, handlers);
    this.#listeners.add(listener);
    return listener;
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#listeners].map((listener) => listener.stop()));
    await this.#pool.end();
  }

  /** Checks a client out for `fn`; destroys it instead of pooling it when it broke meanwhile. */
  async #withClient<T>(fn: (client: pg.PoolClient, health: ClientHealth) => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreClosedError();
    const client = await this.#pool.connect();
    const health: ClientHealth = { connectionError: undefined, broken: false };
    // A checked-out client has no pool listener: without ours its 'error' would crash the process.
    const onError = (error: Error) => {
      health.connectionError ??= error; // the first says why; "Connection terminated" follows
      health.broken = true;
    };
    client.on('error', onError);
    try {
      return await fn(client, health);
    } finally {
      client.off('error', onError);
      client.release(health.broken ? (health.connectionError ?? true) : undefined);
    }
  }
}

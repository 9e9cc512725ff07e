import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { assertCopyFromStdin } from './copy-sql.ts';
import {
  SqlState,
  StoreQueryError,
  StoreUsageError,
  TransactionAbortedError,
  TransactionClosedError,
  TransactionTimeoutError,
} from './errors.ts';
import type { TransactionScope } from './transaction-scope.ts';
import type { Queryable, QueryResult, Session } from './types.ts';

/**
 * Statements on one `pg` connection (a pool or a checked-out client), translated to the store's
 * shapes: results as PGlite gives them, errors as `StoreQueryError`, the same transaction rules.
 */

/** What happened to a checked-out client while we held it; a broken one is destroyed on release. */
export interface ClientHealth {
  /** An error the connection emitted (e.g. the server ended an idle transaction). */
  connectionError: Error | undefined;
  /** Set when the connection's protocol state is unknown, so it must not go back to the pool. */
  broken: boolean;
}

type PgQueryable = pg.Pool | pg.PoolClient;

// pg sends a Date as local time; PGlite and our timestamp parser use UTC.
function toParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toParam);
  return value;
}

function translate(error: unknown, health?: ClientHealth): unknown {
  const connectionError = health?.connectionError as (Error & { code?: unknown }) | undefined;
  if (connectionError?.code === SqlState.idleInTransactionTimeout) {
    return new TransactionTimeoutError(
      'The server ended the transaction after it stayed idle too long (idle_in_transaction_session_timeout); ' +
        'nothing of it was committed',
      { cause: connectionError },
    );
  }
  return StoreQueryError.from(error) ?? error;
}

export async function runQuery<Row>(
  target: PgQueryable,
  sql: string,
  params: readonly unknown[],
  health?: ClientHealth,
): Promise<QueryResult<Row>> {
  // Extended protocol even without parameters: one statement per query, as on PGlite.
  const config = { text: sql, values: params.map(toParam), queryMode: 'extended' } as pg.QueryConfig;
  try {
    const result = await target.query(config);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  } catch (error) {
    throw translate(error, health);
  }
}

export async function runExec(target: PgQueryable, sql: string, health?: ClientHealth): Promise<void> {
  try {
    // Without values pg uses the simple protocol, which runs a whole script.
    await target.query(sql);
  } catch (error) {
    throw translate(error, health);
  }
}

export async function runCopy(
  client: pg.PoolClient,
  health: ClientHealth,
  copySql: string,
  data: AsyncIterable<Uint8Array | string>,
): Promise<number> {
  assertCopyFromStdin(copySql);
  const stream = client.query(copyFromStdin(copySql));
  try {
    await pipeline(Readable.from(data), stream);
  } catch (error) {
    const translated = translate(error, health);
    // The server refused the data: the connection is fine. Anything else (the input failed
    // mid-stream) may leave the copy protocol half done, so the connection is not reused.
    if (!(translated instanceof StoreQueryError)) health.broken = true;
    throw translated;
  }
  return stream.rowCount;
}

/** BEGIN … COMMIT on `client`, with the same rules as the PGlite store. */
export async function runTransaction<T>(
  client: pg.PoolClient,
  health: ClientHealth,
  scope: TransactionScope,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  await runExec(client, 'BEGIN', health);
  const tx = new PgTransaction(client, health, scope);
  let result: T;
  try {
    result = await scope.run(() => fn(tx));
  } catch (error) {
    tx.closed = true;
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      health.broken = true;
      // The server already ended the session (idle timeout): the caller's error is the news.
      if (health.connectionError) throw error;
      throw new AggregateError(
        [error, rollbackError],
        'The transaction failed and rolling it back failed too',
      );
    }
    throw error;
  }
  tx.closed = true;
  let commit: pg.QueryResult;
  try {
    commit = await client.query('COMMIT');
  } catch (error) {
    health.broken = true;
    throw translate(error, health);
  }
  // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK and no error; PGlite throws.
  if (commit.command === 'ROLLBACK') {
    throw new TransactionAbortedError(
      'COMMIT rolled the transaction back because a statement in it had failed; nothing was committed',
    );
  }
  return result;
}

/** A transaction's `tx` on pg: the checked-out client, unusable once the transaction ended. */
export class PgTransaction implements Queryable {
  readonly client: pg.PoolClient;
  readonly health: ClientHealth;
  /** The scope of the store that opened it, which identifies that store. */
  readonly scope: TransactionScope;
  closed = false;

  constructor(client: pg.PoolClient, health: ClientHealth, scope: TransactionScope) {
    this.client = client;
    this.health = health;
    this.scope = scope;
  }

  query<Row = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    if (this.closed) return Promise.reject(transactionClosed());
    return runQuery<Row>(this.client, sql, params, this.health);
  }

  exec(sql: string): Promise<void> {
    if (this.closed) return Promise.reject(transactionClosed());
    return runExec(this.client, sql, this.health);
  }
}

/** One checked-out connection for `Store.withSession()`. */
export class PgSession implements Session {
  readonly #client: pg.PoolClient;
  readonly #health: ClientHealth;
  readonly #scope: TransactionScope;

  constructor(client: pg.PoolClient, health: ClientHealth, scope: TransactionScope) {
    this.#client = client;
    this.#health = health;
    this.#scope = scope;
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside('query');
    return runQuery<Row>(this.#client, sql, params, this.#health);
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside('exec');
    return runExec(this.#client, sql, this.#health);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside('transaction');
    return runTransaction(this.#client, this.#health, this.#scope, fn);
  }
}

export function transactionClosed(): TransactionClosedError {
  return new TransactionClosedError('The transaction already ended; its tx handle cannot be used any more');
}

export function notOurTransaction(): StoreUsageError {
  return new StoreUsageError('copyFrom(..., tx) takes the `tx` of a transaction of the same store');
}

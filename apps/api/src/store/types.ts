/**
 * The store: PostgreSQL SQL behind one small interface, implemented by embedded PGlite (in a worker
 * thread) and by a `pg` pool on a PostgreSQL server. Repository functions take a `Queryable`, so
 * they run the same inside and outside a transaction.
 *
 * Result values are normalised across the two drivers: int8 → number, numeric → string,
 * timestamptz/timestamp → Date, bytea → Uint8Array, json/jsonb → parsed value.
 * Also (added with the implementations, see `type-parsers.ts`): an int8 beyond
 * Number.MAX_SAFE_INTEGER throws a RangeError instead of rounding (select it `::text`); date →
 * 'YYYY-MM-DD' string; timestamp without time zone is read as UTC; bool → boolean; int2/int4/oid,
 * float4/float8 → number; arrays of these → arrays; other types → the text PostgreSQL prints.
 * Sessions run with TimeZone UTC and DateStyle ISO on both drivers.
 *
 * Parameters: Date → timestamp in UTC, Uint8Array → bytea, plain object → JSON. A JavaScript array
 * is sent as a PostgreSQL array, so pass a JSON array to a json/jsonb parameter as
 * `JSON.stringify(value)`. `query` takes exactly one statement on both drivers; `exec` runs scripts.
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned or affected. */
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of one or more statements without parameters (migrations, setup). */
  exec(sql: string): Promise<void>;
}

/** One database session (pg: one pooled connection; PGlite has only one session). */
export interface Session extends Queryable {
  /** Runs `fn` in one transaction of this session: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

export interface Store extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Bulk load: runs `copySql` (a `COPY table (cols) FROM STDIN ...` statement) fed with `data`
   * (chunks of CSV or text in the statement's format), inside `tx` when given. Returns rows copied.
   */
  copyFrom(copySql: string, data: AsyncIterable<Uint8Array | string>, tx?: Queryable): Promise<number>;
  /**
   * Runs `fn` on one session for its whole duration, for session state such as
   * `pg_advisory_lock` (migrations). Keep it short: on pg it holds a pooled connection.
   */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (a PGlite database belongs to one process, which knows its own changes):
   * listens on `channel` for NOTIFYs of every process, delivered as their transactions commit.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /**
   * Tells the listeners of `channel` in the other processes that something changed (PostgreSQL's
   * NOTIFY, sent at once, outside any transaction: call it after the change committed). On PGlite,
   * whose database has one process, there is no one else to tell: it resolves at once. This
   * process's own handlers are told by the caller (see changes/changes.ts).
   */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** Notifications may have been missed: the listening connection was lost, or is back. */
  onGap(): void;
}

export interface Listener {
  /** Whether notifications are being received now (false while reconnecting). */
  readonly live: boolean;
  stop(): Promise<void>;
}

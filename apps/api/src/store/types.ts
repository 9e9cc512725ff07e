/**
 * The store: PostgreSQL SQL behind one small interface, implemented by embedded PGlite (in a worker
 * thread) and by a `pg` pool on a PostgreSQL server. Repository functions take a `Queryable`, so
 * they run the same inside and outside a transaction.
 *
 * Result values are normalised across the two drivers: int8 → number, numeric → string,
 * timestamptz/timestamp → Date, bytea → Uint8Array, json/jsonb → parsed value.
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows returned or affected. */
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
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
  close(): Promise<void>;
}

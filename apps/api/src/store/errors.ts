/**
 * Errors of the store. Each class says what the caller does next; the HTTP error handler maps
 * `StoreQueryError` codes (e.g. 23505 → 409) and treats the rest as server errors.
 */

/** SQLSTATE codes callers commonly branch on. */
export const SqlState = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  inFailedTransaction: '25P02',
  idleInTransactionTimeout: '25P03',
} as const;

/** The fields of a PostgreSQL error that survive the worker boundary. */
export interface DatabaseErrorFields {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  schema?: string | undefined;
  dataType?: string | undefined;
  position?: string | undefined;
  where?: string | undefined;
  severity?: string | undefined;
}

const databaseErrorKeys = [
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'position',
  'where',
  'severity',
] as const;

/**
 * PostgreSQL rejected a statement. `code` is the SQLSTATE: callers map the ones they expect
 * (23505 unique violation → 409 Conflict) and let the rest through as a server error.
 */
export class StoreQueryError extends Error {
  override readonly name = 'StoreQueryError';
  readonly code: string;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly schema: string | undefined;
  readonly dataType: string | undefined;
  readonly position: string | undefined;
  readonly where: string | undefined;
  readonly severity: string | undefined;

  constructor(fields: DatabaseErrorFields, options?: ErrorOptions) {
    super(fields.message, options);
    this.code = fields.code;
    this.detail = fields.detail;
    this.hint = fields.hint;
    this.constraint = fields.constraint;
    this.table = fields.table;
    this.column = fields.column;
    this.schema = fields.schema;
    this.dataType = fields.dataType;
    this.position = fields.position;
    this.where = fields.where;
    this.severity = fields.severity;
  }

  /** Builds one from a driver's error when it carries a SQLSTATE; otherwise returns undefined. */
  static from(error: unknown): StoreQueryError | undefined {
    if (error instanceof StoreQueryError) return error;
    if (!(error instanceof Error)) return undefined;
    const source = error as Error & Record<string, unknown>;
    if (typeof source.code !== 'string' || !/^[0-9A-Z]{5}$/.test(source.code)) return undefined;
    const fields: DatabaseErrorFields = { code: source.code, message: error.message };
    for (const key of databaseErrorKeys) {
      const value = source[key];
      if (typeof value === 'string') fields[key] = value;
    }
    return new StoreQueryError(fields, { cause: error });
  }

  toFields(): DatabaseErrorFields {
    const fields: DatabaseErrorFields = { code: this.code, message: this.message };
    for (const key of databaseErrorKeys) {
      if (this[key] !== undefined) fields[key] = this[key];
    }
    return fields;
  }
}

/**
 * The store was used in a way that cannot work (a bug in the calling code): fix the call site.
 * Example: `store.query()` inside `store.transaction()`, which on PGlite would wait forever for the
 * transaction that is waiting for it.
 */
export class StoreUsageError extends Error {
  override readonly name = 'StoreUsageError';
}

/** The store was closed: the process is shutting down, the call is not retried. */
export class StoreClosedError extends Error {
  override readonly name = 'StoreClosedError';
  constructor(message = 'The store is closed; the call was not run.') {
    super(message);
  }
}

/**
 * The PGlite worker thread died. Every pending and later call fails with this error; data committed
 * before the crash is on disk. Restart the process to reopen the store.
 */
export class StoreCrashedError extends Error {
  override readonly name = 'StoreCrashedError';
}

/**
 * Whether an error says the store is gone (closed, or its worker dead): work that needed it, such
 * as an index built in the background, ends with nothing to report (shutdown, tests).
 */
export function isStoreGone(error: unknown): boolean {
  return error instanceof StoreClosedError || error instanceof StoreCrashedError;
}

/**
 * A transaction was left idle (no statement) longer than the store allows and was rolled back, so
 * nothing of it was committed. Keep transactions short; do slow work before or after them.
 */
export class TransactionTimeoutError extends Error {
  override readonly name = 'TransactionTimeoutError';
}

/**
 * The transaction ended (committed, rolled back or timed out) and its `tx` handle was used again,
 * e.g. from a promise that outlived the callback. Await every query inside the callback.
 */
export class TransactionClosedError extends Error {
  override readonly name = 'TransactionClosedError';
}

/**
 * COMMIT found the transaction aborted by an earlier failed statement (whose error the callback
 * caught) and rolled it back: nothing was committed. Let statement errors end the callback, or use a
 * savepoint around a statement that is allowed to fail.
 */
export class TransactionAbortedError extends Error {
  override readonly name = 'TransactionAbortedError';
}

/**
 * A migration could not be applied or an applied one was changed; the API must not start. The
 * message names the file and the database's error; fix the file (or restore the applied one).
 */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  readonly file: string | undefined;
  constructor(message: string, file: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.file = file;
  }
}

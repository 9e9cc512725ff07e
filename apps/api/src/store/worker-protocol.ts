import type { PGliteOptions } from '@electric-sql/pglite';
import {
  type DatabaseErrorFields,
  StoreClosedError,
  StoreQueryError,
  StoreUsageError,
  TransactionAbortedError,
  TransactionClosedError,
  TransactionTimeoutError,
} from './errors.ts';

/** Messages between `PgliteStore` (main thread) and `pglite-worker.ts`. */

export interface WorkerOptions {
  /** Directory of the database files; null keeps the database in memory. */
  dataDir: string | null;
  /** A transaction with no statement for this long is rolled back. */
  idleTransactionTimeoutMs: number;
  /** The buffer pool in MB; undefined: sized from the data directory (pglite-memory.ts). */
  sharedBuffersMb: number | undefined;
  /** PGlite's WebAssembly, compiled once per process (see `compiledPglite`); absent: compiled here. */
  wasm?: PgliteWasm | undefined;
}

/** PGlite's two WebAssembly modules: the database and initdb (run on a new data directory). */
export interface PgliteWasm {
  pglite: WasmModule;
  initdb: WasmModule;
}

/** A compiled WebAssembly module (TypeScript declares the WebAssembly global in its DOM lib only). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export type WorkerRequest =
  | { type: 'query'; id: number; sql: string; params: readonly unknown[]; txId: number | null }
  | { type: 'exec'; id: number; sql: string; txId: number | null }
  | { type: 'begin'; id: number }
  | { type: 'commit'; id: number; txId: number }
  | { type: 'rollback'; id: number; txId: number }
  /** Opens a copy; `copy-chunk`s follow (no reply); `copy-end` runs the COPY and replies to its own id. */
  | { type: 'copy-start'; copyId: number; sql: string; txId: number | null }
  | { type: 'copy-chunk'; copyId: number; chunk: Uint8Array<ArrayBuffer> }
  | { type: 'copy-abort'; copyId: number }
  | { type: 'copy-end'; id: number; copyId: number }
  | { type: 'close'; id: number };

export interface QueryReply {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'failure'; id: number; error: SerializedError };

export type SerializedError =
  | { kind: 'database'; fields: DatabaseErrorFields }
  | {
      kind: 'usage' | 'closed' | 'timeout' | 'tx-closed' | 'tx-aborted' | 'other';
      name: string;
      message: string;
      stack?: string | undefined;
    };

const errorKinds = [
  [StoreUsageError, 'usage'],
  [StoreClosedError, 'closed'],
  [TransactionTimeoutError, 'timeout'],
  [TransactionClosedError, 'tx-closed'],
  [TransactionAbortedError, 'tx-aborted'],
] as const;

export function serializeError(error: unknown): SerializedError {
  const database = StoreQueryError.from(error);
  if (database) return { kind: 'database', fields: database.toFields() };
  const err = error instanceof Error ? error : new Error(String(error));
  const kind = errorKinds.find(([errorClass]) => err instanceof errorClass)?.[1] ?? 'other';
  return { kind, name: err.name, message: err.message, stack: err.stack };
}

/** Rebuilds the error on the calling thread, as the class callers branch on. */
export function deserializeError(serialized: SerializedError): Error {
  switch (serialized.kind) {
    case 'database':
      return new StoreQueryError(serialized.fields);
    case 'usage':
      return new StoreUsageError(serialized.message);
    case 'closed':
      return new StoreClosedError(serialized.message);
    case 'timeout':
      return new TransactionTimeoutError(serialized.message);
    case 'tx-closed':
      return new TransactionClosedError(serialized.message);
    case 'tx-aborted':
      return new TransactionAbortedError(serialized.message);
    case 'other': {
      const ErrorClass = serialized.name === 'RangeError' ? RangeError : Error;
      const error = new ErrorClass(serialized.message);
      error.name = serialized.name;
      return error;
    }
  }
}

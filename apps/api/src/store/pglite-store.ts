import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { yieldToLoop } from '../event-loop.ts';
import { copyChunks } from './copy-chunks.ts';
import { toBlobCopySql } from './copy-sql.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { StoreClosedError, StoreCrashedError, StoreUsageError, TransactionClosedError } from './errors.ts';
import { TransactionScope } from './transaction-scope.ts';
import type { Queryable, QueryResult, Session, Store } from './types.ts';
import {
  deserializeError,
  type PgliteWasm,
  type QueryReply,
  type WasmModule,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol.ts';

export interface PgliteStoreOptions {
  /** Directory of the database files, created when missing; null keeps the database in memory. */
  dataDir: string | null;
  /** A transaction with no statement for this long is rolled back (default 30 s). */
  idleTransactionTimeoutMs?: number;
  /** The buffer pool in MB; undefined sizes it from the data (pglite-memory.ts). */
  sharedBuffersMb?: number | undefined;
}

/** Starts PGlite in a worker thread and resolves once it accepts queries. */
export async function openPgliteStore(options: PgliteStoreOptions): Promise<PgliteStore> {
  const wasm = await compiledPglite();
  // Held by the worker: released when its thread ends (closed or crashed), never while PGlite may write.
  const lock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
  if (options.dataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
    // A new directory is made by initdb in a thread of its own, ended before the store's starts:
    // the thread that ran initdb kept its WebAssembly memory (about 150 MB) for as long as it lived.
    const initdb = new PgliteStore(options, undefined, wasm);
    await initdb.ready;
    await initdb.close();
  }
  const store = new PgliteStore(options, lock, wasm);
  await store.ready;
  return store;
}

let compiled: Promise<PgliteWasm> | undefined;

/**
 * PGlite's WebAssembly compiled once per process (off the event loop: V8 compiles in the background)
 * and shared by every store's worker thread. Each worker compiling its own copy and freeing it when
 * it ended churned V8's executable-code bookkeeping, which intermittently aborted whole processes
 * (`Check failed: jit_page_->allocations_.erase(addr) == 1`, seen in a test process that opened and
 * closed many stores); shared code is allocated once and never freed while the process runs.
 */
function compiledPglite(): Promise<PgliteWasm> {
  compiled ??= (async () => {
    const dist = new URL('./', import.meta.resolve('@electric-sql/pglite'));
    const { WebAssembly } = globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
    };
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) =>
        WebAssembly.compile(await readFile(new URL(file, dist))),
      ),
    );
    if (!pglite || !initdb) throw new Error('PGlite ships pglite.wasm and initdb.wasm');
    return { pglite, initdb };
  })();
  return compiled;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Where the call was made: the worker's own stack says nothing about the caller. */
  callSite: Error;
}

/** The `Store` on embedded PGlite, which runs in a worker thread so it never blocks the event loop. */
export class PgliteStore implements Store {
  readonly kind = 'pglite' as const;
  /** Settles when the worker has started PGlite (or failed to). */
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #scope = new TransactionScope();
  #nextId = 1;
  /** Set once closed or crashed: every later call fails with it. */
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;

  /** Starts the worker; prefer `openPgliteStore()`, which also locks the directory and waits for `ready`. */
  constructor(options: PgliteStoreOptions, lock?: DataDirLock, wasm?: PgliteWasm) {
    const workerOptions: WorkerOptions = {
      dataDir: options.dataDir,
      idleTransactionTimeoutMs: options.idleTransactionTimeoutMs ?? 30_000,
      sharedBuffersMb: options.sharedBuffersMb,
      wasm,
    };
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: workerOptions });
    let fatal: Error | undefined;
    let started = false;
    this.ready = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          started = true;
          resolve();
        } else this.#settle(reply);
      });
      this.#worker.on('error', (error) => {
        fatal = error;
      });
      this.#worker.on('messageerror', (error) => {
        fatal = error;
        void this.#worker.terminate();
      });
      this.#worker.on('exit', (code) => {
        lock?.release();
        const failure =
          this.#closing !== undefined ? new StoreClosedError() : exitError(code, started, fatal);
        this.#failure ??= failure;
        reject(this.#failure);
        for (const pending of this.#pending.values()) pending.reject(this.#failure);
        this.#pending.clear();
      });
    });
  }

  async query<Row = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    this.#scope.assertOutside('query');
    return this.queryIn<Row>(null, sql, params);
  }

  async exec(sql: string): Promise<void> {
    this.#scope.assertOutside('exec');
    await this.execIn(null, sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    this.#scope.assertOutside('transaction');
    const txId = await this.#call<number>((id) => ({ type: 'begin', id }));
    const tx = new PgliteTransaction(this, txId);
    let result: T;
    try {
      result = await this.#scope.run(() => fn(tx));
    } catch (error) {
      tx.closed = true;
      await this.#rollbackAfter(txId, error);
      throw error;
    }
    tx.closed = true;
    await this.#call((id) => ({ type: 'commit', id, txId }));
    return result;
  }

  async copyFrom(copySql: string, data: AsyncIterable<Uint8Array | string>, tx?: Queryable): Promise<number> {
    const txId = tx === undefined ? null : this.#transactionIdOf(tx);
    if (txId === null) this.#scope.assertOutside('copyFrom');
    const sql = toBlobCopySql(copySql);
    const copyId = this.#nextId++;
    this.#post({ type: 'copy-start', copyId, sql, txId });
    try {
      for await (const chunk of copyChunks(data)) {
        if (this.#failure) throw this.#failure;
        this.#post({ type: 'copy-chunk', copyId, chunk }, [chunk.buffer]);
        // A source that never waits on I/O (rows generated in memory) would otherwise hold the
        // event loop until its last row: let timers and sockets run between chunks.
        await yieldToLoop();
      }
    } catch (error) {
      if (!this.#failure) this.#post({ type: 'copy-abort', copyId });
      throw error;
    }
    return this.#call<number>((id) => ({ type: 'copy-end', id, copyId }));
  }

  /** PGlite has a single session, so the session is the store itself. */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T> {
    return fn(this);
  }

  /** One process owns the database: no other process to tell (see Store.notify). */
  async notify(_channel: string, _payload: string): Promise<void> {}

  close(): Promise<void> {
    this.#closing ??= this.#closeWorker();
    return this.#closing;
  }

  /** Ends the worker thread at once without closing PGlite, as a crash would. For tests and emergencies. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  /** @internal Runs a query in the transaction `txId`, or outside any when null. */
  async queryIn<Row>(
    txId: number | null,
    sql: string,
    params: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    const reply = await this.#call<QueryReply>((id) => ({ type: 'query', id, sql, params, txId }));
    return { rows: reply.rows as Row[], rowCount: reply.rowCount };
  }

  /** @internal Runs a script in the transaction `txId`, or outside any when null. */
  async execIn(txId: number | null, sql: string): Promise<void> {
    await this.#call((id) => ({ type: 'exec', id, sql, txId }));
  }

  async #closeWorker(): Promise<void> {
    if (this.#failure) return;
    try {
      await this.#call((id) => ({ type: 'close', id }), true);
    } finally {
      this.#failure = new StoreClosedError();
      await this.#worker.terminate();
    }
  }

  async #rollbackAfter(txId: number, original: unknown): Promise<void> {
    try {
      await this.#call((id) => ({ type: 'rollback', id, txId }));
    } catch (rollbackError) {
      // Closed or crashed: the transaction is gone with the worker and the caller's error is the news.
      if (rollbackError === this.#failure) return;
      throw new AggregateError(
        [original, rollbackError],
        'The transaction failed and rolling it back failed too',
      );
    }
  }

  #transactionIdOf(tx: Queryable): number {
    if (!(tx instanceof PgliteTransaction) || tx.store !== this) {
      throw new StoreUsageError('copyFrom(..., tx) takes the `tx` of a transaction of the same store');
    }
    if (tx.closed)
      throw new TransactionClosedError('The transaction already ended; its tx handle cannot be used');
    return tx.txId;
  }

  #call<T>(build: (id: number) => WorkerRequest, whileClosing = false): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing && !whileClosing) return Promise.reject(new StoreClosedError());
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, callSite: new Error() });
      try {
        this.#post(build(id));
      } catch (error) {
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  #post(request: WorkerRequest, transfer?: ArrayBuffer[]): void {
    try {
      this.#worker.postMessage(request, transfer);
    } catch (error) {
      throw new StoreUsageError(
        `A query parameter cannot be sent to the PGlite worker (${(error as Error).message}); ` +
          'pass strings, numbers, booleans, Dates, Uint8Arrays, plain objects or arrays of these',
        { cause: error },
      );
    }
  }

  #settle(reply: Extract<WorkerReply, { id: number }>): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.type === 'result') {
      pending.resolve(reply.value);
      return;
    }
    const error = deserializeError(reply.error);
    const callerFrames = pending.callSite.stack?.split('\n').slice(1).join('\n') ?? '';
    // For an unexpected error the worker's stack is the useful one, so it is kept below the caller's.
    const workerFrames =
      reply.error.kind === 'other' && reply.error.stack
        ? `\n    --- in the PGlite worker ---\n${reply.error.stack}`
        : '';
    error.stack = `${error.name}: ${error.message}\n${callerFrames}${workerFrames}`;
    pending.reject(error);
  }
}

function exitError(code: number, started: boolean, fatal: Error | undefined): StoreCrashedError {
  const reason = fatal ? `: ${fatal.message}` : '';
  if (!started) {
    return new StoreCrashedError(
      `PGlite could not start in its worker thread (code ${code})${reason}. ` +
        'Check that the data directory is writable and not used by another process.',
      { cause: fatal },
    );
  }
  return new StoreCrashedError(
    `The PGlite worker thread exited (code ${code})${reason}. Pending and later calls fail; ` +
      'data committed before is on disk. Restart the process to reopen the store.',
    { cause: fatal },
  );
}

/** A transaction's `tx`: routes queries to the worker's open transaction by id. */
class PgliteTransaction implements Queryable {
  readonly store: PgliteStore;
  readonly txId: number;
  closed = false;

  constructor(store: PgliteStore, txId: number) {
    this.store = store;
    this.txId = txId;
  }

  query<Row = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<QueryResult<Row>> {
    if (this.closed) return Promise.reject(closedError());
    return this.store.queryIn<Row>(this.txId, sql, params);
  }

  exec(sql: string): Promise<void> {
    if (this.closed) return Promise.reject(closedError());
    return this.store.execIn(this.txId, sql);
  }
}

function closedError(): TransactionClosedError {
  return new TransactionClosedError('The transaction already ended; its tx handle cannot be used any more');
}

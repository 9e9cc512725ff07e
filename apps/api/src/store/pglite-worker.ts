/**
 * The PGlite worker thread: owns the embedded database so that its WebAssembly work (bulk loads,
 * index builds, every query) never blocks the API's event loop. Started by `PgliteStore`; speaks
 * the messages of `worker-protocol.ts`.
 */
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import {
  PGlite,
  type PGliteOptions,
  TransactionAbortedError as PgliteTransactionAbortedError,
  type Transaction,
} from '@electric-sql/pglite';
import { lowerThreadPriority } from '../thread-priority.ts';
import {
  StoreClosedError,
  TransactionAbortedError,
  TransactionClosedError,
  TransactionTimeoutError,
} from './errors.ts';
import { directoryBytes, sharedBuffersMb } from './pglite-memory.ts';
import { pgliteParsers } from './type-parsers.ts';
import {
  type QueryReply,
  serializeError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread started by PgliteStore');
const port = parentPort;
const options = workerData as WorkerOptions;
// A crawl's and an import's writes wait for the CPU before the searches the API thread answers do
// (on PGlite, every query runs here; a search itself reads no table).
lowerThreadPriority('embedded database worker');

type Outcome = 'commit' | 'rollback';

interface OpenTransaction {
  tx: Transaction;
  end: (outcome: Outcome) => void;
  /** Settles when PGlite has run COMMIT or ROLLBACK. */
  done: Promise<void>;
  /** Statements in flight; the idle clock runs only at zero. */
  busy: number;
  timer: NodeJS.Timeout | undefined;
}

const transactions = new Map<number, OpenTransaction>();
/** Ids of transactions rolled back for idleness, so their next message says so. */
const timedOut = new Set<number>();
const copies = new Map<number, { sql: string; txId: number | null; chunks: Uint8Array<ArrayBuffer>[] }>();
let nextTxId = 1;
let closing = false;

function post(reply: WorkerReply): void {
  port.postMessage(reply);
}

/**
 * PGlite cannot go on (it failed to start, or its WebAssembly aborted): end the thread with the
 * error uncaught, which the store receives as the Worker's 'error' event and reports to every call.
 */
function fatal(error: unknown): never {
  process.nextTick(() => {
    throw error;
  });
  throw error;
}

if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
const sharedBuffers =
  options.sharedBuffersMb ?? sharedBuffersMb(options.dataDir ? directoryBytes(options.dataDir) : 0);
const pgliteOptions: PGliteOptions = {
  parsers: pgliteParsers,
  // PGlite's own start parameters, then the buffer pool sized from the data (pglite-memory.ts).
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}MB`],
};
if (options.dataDir) pgliteOptions.dataDir = options.dataDir;
if (options.wasm) {
  pgliteOptions.pgliteWasmModule = options.wasm.pglite;
  pgliteOptions.initdbWasmModule = options.wasm.initdb;
}
const db = await PGlite.create(pgliteOptions).catch(fatal);
// The settings the pg driver also sets per connection, so both read and write times alike.
await db.exec("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET bytea_output = 'hex'").catch(fatal);

port.on('message', (request: WorkerRequest) => {
  switch (request.type) {
    case 'copy-start':
      copies.set(request.copyId, { sql: request.sql, txId: request.txId, chunks: [] });
      // A slow upload streaming into a transaction's copy is not an idle transaction.
      if (request.txId !== null) hold(request.txId);
      return;
    case 'copy-chunk':
      // A chunk of an aborted copy is dropped: the caller was already told the copy failed.
      copies.get(request.copyId)?.chunks.push(request.chunk);
      return;
    case 'copy-abort': {
      const aborted = copies.get(request.copyId);
      copies.delete(request.copyId);
      if (aborted?.txId != null) release(aborted.txId);
      return;
    }
    default:
      run(request).then(
        (value) => post({ type: 'result', id: request.id, value }),
        (error: unknown) => {
          // WebAssembly.RuntimeError (the global is not in this project's type libs): PGlite aborted.
          if (error instanceof Error && error.name === 'RuntimeError') fatal(error);
          post({ type: 'failure', id: request.id, error: serializeError(error) });
        },
      );
  }
});
post({ type: 'ready' });

async function run(request: WorkerRequest): Promise<unknown> {
  if (closing) throw new StoreClosedError();
  switch (request.type) {
    case 'query':
      return inTransactionOrNot(request.txId, async (q) => {
        const result = await q.query<Record<string, unknown>>(request.sql, [...request.params]);
        return {
          rows: result.rows,
          rowCount: result.rowCount ?? result.affectedRows ?? 0,
        } satisfies QueryReply;
      });
    case 'exec':
      return inTransactionOrNot(request.txId, async (q) => {
        await q.exec(request.sql);
      });
    case 'begin':
      return begin();
    case 'commit':
    case 'rollback':
      return end(request.txId, request.type);
    case 'copy-end':
      return copy(request.copyId);
    case 'close':
      return close();
    default:
      throw new Error(`Unexpected message ${request.type} in the PGlite worker`);
  }
}

async function inTransactionOrNot<T>(txId: number | null, fn: (q: PGlite | Transaction) => Promise<T>) {
  if (txId === null) return fn(db);
  const entry = transactions.get(txId);
  if (!entry) throw endedError(txId);
  hold(txId);
  try {
    return await fn(entry.tx);
  } finally {
    release(txId);
  }
}

/** Stops the idle clock of a transaction while a statement or a copy of it is under way. */
function hold(txId: number): void {
  const entry = transactions.get(txId);
  if (!entry) return;
  entry.busy++;
  clearTimeout(entry.timer);
}

function release(txId: number): void {
  const entry = transactions.get(txId);
  if (!entry) return;
  entry.busy--;
  if (entry.busy === 0) armIdleTimer(txId, entry);
}

function endedError(txId: number): Error {
  return timedOut.has(txId)
    ? new TransactionTimeoutError(
        `The transaction was rolled back after ${options.idleTransactionTimeoutMs} ms without a statement; ` +
          'nothing of it was committed',
      )
    : new TransactionClosedError('The transaction already ended; its tx handle cannot be used any more');
}

function armIdleTimer(txId: number, entry: OpenTransaction): void {
  entry.timer = setTimeout(() => {
    transactions.delete(txId);
    timedOut.add(txId);
    entry.end('rollback');
    // A ROLLBACK that fails leaves PGlite in an unknown state.
    entry.done.catch(fatal);
  }, options.idleTransactionTimeoutMs);
}

/** Enters `db.transaction()` and holds it open until `commit` or `rollback` arrives. */
function begin(): Promise<number> {
  const txId = nextTxId++;
  return new Promise<number>((resolve, reject) => {
    let began = false;
    const done: Promise<void> = db.transaction(async (tx) => {
      const outcome = await new Promise<Outcome>((end) => {
        const entry: OpenTransaction = { tx, end, done, busy: 0, timer: undefined };
        transactions.set(txId, entry);
        armIdleTimer(txId, entry);
        began = true;
        resolve(txId);
      });
      // Rolling back here, rather than throwing, lets `done` resolve for a rollback that worked.
      if (outcome === 'rollback') await tx.rollback();
    });
    // Before BEGIN succeeded the caller is still waiting for the id; after, `end` reports failures.
    done.catch((error: unknown) => {
      if (!began) reject(error);
    });
  });
}

async function end(txId: number, outcome: Outcome): Promise<void> {
  const entry = transactions.get(txId);
  if (!entry) {
    const error = endedError(txId);
    timedOut.delete(txId);
    // Rolling back an ended transaction is what the caller wanted anyway; committing it is not.
    if (outcome === 'rollback') return;
    throw error;
  }
  transactions.delete(txId);
  clearTimeout(entry.timer);
  entry.end(outcome);
  try {
    await entry.done;
  } catch (error) {
    if (error instanceof PgliteTransactionAbortedError) {
      throw new TransactionAbortedError(
        'COMMIT rolled the transaction back because a statement in it had failed; nothing was committed',
      );
    }
    throw error;
  }
}

async function copy(copyId: number): Promise<number> {
  const pending = copies.get(copyId);
  if (!pending) throw new Error(`No copy ${copyId} was started in the PGlite worker`);
  copies.delete(copyId);
  const blob = new Blob(pending.chunks);
  pending.chunks.length = 0;
  try {
    return await inTransactionOrNot(pending.txId, async (q) => {
      const result = await q.query(pending.sql, [], { blob });
      return result.affectedRows ?? result.rowCount ?? 0;
    });
  } finally {
    if (pending.txId !== null) release(pending.txId);
  }
}

async function close(): Promise<void> {
  closing = true;
  const ending = [...transactions.values()].map((entry) => {
    clearTimeout(entry.timer);
    entry.end('rollback');
    return entry.done;
  });
  transactions.clear();
  const settled = await Promise.allSettled(ending);
  await db.close();
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

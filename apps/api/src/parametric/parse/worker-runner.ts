import { Worker } from 'node:worker_threads';
import { ConcurrencyGate } from './concurrency-gate.ts';
import { PARSE_LIMITS } from './limits.ts';
import {
  CHUNKS_IN_FLIGHT,
  type ParseJobResult,
  type WorkerInput,
  type WorkerJob,
  type WorkerReply,
} from './parse-worker-protocol.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

/** Heap and time limits of one worker; by default `PARSE_LIMITS`. */
export interface WorkerLimits {
  /** Wall-clock limit of the worker, in ms. */
  timeoutMs?: number | undefined;
  /** Old-generation heap limit of the worker, in MB. */
  heapMb?: number | undefined;
}

/** What a job works on and how to say it failed, for the `too_complex` refusals. */
interface JobTask {
  /** The subject of the sentence: `'data.csv'`, `The spreadsheet's rows`. */
  subject: string;
  /** The verb after "took longer than 30 s to": `read`. */
  action: string;
  /** The advice that ends the message. */
  advice: string;
}

export interface JobRun extends WorkerLimits {
  job: WorkerJob;
  task: JobTask;
  /** Buffers to transfer with the job instead of copying them. */
  transfer?: ArrayBuffer[];
  /** Input of a job that takes rows: sent in chunks, paced by the answers (see the protocol). */
  input?: Iterable<WorkerInput> | undefined;
  /** The worker's script; only tests give another, to see how a crash surfaces. */
  workerUrl?: URL | undefined;
}

export interface JobOutcome<T> {
  /** The rows the worker sent in chunks, in order. */
  rows: T[];
  result: ParseJobResult | null;
}

const PARSE_WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/** Shared by every job of the process: each worker may take ~1 GB. */
const gate = new ConcurrencyGate(PARSE_LIMITS.workerConcurrency);

const duration = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function tooComplex(task: JobTask, reason: string): SpreadsheetError {
  return new SpreadsheetError('too_complex', `${task.subject} ${reason}. ${task.advice}`);
}

function isOutOfMemory(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function startWorker(url: URL, heapMb: number): Worker {
  // Not an `eval` entry that lowers the priority and then imports the module: dynamic import in an
  // eval worker can crash the process (SIGSEGV seen here; nodejs/node#43205).
  return new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

/**
 * A parse worker started ahead of its job, its modules loaded while it waits: the next job with the
 * default worker and limits takes it (starting one took ~200 ms of each upload). Each worker still
 * runs one job, with a heap of its own; the next spare is started once a job is done. Only while a
 * server wants spares (`startSpareWorkers`): a process must not exit with one still loading.
 */
let spare: Worker | undefined;
let spareUsers = 0;

function prepareSpare(): void {
  if (spare || spareUsers === 0) return;
  const worker = startWorker(PARSE_WORKER_URL, PARSE_LIMITS.workerHeapMb);
  // Waiting for a job must not keep the process alive, and a spare that fails is just dropped.
  worker.unref();
  const drop = () => {
    if (spare === worker) spare = undefined;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  spare = worker;
}

/** A server starting: keep a spare parse worker from now on. */
export function startSpareWorkers(): void {
  spareUsers++;
  prepareSpare();
}

/** A server closing: when no other wants spares, the spare is stopped. */
export async function stopSpareWorkers(): Promise<void> {
  spareUsers = Math.max(0, spareUsers - 1);
  if (spareUsers > 0 || !spare) return;
  const worker = spare;
  spare = undefined;
  await worker.terminate();
}

function takeWorker(run: JobRun): Worker {
  const heapMb = run.heapMb ?? PARSE_LIMITS.workerHeapMb;
  const worker = spare;
  if (!worker || run.workerUrl || heapMb !== PARSE_LIMITS.workerHeapMb)
    return startWorker(run.workerUrl ?? PARSE_WORKER_URL, heapMb);
  spare = undefined;
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.ref();
  return worker;
}

function runWorker<T>(run: JobRun): Promise<JobOutcome<T>> {
  const timeoutMs = run.timeoutMs ?? PARSE_LIMITS.workerTimeoutMs;
  const { task } = run;
  return new Promise<JobOutcome<T>>((resolve, reject) => {
    const worker = takeWorker(run);
    worker.postMessage({ type: 'job', job: run.job } satisfies WorkerInput, run.transfer ?? []);
    const rows: T[] = [];
    const input = run.input?.[Symbol.iterator]();
    let settled = false;
    // Asks for the next chunk: the next piece of input if the job takes some, else just 'next'.
    const pull = (): void => {
      if (settled) return;
      if (!input) {
        worker.postMessage({ type: 'next' } satisfies WorkerInput);
        return;
      }
      const next = input.next();
      if (!next.done) worker.postMessage(next.value);
    };
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
      prepareSpare();
    };
    const timer = setTimeout(() => {
      settle(() => reject(tooComplex(task, `took longer than ${duration(timeoutMs)} to ${task.action}`)));
    }, timeoutMs);
    worker.on('message', (reply: WorkerReply) => {
      if (settled) return;
      if (reply.type === 'rows') {
        // Not rows.push(...chunk): a spread of a large chunk can exceed the call stack's argument limit.
        for (const row of reply.rows as T[]) rows.push(row);
        // One turn of the event loop between chunks, for the requests waiting (see the protocol).
        setImmediate(pull);
      } else if (reply.type === 'done') {
        settle(() => resolve({ rows, result: reply.result }));
      } else {
        const { code, message, row, column } = reply.refusal;
        settle(() => reject(new SpreadsheetError(code, message, { row, column })));
      }
    });
    worker.once('error', (error) => {
      settle(() =>
        reject(isOutOfMemory(error) ? tooComplex(task, `needs too much memory to ${task.action}`) : error),
      );
    });
    worker.once('exit', (code) => {
      // A worker ends only when terminated after its answer: an exit before is a crash (out of
      // memory outside the heap, a native failure), which the user can only meet with a smaller file.
      settle(() => reject(tooComplex(task, `made the parse worker stop unexpectedly (exit code ${code})`)));
    });
    if (input) for (let i = 0; i < CHUNKS_IN_FLIGHT; i++) pull();
  });
}

/**
 * Runs a job in a parse worker, with a heap limit and a time limit, at most `workerConcurrency` at a
 * time. A `SpreadsheetError` thrown in the worker is thrown here as one (code, message, row and
 * column); running out of memory or time, or a crash, is a `SpreadsheetError('too_complex')`; any
 * other error in the worker is rethrown as it came (a bug, not the user's file).
 */
export function runInWorker<T>(run: JobRun): Promise<JobOutcome<T>> {
  return gate.run(() => runWorker<T>(run));
}

import { Worker } from 'node:worker_threads';
import { ConcurrencyGate } from './concurrency-gate.ts';
import { PARSE_LIMITS } from './limits.ts';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import type { TableLimits } from './table-builder.ts';
import type { XlsxWorkerInput, XlsxWorkerReply } from './xlsx-worker-protocol.ts';
import { inspectXlsxArchive } from './zip-guard.ts';

export interface XlsxReaderOptions {
  /** The sheet to read, by name; by default the first sheet. */
  sheet?: string | undefined;
  /** Wall-clock limit of the parse worker, in ms. */
  timeoutMs?: number | undefined;
  /** Old-generation heap limit of the parse worker, in MB. */
  heapMb?: number | undefined;
  limits?: TableLimits | undefined;
}

/** Shared by every upload of the process: each worker may take ~1 GB. */
const gate = new ConcurrencyGate(PARSE_LIMITS.xlsxWorkerConcurrency);

function tooComplex(fileName: string, reason: string): SpreadsheetError {
  return new SpreadsheetError(
    'too_complex',
    `'${fileName}' ${reason}. Remove unused sheets, formatting and images, or export it as CSV, and upload it again.`,
  );
}

const duration = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

function isOutOfMemory(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function runWorker(input: XlsxWorkerInput, timeoutMs: number, heapMb: number): Promise<ParsedTable> {
  return new Promise<ParsedTable>((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), {
      workerData: input,
      transferList: [input.bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => reject(tooComplex(input.fileName, `took longer than ${duration(timeoutMs)} to read`)));
    }, timeoutMs);
    worker.once('message', (reply: XlsxWorkerReply) => {
      settle(() => {
        if (reply.type === 'table') resolve(reply.table);
        else
          reject(new SpreadsheetError(reply.code, reply.message, { row: reply.row, column: reply.column }));
      });
    });
    worker.once('error', (error) => {
      settle(() =>
        reject(isOutOfMemory(error) ? tooComplex(input.fileName, 'needs too much memory to read') : error),
      );
    });
    worker.once('exit', (code) => {
      settle(() => reject(new Error(`The XLSX parse worker exited with code ${code} without an answer.`)));
    });
  });
}

/**
 * Reads an XLSX workbook: its zip directory is inspected first (`inspectXlsxArchive` refuses zip
 * bombs before anything is inflated), then one sheet is parsed in a worker thread with a heap limit
 * and a time limit, at most `xlsxWorkerConcurrency` at a time.
 */
export async function readXlsx(
  bytes: Uint8Array,
  fileName: string,
  options: XlsxReaderOptions = {},
): Promise<ParsedTable> {
  await inspectXlsxArchive(bytes, fileName);
  const input: XlsxWorkerInput = {
    // A copy in its own ArrayBuffer, so it can be transferred: the caller's buffer stays usable, and
    // a Buffer may sit in Node's shared pool (whose memory cannot be transferred; Buffer#slice does not copy).
    bytes: new Uint8Array(bytes),
    fileName,
    sheet: options.sheet,
    limits: options.limits ?? { maxColumns: PARSE_LIMITS.maxColumns, maxCells: PARSE_LIMITS.maxCells },
  };
  return gate.run(() =>
    runWorker(
      input,
      options.timeoutMs ?? PARSE_LIMITS.xlsxWorkerTimeoutMs,
      options.heapMb ?? PARSE_LIMITS.xlsxWorkerHeapMb,
    ),
  );
}

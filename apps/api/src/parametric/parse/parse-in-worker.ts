import type { ParametricConfiguration } from '@siteseer/core';
import type { SpreadsheetFormat } from './file-format.ts';
import { PARSE_LIMITS } from './limits.ts';
import type { ParseJob } from './parse-worker-protocol.ts';
import type { ParsedTable } from './parsed-table.ts';
import type { TableLimits } from './table-builder.ts';
import { runInWorker, type WorkerLimits } from './worker-runner.ts';

/** Options of a parse; all optional, the defaults are `PARSE_LIMITS`. */
export interface ParseOptions extends WorkerLimits {
  /** XLSX: the sheet to read, by name; by default the first sheet. */
  sheet?: string | undefined;
  limits?: TableLimits | undefined;
}

const ADVICE: Record<SpreadsheetFormat, string> = {
  csv: 'Split it into smaller files or remove columns, and upload it again.',
  xlsx: 'Remove unused sheets, formatting and images, or export it as CSV, and upload it again.',
};

/** A parse worker's answer: the table (its rows, unless they came as JSON chunks), and more. */
export interface WorkerParse {
  table: ParsedTable;
  inferred: ParametricConfiguration | undefined;
  rowCount: number;
  /** With `jsonChunkRows`: the rows as JSON text, that many per chunk (`table.rows` is then empty). */
  jsonChunks: string[] | undefined;
  /** With `jsonChunkRows`: the file as base64 text. */
  fileBase64: string | undefined;
}

/**
 * Parses content already known to be of `format` (and, for XLSX, past the zip-bomb check) in a parse
 * worker; with `infer`, the worker infers the configuration too; with `jsonChunkRows`, it answers
 * the rows as JSON chunks and the file as base64, as the store keeps them (see `parseForStore`). The caller's bytes are copied, not
 * taken: the upload is stored as it came once it parses.
 */
export async function parseInWorker(
  format: SpreadsheetFormat,
  bytes: Uint8Array,
  fileName: string,
  options: ParseOptions,
  infer: boolean,
  jsonChunkRows?: number,
): Promise<WorkerParse> {
  const job: ParseJob = {
    kind: 'parse',
    format,
    // A copy in its own ArrayBuffer, so it can be transferred: the caller's buffer stays usable, and
    // a Buffer may sit in Node's shared pool (whose memory cannot be transferred; Buffer#slice does not copy).
    bytes: new Uint8Array(bytes),
    fileName,
    sheet: options.sheet,
    limits: options.limits ?? { maxColumns: PARSE_LIMITS.maxColumns, maxCells: PARSE_LIMITS.maxCells },
    infer,
    chunkCells: PARSE_LIMITS.workerChunkCells,
    jsonChunkRows,
    base64: jsonChunkRows !== undefined,
  };
  const outcome = await runInWorker<(string | null)[] | string>({
    job,
    transfer: [job.bytes.buffer as ArrayBuffer],
    task: { subject: `'${fileName}'`, action: 'read', advice: ADVICE[format] },
    timeoutMs: options.timeoutMs,
    heapMb: options.heapMb,
  });
  if (!outcome.result) throw new Error('The parse worker answered a parse job without its table.');
  const { table, inferred, rowCount, fileBase64 } = outcome.result;
  if (jsonChunkRows) return { table, inferred, rowCount, jsonChunks: outcome.rows as string[], fileBase64 };
  table.rows = outcome.rows as (string | null)[][];
  return { table, inferred, rowCount, jsonChunks: undefined, fileBase64: undefined };
}

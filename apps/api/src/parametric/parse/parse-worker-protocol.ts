import type { ParametricConfiguration, Row } from '@siteseer/core';
import type { SpreadsheetFormat } from './file-format.ts';
import type { ParsedTable } from './parsed-table.ts';
import type { SpreadsheetError, SpreadsheetErrorCode } from './spreadsheet-error.ts';
import type { TableLimits } from './table-builder.ts';

/**
 * The one protocol between the API thread and `parse-worker.ts`. A job is the worker's first
 * message (a worker may be started before its job is known). The worker answers with its result rows in chunks, then one `done` or `refused`.
 * Chunks are paced: at most `CHUNKS_IN_FLIGHT` are sent and not yet taken; the API thread asks for
 * one more (`next`, or the next chunk of input for a job that takes rows) one turn of its event loop
 * after taking one. Unpaced, the worker's chunks would queue up and the API thread would read them
 * all in one go (Node drains a port's queue in one callback): 400 ms of blocking for 60k rows. Two
 * in flight keep both threads busy while bounding that to two chunks (~10 ms).
 */
export type WorkerJob = ParseJob | TypedRowsJob;

export const CHUNKS_IN_FLIGHT = 2;

/** Parses an upload (`bytes` transferred, not copied); with `infer`, also infers its configuration. */
export interface ParseJob {
  kind: 'parse';
  format: SpreadsheetFormat;
  bytes: Uint8Array;
  fileName: string;
  sheet: string | undefined;
  limits: TableLimits;
  infer: boolean;
  chunkCells: number;
  /**
   * When set, the rows come as JSON text, this many rows per chunk (each `rows` message holds one
   * chunk's text): what the store keeps, made off the API thread, which then never holds the table
   * as 800k small objects for 10 MB (their garbage collection paused it 20-40 ms at a time).
   */
  jsonChunkRows?: number | undefined;
  /** Also answer the file as base64 text (`ParseJobResult.fileBase64`), as the store keeps it. */
  base64?: boolean | undefined;
}

/** Types rows (sent as `WorkerInput` chunks) by a configuration, as `typedRows` does. */
export interface TypedRowsJob {
  kind: 'typed-rows';
  headers: string[];
  columnIds: string[];
  configuration: ParametricConfiguration;
}

/**
 * API thread → worker: first the job; then for a job that takes rows, a chunk with its rows' numbers, or the end of them;
 * for a parse job, `next` to ask for the next chunk of the table.
 */
export type WorkerInput =
  | { type: 'job'; job: WorkerJob }
  | { type: 'rows'; rows: (string | null)[][]; rowNumbers: number[] }
  | { type: 'end' }
  | { type: 'next' };

/** A parse job's result: the table without its rows (they come as chunks), and the inferred configuration. */
export interface ParseJobResult {
  table: ParsedTable;
  inferred: ParametricConfiguration | undefined;
  /** Data rows of the table (its rows come apart, as chunks). */
  rowCount: number;
  /** The file as base64 text, when the job asked for it. */
  fileBase64?: string | undefined;
}

/** A `SpreadsheetError` as data: errors do not cross threads as classes. */
export interface RefusalData {
  code: SpreadsheetErrorCode;
  message: string;
  row: number | undefined;
  column: string | undefined;
}

export function refusalData(error: SpreadsheetError): RefusalData {
  return { code: error.code, message: error.message, row: error.row, column: error.column };
}

/** Worker → API thread: result rows in order, then the rest of the result, or the refusal. */
export type WorkerReply =
  /** Rows: cells, typed rows, or (a parse job's `jsonChunkRows`) one chunk of rows as JSON text. */
  | { type: 'rows'; rows: (string | null)[][] | Row[] | string[] }
  | { type: 'done'; result: ParseJobResult | null }
  | { type: 'refused'; refusal: RefusalData };

/** How many rows of `width` cells make one message of about `chunkCells` cells. */
export function chunkRows(width: number, chunkCells: number): number {
  return Math.max(1, Math.floor(chunkCells / Math.max(1, width)));
}

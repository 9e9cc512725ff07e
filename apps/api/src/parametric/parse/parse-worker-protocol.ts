import type { ParametricConfiguration, Row } from '@siteseer/core';
import type { SpreadsheetFormat } from './file-format.ts';
import type { ParsedTable } from './parsed-table.ts';
import type { SpreadsheetError, SpreadsheetErrorCode } from './spreadsheet-error.ts';
import type { TableLimits } from './table-builder.ts';

/**
 * The one protocol between the API thread and `parse-worker.ts`. A job is the worker's
 * `workerData`; the worker answers with its result rows in chunks (so that no single message blocks
 * the API thread for long), then one `done` or `refused`. A job that needs rows as input gets them
 * the same way: chunks of `rows`, then `end`.
 */
export type WorkerJob = ParseJob | TypedRowsJob;

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
}

/** Types rows (sent as `WorkerInput` chunks) by a configuration, as `typedRows` does. */
export interface TypedRowsJob {
  kind: 'typed-rows';
  headers: string[];
  columnIds: string[];
  configuration: ParametricConfiguration;
}

/** API thread → worker, for jobs that take rows: a chunk with its rows' numbers, or the end. */
export type WorkerInput = { type: 'rows'; rows: (string | null)[][]; rowNumbers: number[] } | { type: 'end' };

/** A parse job's result: the table without its rows (they come as chunks), and the inferred configuration. */
export interface ParseJobResult {
  table: ParsedTable;
  inferred: ParametricConfiguration | undefined;
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
  | { type: 'rows'; rows: (string | null)[][] | Row[] }
  | { type: 'done'; result: ParseJobResult | null }
  | { type: 'refused'; refusal: RefusalData };

/** How many rows of `width` cells make one message of about `chunkCells` cells. */
export function chunkRows(width: number, chunkCells: number): number {
  return Math.max(1, Math.floor(chunkCells / Math.max(1, width)));
}

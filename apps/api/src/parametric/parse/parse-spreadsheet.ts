import type { ParametricConfiguration } from '@siteseer/core';
import { decideFormat } from './file-format.ts';
import { type ParseOptions, parseInWorker } from './parse-in-worker.ts';
import type { ParsedTable } from './parsed-table.ts';
import { inspectXlsxArchive } from './zip-guard.ts';

export type { ParseOptions };

/**
 * Parses an uploaded spreadsheet (at most 10 MB, already in memory) into text cells. The format is
 * decided by the content and must agree with the extension (.csv or .xlsx); an XLSX is checked for
 * zip bombs. Decoding and parsing run in a parse worker with memory and time limits, off the API
 * thread (a 10 MB CSV takes ~0.5 s). Every refusal is a `SpreadsheetError`.
 */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: ParseOptions = {},
): Promise<ParsedTable> {
  return (await parseChecked(bytes, fileName, options, false)).table;
}

/**
 * `parseSpreadsheet` and `inferConfiguration` in one trip to a parse worker: the table and its
 * default configuration, neither computed on the API thread.
 */
export async function parseAndInfer(
  bytes: Uint8Array,
  fileName: string,
  options: ParseOptions = {},
): Promise<{ table: ParsedTable; inferred: ParametricConfiguration }> {
  const { table, inferred } = await parseChecked(bytes, fileName, options, true);
  if (!inferred) throw new Error('The parse worker answered without the inferred configuration.');
  return { table, inferred };
}

/**
 * An upload parsed to be stored: the table without its rows, which come as JSON text of
 * `chunkRows` rows per chunk, the file as base64 (both as the store keeps them, made in the
 * worker), and its inferred configuration.
 */
export async function parseForStore(
  bytes: Uint8Array,
  fileName: string,
  chunkRows: number,
): Promise<{
  table: ParsedTable;
  rowCount: number;
  cellChunks: string[];
  fileBase64: string;
  inferred: ParametricConfiguration;
}> {
  const parsed = await parseChecked(bytes, fileName, {}, true, chunkRows);
  if (!parsed.inferred || !parsed.jsonChunks || parsed.fileBase64 === undefined)
    throw new Error('The parse worker answered without the inferred configuration, the chunks or the file.');
  return {
    table: parsed.table,
    rowCount: parsed.rowCount,
    cellChunks: parsed.jsonChunks,
    fileBase64: parsed.fileBase64,
    inferred: parsed.inferred,
  };
}

async function parseChecked(
  bytes: Uint8Array,
  fileName: string,
  options: ParseOptions,
  infer: boolean,
  jsonChunkRows?: number,
) {
  // Both checks are cheap (the first bytes, the zip directory) and refuse early, without a worker.
  const format = decideFormat(bytes, fileName);
  if (format === 'xlsx') await inspectXlsxArchive(bytes, fileName);
  return parseInWorker(format, bytes, fileName, options, infer, jsonChunkRows);
}

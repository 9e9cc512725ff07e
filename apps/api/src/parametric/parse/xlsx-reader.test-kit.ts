import { type ParseOptions, parseInWorker } from './parse-in-worker.ts';
import type { ParsedTable } from './parsed-table.ts';
import { inspectXlsxArchive } from './zip-guard.ts';

export type XlsxReaderOptions = ParseOptions;

/**
 * Reads an XLSX workbook: its zip directory is inspected first (`inspectXlsxArchive` refuses zip
 * bombs before anything is inflated), then one sheet is parsed in a parse worker with a heap limit
 * and a time limit, at most `workerConcurrency` at a time.
 */
export async function readXlsx(
  bytes: Uint8Array,
  fileName: string,
  options: XlsxReaderOptions = {},
): Promise<ParsedTable> {
  await inspectXlsxArchive(bytes, fileName);
  return (await parseInWorker('xlsx', bytes, fileName, options, false)).table;
}

import { readCsv } from './csv-reader.ts';
import { decodeCsvText } from './decode-text.ts';
import { decideFormat } from './file-format.ts';
import type { ParsedTable } from './parsed-table.ts';
import { readXlsx, type XlsxReaderOptions } from './xlsx-reader.ts';

/** Options of `parseSpreadsheet`; all optional, the defaults are `PARSE_LIMITS`. */
export type ParseOptions = XlsxReaderOptions;

/**
 * Parses an uploaded spreadsheet (at most 10 MB, already in memory) into text cells. The format is
 * decided by the content and must agree with the extension (.csv or .xlsx). CSV is decoded and parsed
 * here; an XLSX is checked for zip bombs, then parsed in a worker thread with memory and time limits.
 * Every refusal is a `SpreadsheetError`.
 */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: ParseOptions = {},
): Promise<ParsedTable> {
  const format = decideFormat(bytes, fileName);
  if (format === 'xlsx') return readXlsx(bytes, fileName, options);
  return readCsv(decodeCsvText(bytes, fileName), options.limits);
}

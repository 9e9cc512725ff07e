import Papa from 'papaparse';
import type { CsvParseOutput } from './csv-rows.ts';

/*
 * CSV text in and out for the browser and the CLI, by papaparse (the parser the API reads uploads
 * with), into the output `readCsvRows` and the file rules take.
 */

/**
 * ',' when a line has a comma outside quotes; otherwise ';' or a tab, whichever the file uses.
 * Decided here rather than by papaparse's guess, which needs several rows to see a delimiter.
 */
function delimiterOf(text: string): string {
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '');
  if (unquoted.includes(',')) return ',';
  if (unquoted.includes(';')) return ';';
  return unquoted.includes('\t') ? '\t' : ',';
}

/** Parses CSV text (a leading byte order mark dropped) into rows of cells, with any quote errors. */
export function parseCsv(text: string): CsvParseOutput {
  const source = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(source, { delimiter: delimiterOf(source) });
  const data = parsed.data;
  // A final line end does not start another (empty) record.
  const last = data.at(-1);
  if (last && last.length === 1 && last[0] === '') data.pop();
  return {
    data,
    errors: parsed.errors.map(({ type, code, message, row }) => ({
      type,
      code,
      message,
      ...(row === undefined ? {} : { row }),
    })),
  };
}

/**
 * What a spreadsheet would run as a formula: =, +, -, @, tab or CR first. papaparse's own pattern
 * (`^[=+\-@\t\r].*$`) misses a cell with a line break after its formula (`.` stops at `\n`).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Cells quoted beyond what a comma file needs: `;` and tab, which a spreadsheet whose list
 * separator is `;` (most of Europe) would otherwise split on, making `x;=1+1` a formula cell.
 */
const SEPARATOR_LIKE = /[;\t]/;

/**
 * Writes rows as CSV (comma-separated, CRLF line ends as RFC 4180 says) that `parseCsv` reads
 * back. A cell a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe,
 * and a cell holding `;` or a tab is quoted whole.
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const quotes = (value: unknown): boolean => typeof value === 'string' && SEPARATOR_LIKE.test(value);
  return `${Papa.unparse(rows as string[][], { newline: '\r\n', escapeFormulae: FORMULA_START, quotes })}\r\n`;
}

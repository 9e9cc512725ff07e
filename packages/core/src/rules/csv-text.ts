import type { CsvParseError, CsvParseOutput } from './csv-rows.ts';

/*
 * CSV text in and out for the browser and the CLI, without a parser dependency: RFC 4180 records
 * (quoted fields, "" inside quotes, CRLF / LF / CR line ends), read into the papaparse-shaped
 * output that `readCsvRows` and the file rules take, so the portal reads a file exactly as the rules
 * expect. The delimiter is ',' unless no line has a comma outside quotes; then ';' or a tab,
 * whichever the file uses (a spreadsheet's export in a comma-decimal locale).
 */

type Delimiter = ',' | ';' | '\t';

/** papaparse's wording, so a file gives the same message whichever surface parsed it. */
const UNTERMINATED = 'Quoted field unterminated';
const MALFORMED = 'Trailing quote on quoted field is malformed';

function delimiterOf(text: string): Delimiter {
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '');
  if (unquoted.includes(',')) return ',';
  if (unquoted.includes(';')) return ';';
  return unquoted.includes('\t') ? '\t' : ',';
}

/** Parses CSV text (a leading byte order mark dropped) into rows of cells, with any quote errors. */
export function parseCsv(text: string): CsvParseOutput {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(source);
  const data: string[][] = [];
  const errors: CsvParseError[] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  const endRow = () => {
    row.push(cell);
    data.push(row);
    row = [];
    cell = '';
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (char === '"' && cell === '') {
      const close = closingQuote(source, index + 1);
      if (close < 0) {
        errors.push({ type: 'Quotes', code: 'MissingQuotes', message: UNTERMINATED, row: data.length });
        cell = source.slice(index + 1).replaceAll('""', '"');
        index = source.length;
        break;
      }
      cell = source.slice(index + 1, close).replaceAll('""', '"');
      index = close + 1;
      const next = source[index];
      if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r') {
        errors.push({ type: 'Quotes', code: 'InvalidQuotes', message: MALFORMED, row: data.length });
        // Keep what follows in the cell, as papaparse does, so the row keeps its shape.
        const end = endOfCell(source, index, delimiter);
        cell += source.slice(index, end);
        index = end;
      }
      continue;
    }
    if (char === delimiter) {
      row.push(cell);
      cell = '';
      index++;
    } else if (char === '\n' || char === '\r') {
      endRow();
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
    } else {
      const end = endOfCell(source, index, delimiter);
      cell += source.slice(index, end);
      index = end;
    }
  }
  // A final line end does not start another (empty) record.
  if (cell !== '' || row.length > 0) endRow();
  return { data, errors };
}

/** The index of the quote closing a quoted field whose text starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  let index = from;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote < 0) return -1;
    if (text[quote + 1] !== '"') return quote;
    index = quote + 2;
  }
}

function endOfCell(text: string, from: number, delimiter: Delimiter): number {
  let index = from;
  while (index < text.length) {
    const char = text[index];
    if (char === delimiter || char === '\n' || char === '\r') break;
    index++;
  }
  return index;
}

function quoteCell(cell: string): string {
  // A leading or trailing space is quoted too: readers trim unquoted cells, and the value is kept.
  return /[",;\t\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Writes rows as CSV (comma-separated, CRLF line ends as RFC 4180 says); `parseCsv` reads them back. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteCell).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
}

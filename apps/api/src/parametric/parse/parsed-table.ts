import type { SpreadsheetFormat } from './file-format.ts';

/** A spreadsheet read into text cells, before any typing. */
export interface ParsedTable {
  format: SpreadsheetFormat;
  /** Column headers, trimmed and unique (see `nameHeaders`). */
  headers: string[];
  /** One id per column, `c0`, `c1`... by position: safe as JSON keys and, quoted, as SQL identifiers. */
  columnIds: string[];
  /** Data rows (header excluded, empty rows skipped), each exactly `headers.length` cells; empty = null. */
  rows: (string | null)[][];
  /** The 1-based row number in the file of each data row, for messages (the header is usually row 1). */
  rowNumbers: number[];
  /** What the user should know but that did not stop the import (renamed headers, skipped sheets...). */
  warnings: string[];
  /** XLSX: the sheet that was read. */
  sheetName?: string;
  /** CSV: the detected delimiter. */
  delimiter?: string;
}

/**
 * A column's id from its position. Positional rather than derived from the header, so a header in
 * any script, a renamed header or a header that is a JavaScript or SQL keyword can never yield an
 * unsafe or colliding id; a re-upload with the same column order keeps its ids.
 */
export function columnId(index: number): string {
  return `c${index}`;
}

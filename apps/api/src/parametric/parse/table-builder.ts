import type { SpreadsheetFormat } from './file-format.ts';
import { assertNoReservedHeaders, type HeaderCell, nameHeaders } from './header-names.ts';
import { PARSE_LIMITS } from './limits.ts';
import { normaliseNumberColumns } from './number-formats.ts';
import { columnId, type ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

export interface TableLimits {
  maxColumns: number;
  maxCells: number;
}

const DEFAULT_LIMITS: TableLimits = { maxColumns: PARSE_LIMITS.maxColumns, maxCells: PARSE_LIMITS.maxCells };

/** A cell as kept: trimmed, and null when nothing is left (surrounding spaces would split filter values). */
function cleanCell(cell: string | null | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const trimmed = cell.trim();
  return trimmed === '' ? null : trimmed;
}

function lastFilledIndex(cells: readonly (string | null)[]): number {
  for (let i = cells.length - 1; i >= 0; i--) if (cleanCell(cells[i]) !== null) return i;
  return -1;
}

const formatCount = (n: number): string => n.toLocaleString('en-US');

const filledCount = (cells: readonly (string | null)[]): number =>
  cells.reduce((n, cell) => (cleanCell(cell) === null ? n : n + 1), 0);

/**
 * Whether the first non-empty record is a title above the table rather than its header: one cell
 * ('Price list 2024', often merged across the columns) above a record of several, empty rows
 * between them (the caller checks the gap). Business workbooks often start so; the title was read
 * as the header, the real header row as data, every column named 'Column N' and typed as text
 * (XLSX), or the file refused as ragged (CSV). Only the next record is asked, so a one-column table
 * is never read so; without the empty row, a one-cell header above a wider row stays the header
 * (its other columns are named 'Column N').
 */
function isTitleAbove(header: readonly (string | null)[], next: readonly (string | null)[]): boolean {
  return filledCount(header) === 1 && filledCount(next) >= 2;
}

/**
 * Builds a `ParsedTable` from records as a reader produces them, whatever the format. The first
 * non-empty record is the header row (unless it is a title above it, `isTitleAbove`); empty records
 * (no cell with content) are skipped. A record
 * longer than the header is refused if a cell past the header has content (extra empty cells, as
 * trailing delimiters leave, are ignored); a shorter one is padded with empty cells, since a
 * spreadsheet shows missing trailing cells as empty. Columns with neither a header nor any value
 * are left out (a trailing delimiter, an XLSX table that starts in column C). A column of numbers
 * written with thousands separators or decimal commas is rewritten as plain numbers
 * (`normaliseNumberColumns`).
 */
export class TableBuilder {
  readonly #format: SpreadsheetFormat;
  readonly #limits: TableLimits;
  #header: (string | null)[] | undefined;
  #headerRow = 0;
  readonly #rows: (string | null)[][] = [];
  readonly #rowNumbers: number[] = [];
  readonly #warnings: string[] = [];
  #cells = 0;

  constructor(format: SpreadsheetFormat, limits: TableLimits = DEFAULT_LIMITS) {
    this.#format = format;
    this.#limits = limits;
  }

  /** Adds the record found at 1-based row `rowNumber` of the file. */
  add(cells: readonly (string | null)[], rowNumber: number): void {
    const last = lastFilledIndex(cells);
    if (last < 0) return;
    const header = this.#header;
    if (header === undefined) {
      this.#setHeader(cells, rowNumber);
      return;
    }
    if (this.#rows.length === 0 && rowNumber > this.#headerRow + 1 && isTitleAbove(header, cells)) {
      const title = header.map(cleanCell).find((cell) => cell !== null) ?? '';
      this.#warnings.push(
        `Row ${this.#headerRow} ('${title.length > 60 ? `${title.slice(0, 57)}...` : title}') holds one cell above a ` +
          `wider row: it is read as a title, and row ${rowNumber} as the header row.`,
      );
      this.#setHeader(cells, rowNumber);
      return;
    }
    if (last >= header.length) {
      throw new SpreadsheetError(
        'ragged_row',
        `Row ${rowNumber} has ${last + 1} cells but the header row (row ${this.#headerRow}) has ${header.length} columns. ` +
          'Add a header for the extra cells or remove them.',
        { row: rowNumber },
      );
    }
    this.#cells += header.length;
    if (this.#cells > this.#limits.maxCells) {
      throw new SpreadsheetError(
        'too_many_cells',
        `The file has more than ${formatCount(this.#limits.maxCells)} cells (rows x columns) by row ${rowNumber}; ` +
          'split it or remove columns.',
        { row: rowNumber },
      );
    }
    const row = new Array<string | null>(header.length);
    for (let i = 0; i < header.length; i++) row[i] = cleanCell(cells[i]);
    this.#rows.push(row);
    this.#rowNumbers.push(rowNumber);
  }

  #setHeader(cells: readonly (string | null)[], rowNumber: number): void {
    assertNoReservedHeaders(cells, rowNumber);
    if (cells.length > this.#limits.maxColumns) {
      throw new SpreadsheetError(
        'too_many_columns',
        `The header row (row ${rowNumber}) has ${cells.length} columns; at most ${this.#limits.maxColumns} are allowed.`,
        { row: rowNumber },
      );
    }
    this.#header = [...cells];
    this.#headerRow = rowNumber;
  }

  /** The table, once every record is added. */
  finish(extra: Pick<ParsedTable, 'sheetName' | 'delimiter'> = {}): ParsedTable {
    const header = this.#header;
    if (header === undefined) {
      throw new SpreadsheetError(
        'empty',
        'The file has no header row: it is empty or holds only empty lines.',
      );
    }
    if (this.#rows.length === 0) {
      throw new SpreadsheetError(
        'no_rows',
        `The file has a header row (row ${this.#headerRow}) but no data rows below it.`,
        { row: this.#headerRow },
      );
    }
    const kept: number[] = [];
    for (let i = 0; i < header.length; i++) {
      // Left out silently: there is nothing in it to lose.
      if (cleanCell(header[i]) !== null || this.#rows.some((row) => row[i] !== null)) kept.push(i);
    }
    const headerCells: HeaderCell[] = kept.map((i) => ({ text: header[i] ?? null, position: i + 1 }));
    const named = nameHeaders(headerCells);
    const rows =
      kept.length === header.length ? this.#rows : this.#rows.map((row) => kept.map((i) => row[i] ?? null));
    const numberWarnings = normaliseNumberColumns(named.headers, rows);
    return {
      format: this.#format,
      headers: named.headers,
      columnIds: kept.map((_, index) => columnId(index)),
      rows,
      rowNumbers: this.#rowNumbers,
      warnings: [...this.#warnings, ...named.warnings, ...numberWarnings],
      ...extra,
    };
  }
}

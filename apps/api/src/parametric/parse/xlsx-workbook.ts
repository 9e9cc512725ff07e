import type { WorkBook } from '@e965/xlsx';
import { read, utils } from '@e965/xlsx';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { TableBuilder, type TableLimits } from './table-builder.ts';
import { cellText } from './xlsx-cells.ts';

export interface XlsxReadOptions {
  /** The sheet to read, by name; by default the first sheet of the workbook. */
  sheet?: string | undefined;
  limits?: TableLimits | undefined;
}

/** SheetJS throws plain Errors on bad input; they are all about the file, which is the only input. */
function parseWorkbook(bytes: Uint8Array, fileName: string, sheet: string | number): WorkBook {
  try {
    return read(bytes, {
      type: 'buffer',
      dense: true,
      // Only the sheet we need is parsed; number formats tell dates; no formatted text, HTML or formulas.
      sheets: sheet,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new SpreadsheetError(
      'malformed',
      `'${fileName}' could not be read as an Excel workbook (${error.message}).`,
    );
  }
}

/**
 * The sheet's table. A table-less sheet is refused naming the sheet (and the workbook's others, as
 * only one is read): "no header row" alone sent users looking in the wrong sheet.
 */
function finishSheet(
  builder: TableBuilder,
  fileName: string,
  sheetName: string,
  names: readonly string[],
): ParsedTable {
  try {
    return builder.finish({ sheetName });
  } catch (error) {
    if (!(error instanceof SpreadsheetError) || (error.code !== 'empty' && error.code !== 'no_rows'))
      throw error;
    const others = names.filter((name) => name !== sheetName);
    const problem =
      error.code === 'empty'
        ? 'has no header row: it is empty or holds only empty lines.'
        : `has a header row (row ${error.row}) but no data rows below it.`;
    const advice =
      others.length > 0
        ? ` Only the first sheet is read: move the table to the first sheet (the workbook's other sheets: ${others.map((n) => `'${n}'`).join(', ')}), then upload it again.`
        : '';
    throw new SpreadsheetError(error.code, `Sheet '${sheetName}' of '${fileName}' ${problem}${advice}`, {
      row: error.row,
    });
  }
}

/**
 * Reads one sheet of an XLSX workbook into a table: the first sheet (in workbook order), or the one
 * named in the options. Meant to run in the parse worker (`xlsx-worker.ts`): parsing a workbook
 * costs far more memory and time than its size suggests.
 */
export function readXlsxWorkbook(
  bytes: Uint8Array,
  fileName: string,
  options: XlsxReadOptions = {},
): ParsedTable {
  const workbook = parseWorkbook(bytes, fileName, options.sheet ?? 0);
  const names = workbook.SheetNames;
  const sheetName = options.sheet ?? names[0];
  if (sheetName === undefined) throw new SpreadsheetError('empty', `'${fileName}' has no sheets.`);
  const sheet = workbook.Sheets[sheetName];
  if (!names.includes(sheetName) || !sheet) {
    throw new SpreadsheetError(
      'sheet_not_found',
      `'${fileName}' has no sheet named '${sheetName}'. Its sheets: ${names.map((n) => `'${n}'`).join(', ')}.`,
    );
  }
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const data = sheet['!data'] ?? [];
  // The header row spans every column that holds a value anywhere, so a value past the last header
  // is a column without a header (named later), not a ragged row: a sheet is a grid.
  let width = 0;
  for (const row of data) if (row) width = Math.max(width, row.length);

  const builder = new TableBuilder('xlsx', options.limits);
  const errors: string[] = [];
  let errorCount = 0;
  const percentColumns = new Set<number>();
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = new Array<string | null>(width).fill(null);
    for (let c = 0; c < row.length; c++) {
      const text = cellText(row[c], date1904);
      if (text.kind === 'text') {
        cells[c] = text.text;
        if (text.percent) percentColumns.add(c);
      } else if (errorCount++ < 5) errors.push(`${utils.encode_cell({ r, c })} ${text.text}`);
    }
    builder.add(cells, r + 1);
  }
  const table = finishSheet(builder, fileName, sheetName, names);
  if (errorCount > 0) {
    table.warnings.push(
      `${errorCount} cell(s) of sheet '${sheetName}' hold an error value (${errors.join(', ')}${errorCount > 5 ? ', ...' : ''}); they are read as empty.`,
    );
  }
  if (percentColumns.size > 0) {
    const where = [...percentColumns].map((c) => utils.encode_col(c)).join(', ');
    table.warnings.push(
      `Cells formatted as percentages (column${percentColumns.size > 1 ? 's' : ''} ${where} of sheet '${sheetName}') ` +
        'are read as their number of percent: 15% is 15.',
    );
  }
  if (options.sheet === undefined && names.length > 1) {
    table.warnings.push(`The workbook has ${names.length} sheets; only the first, '${sheetName}', was read.`);
  }
  return table;
}

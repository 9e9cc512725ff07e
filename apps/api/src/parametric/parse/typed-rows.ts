import type { CellValue, ColumnType, ParametricConfiguration, Row } from '@siteseer/core';
import { parseBoolean, parseHttpUrl, parseInteger, parseIsoDate, parseNumber } from './cell-values.ts';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

const EXPECTED: Record<ColumnType, string> = {
  keyword: 'text',
  integer: 'a whole number (like 42 or -7)',
  half_float: 'a number (like 12.5, -3 or 1e3)',
  boolean: 'true, false, yes or no',
  image: 'an http(s) image URL',
  hyperlink: 'an http(s) URL',
  date: 'a date written as YYYY-MM-DD',
};

/** A text cell as a value of the type, or undefined when it is not one. */
export function typedValue(text: string | null, type: ColumnType): CellValue | undefined {
  if (text === null) return null;
  switch (type) {
    case 'keyword':
      return text;
    case 'integer':
      return parseInteger(text) ?? undefined;
    case 'half_float':
      return parseNumber(text) ?? undefined;
    case 'boolean':
      return parseBoolean(text) ?? undefined;
    case 'date':
      // Kept as written (ISO text), so exports and readers that predate the type still show it.
      return parseIsoDate(text) === null ? undefined : text;
    case 'image':
    case 'hyperlink':
      // Kept as written; checked so that a column retyped to a link cannot carry `javascript:` URLs.
      return parseHttpUrl(text) ? text : undefined;
  }
}

/**
 * What `typedRows` reads of a table: a table just parsed, or one loaded back from storage. Without
 * `rowNumbers`, rows are numbered as if the header were row 1 and no row had been skipped.
 */
export type TypedRowsInput = Pick<ParsedTable, 'headers' | 'columnIds' | 'rows'> &
  Partial<Pick<ParsedTable, 'rowNumbers'>>;

const shorten = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/**
 * The table's rows as typed values, keyed by column id, for the columns of the configuration (enabled
 * or not; table columns missing from it are left out): numbers as numbers, booleans as booleans,
 * empty as null, everything else as strings. A value that does not fit its column's configured type
 * (a column retyped in the wizard) is refused, naming the row and column. With `compact`, empty
 * values are left out of the rows instead (what the search index keeps).
 */
export function typedRows(
  table: TypedRowsInput,
  configuration: ParametricConfiguration,
  { compact = false }: { compact?: boolean } = {},
): Row[] {
  const columns = Object.values(configuration.columns).map((column) => {
    const index = table.columnIds.indexOf(column.id);
    if (index < 0)
      throw new Error(`The configuration's column '${column.id}' is not a column of this table.`);
    return { id: column.id, type: column.type, index, header: table.headers[index] ?? column.id };
  });
  return table.rows.map((cells, r) => {
    const row: Row = {};
    for (const column of columns) {
      const text = cells[column.index] ?? null;
      const value = typedValue(text, column.type);
      if (value === undefined) {
        const rowNumber = table.rowNumbers?.[r] ?? r + 2;
        throw new SpreadsheetError(
          'invalid_value',
          `Row ${rowNumber}, column '${column.header}': '${shorten(text ?? '')}' is not ${EXPECTED[column.type]}. ` +
            'Change the column type or correct the value.',
          { row: rowNumber, column: column.header },
        );
      }
      if (!compact || (value !== null && value !== '')) row[column.id] = value;
    }
    return row;
  });
}

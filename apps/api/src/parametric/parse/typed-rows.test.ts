import type { ParametricConfiguration } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { inferConfiguration } from './infer-configuration.ts';
import { parseAndInfer } from './parse-spreadsheet.ts';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { typedRows, typedValue } from './typed-rows.ts';

const table: ParsedTable = {
  format: 'csv',
  headers: ['Name', 'Price', 'Qty', 'Sale', 'Photo', 'Page'],
  columnIds: ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'],
  rows: [
    ['Widget', '12.5', '3', 'yes', 'https://x.org/w.png', 'https://x.org/w'],
    ['0042', null, '-1', 'FALSE', null, 'http://x.org/g?a=1'],
  ],
  rowNumbers: [2, 4],
  warnings: [],
};

function retyped(
  configuration: ParametricConfiguration,
  id: string,
  type: 'integer' | 'boolean' | 'hyperlink',
) {
  const column = configuration.columns[id];
  if (!column) throw new Error(`no column ${id}`);
  return { ...configuration, columns: { ...configuration.columns, [id]: { ...column, type } } };
}

function refusal(run: () => unknown): SpreadsheetError {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('typedRows', () => {
  it('gives numbers, booleans, null for empty and strings, keyed by column id', () => {
    const rows = typedRows(table, inferConfiguration(table));

    expect(rows).toEqual([
      { c0: 'Widget', c1: 12.5, c2: 3, c3: true, c4: 'https://x.org/w.png', c5: 'https://x.org/w' },
      { c0: '0042', c1: null, c2: -1, c3: false, c4: null, c5: 'http://x.org/g?a=1' },
    ]);
  });

  it('follows the configured type, not the inferred one', () => {
    const configuration = inferConfiguration(table);
    const asText = { ...configuration, columns: { ...configuration.columns } };
    for (const id of Object.keys(asText.columns)) {
      const column = asText.columns[id];
      if (column) asText.columns[id] = { ...column, type: 'keyword' };
    }

    expect(typedRows(table, asText)[0]).toEqual({
      c0: 'Widget',
      c1: '12.5',
      c2: '3',
      c3: 'yes',
      c4: 'https://x.org/w.png',
      c5: 'https://x.org/w',
    });
  });

  it('refuses a value that does not fit its configured type, naming the row and the column', () => {
    const configuration = retyped(inferConfiguration(table), 'c1', 'integer');

    const error = refusal(() => typedRows(table, configuration));

    expect(error).toMatchObject({ code: 'invalid_value', row: 2, column: 'Price' });
    expect(error.message).toBe(
      "Row 2, column 'Price': '12.5' is not a whole number (like 42 or -7). Change the column type or correct the value.",
    );
  });

  it('refuses a non-http link in a column retyped to hyperlink', () => {
    const withScript: ParsedTable = {
      ...table,
      rows: [['javascript:alert(1)', null, null, null, null, null]],
    };
    const configuration = retyped(inferConfiguration(table), 'c0', 'hyperlink');

    expect(refusal(() => typedRows(withScript, configuration))).toMatchObject({
      code: 'invalid_value',
      column: 'Name',
    });
  });

  it('numbers rows from 2 when the table comes back from storage without row numbers', () => {
    const stored = { headers: table.headers, columnIds: table.columnIds, rows: table.rows };
    const configuration = retyped(inferConfiguration(table), 'c3', 'integer');

    expect(refusal(() => typedRows(stored, configuration)).row).toBe(2);
  });

  it('leaves out table columns the configuration does not have, and fails loudly on unknown ones', () => {
    const configuration = inferConfiguration(table);
    const { c0, c1 } = configuration.columns;
    if (!c0 || !c1) throw new Error('columns missing');

    expect(typedRows(table, { ...configuration, columns: { c0, c1 } })[0]).toEqual({
      c0: 'Widget',
      c1: 12.5,
    });
    expect(() => typedRows(table, { ...configuration, columns: { c9: { ...c0, id: 'c9' } } })).toThrow(
      "The configuration's column 'c9' is not a column of this table.",
    );
  });
});

describe('typedValue', () => {
  it.each([
    ['42', 'integer', 42],
    ['4.2', 'integer', undefined],
    ['4.2', 'half_float', 4.2],
    ['-1e3', 'half_float', -1000],
    ['No', 'boolean', false],
    ['1', 'boolean', undefined],
    ['https://x.org/a.png', 'image', 'https://x.org/a.png'],
    ['/a.png', 'image', undefined],
    ['anything', 'keyword', 'anything'],
    [null, 'integer', null],
  ] as const)('%j as %s → %j', (text, type, expected) => {
    expect(typedValue(text, type)).toBe(expected);
  });
});

describe('numbers with more digits than a number keeps', () => {
  it('given a column of 19-digit ids, when inferred and typed, then they stay text as written (was: 1234567890123456800)', async () => {
    const csv = 'id,amount\n1234567890123456789,0.30000000000000004\n9007199254740993,12.5\n';

    const { table, inferred } = await parseAndInfer(new TextEncoder().encode(csv), 'ids.csv');

    expect(inferred.columns.c0?.type).toBe('keyword');
    expect(inferred.columns.c1?.type).toBe('half_float');
    expect(typedRows(table, inferred).map((row) => [row.c0, row.c1])).toEqual([
      ['1234567890123456789', 0.30000000000000004],
      ['9007199254740993', 12.5],
    ]);
  });
});

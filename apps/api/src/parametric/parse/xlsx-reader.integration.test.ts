import type { CellObject, WorkBook, WorkSheet } from '@e965/xlsx';
import { utils, write } from '@e965/xlsx';
import { buildZip, deflatedEntry } from '@siteseer/test-support/workbooks/zip-writer';
import { describe, expect, it } from 'vitest';
import { refusal } from './expect-refusal.test-kit.ts';
import { parseAndInfer, parseSpreadsheet } from './parse-spreadsheet.ts';
import { readXlsx } from './xlsx-reader.test-kit.ts';

type Cell = CellObject | string | number | boolean | null;

/** Excel's date serial of a calendar day (1900 system), computed in UTC. */
const serial = (y: number, m: number, d: number, hours = 0, minutes = 0): number =>
  (Date.UTC(y, m - 1, d, hours, minutes) - Date.UTC(1899, 11, 30)) / 86_400_000;

function sheet(rows: Cell[][], origin = 'A1'): WorkSheet {
  return utils.sheet_add_aoa(utils.aoa_to_sheet([]), rows, { origin });
}

function workbookBytes(
  sheets: Record<string, WorkSheet>,
  props: WorkBook['Workbook'] = undefined,
): Uint8Array {
  const workbook = utils.book_new();
  for (const [name, ws] of Object.entries(sheets)) utils.book_append_sheet(workbook, ws, name);
  if (props) workbook.Workbook = { ...workbook.Workbook, ...props };
  return write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
}

const products = sheet([
  ['Name', 'Price', 'Qty', 'Launched', 'Updated', 'In stock', 'Total', 'Ratio', 'Code', 'Label'],
  [
    'Crème 東京 🎉',
    12.5,
    2,
    { t: 'n', v: serial(2024, 1, 15), z: 'yyyy-mm-dd' },
    { t: 'n', v: serial(2024, 1, 15, 13, 45), z: 'yyyy-mm-dd hh:mm' },
    true,
    { t: 'n', f: 'B2*C2', v: 25 },
    { t: 'e', v: 0x07, f: '1/0' },
    { t: 'n', v: 1234.5, z: '"$"#,##0.00' },
    { t: 's', f: 'A2&"!"', v: 'Crème 東京 🎉!' },
  ],
  [
    '  Gadget ',
    7,
    10,
    { t: 'n', v: serial(1999, 12, 31), z: 'm/d/yy' },
    null,
    false,
    { t: 'n', f: 'B3*C3', v: 70 },
    0.5,
    0.1,
    null,
  ],
]);

describe('readXlsx', () => {
  it('reads the first sheet: numbers as plain numbers, ISO dates, booleans, cached formula values', async () => {
    const bytes = workbookBytes({ Products: products, Other: sheet([['x'], ['y']]) });

    const table = await parseSpreadsheet(bytes, 'products.xlsx');

    expect(table).toMatchObject({
      format: 'xlsx',
      sheetName: 'Products',
      headers: ['Name', 'Price', 'Qty', 'Launched', 'Updated', 'In stock', 'Total', 'Ratio', 'Code', 'Label'],
      columnIds: ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'],
      rows: [
        [
          'Crème 東京 🎉',
          '12.5',
          '2',
          '2024-01-15',
          '2024-01-15T13:45:00',
          'true',
          '25',
          null,
          '1234.5',
          'Crème 東京 🎉!',
        ],
        ['Gadget', '7', '10', '1999-12-31', null, 'false', '70', '0.5', '0.1', null],
      ],
      rowNumbers: [2, 3],
    });
    expect(table.warnings).toEqual([
      "1 cell(s) of sheet 'Products' hold an error value (H2 #DIV/0!); they are read as empty.",
      "The workbook has 2 sheets; only the first, 'Products', was read.",
    ]);
  });

  it('reads the sheet named in the options', async () => {
    const bytes = workbookBytes({ Products: products, Other: sheet([['Colour'], ['red'], ['blue']]) });

    const table = await readXlsx(bytes, 'products.xlsx', { sheet: 'Other' });

    expect(table).toMatchObject({
      sheetName: 'Other',
      headers: ['Colour'],
      rows: [['red'], ['blue']],
      warnings: [],
    });
  });

  it('refuses a sheet name the workbook does not have, listing its sheets', async () => {
    const bytes = workbookBytes({ Products: products, Other: sheet([['x'], ['y']]) });

    const error = await refusal(() => readXlsx(bytes, 'products.xlsx', { sheet: 'Prices' }));

    expect(error.code).toBe('sheet_not_found');
    expect(error.message).toBe(
      "'products.xlsx' has no sheet named 'Prices'. Its sheets: 'Products', 'Other'.",
    );
  });

  it('finds a table that starts below and right of A1, numbering rows as the sheet does', async () => {
    const bytes = workbookBytes({ Offset: sheet([['Name', 'Qty'], ['a', 1], [], ['b', 2]], 'C3') });

    const table = await parseSpreadsheet(bytes, 'offset.xlsx');

    expect(table.headers).toEqual(['Name', 'Qty']);
    expect(table.rows).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(table.rowNumbers).toEqual([4, 6]);
  });

  it('names a column that has values but no header, as a grid would', async () => {
    const bytes = workbookBytes({ S: sheet([['Name'], ['a', 'extra']]) });

    const table = await parseSpreadsheet(bytes, 's.xlsx');

    expect(table.headers).toEqual(['Name', 'Column 2']);
    expect(table.rows).toEqual([['a', 'extra']]);
  });

  it('reads a title above an empty row as a title, and the row below as the header (was: Column 2, Column 3)', async () => {
    const bytes = workbookBytes({
      S: sheet([
        ['Price list 2024'],
        [],
        ['Product', 'Price', 'Stock'],
        ['Bolt', 0.5, 1000],
        ['Nut', 0.25, 250],
      ]),
    });

    const table = await parseSpreadsheet(bytes, 's.xlsx');

    expect(table.headers).toEqual(['Product', 'Price', 'Stock']);
    expect(table.rows).toEqual([
      ['Bolt', '0.5', '1000'],
      ['Nut', '0.25', '250'],
    ]);
    expect(table.rowNumbers).toEqual([4, 5]);
    expect(table.warnings).toEqual([
      "Row 1 ('Price list 2024') holds one cell above a wider row: it is read as a title, and row 3 as the header row.",
    ]);
  });

  it('reads percentages as the sheet shows them, 15% as 15 (was: 0.15), and says so', async () => {
    const bytes = workbookBytes({
      S: sheet([
        ['Item', 'Discount'],
        ['Bolt', { t: 'n', v: 0.15, z: '0%' }],
        ['Nut', { t: 'n', v: 0.075, z: '0.0%' }],
      ]),
    });

    const { table, inferred } = await parseAndInfer(bytes, 's.xlsx');

    expect(table.rows).toEqual([
      ['Bolt', '15'],
      ['Nut', '7.5'],
    ]);
    expect(inferred.columns.c1?.type).toBe('half_float');
    expect(table.warnings).toEqual([
      "Cells formatted as percentages (column B of sheet 'S') are read as their number of percent: 15% is 15.",
    ]);
  });

  it('reads dates of a workbook in the 1904 date system', async () => {
    const bytes = workbookBytes(
      { S: sheet([['Day'], [{ t: 'n', v: 0, z: 'yyyy-mm-dd' }], [{ t: 'n', v: 366, z: 'yyyy-mm-dd' }]]) },
      { WBProps: { date1904: true } },
    );

    const table = await parseSpreadsheet(bytes, 's.xlsx');

    expect(table.rows).toEqual([['1904-01-01'], ['1905-01-01']]);
  });

  it('refuses reserved headers and an empty first sheet, as for CSV', async () => {
    const reserved = workbookBytes({
      S: sheet([
        ['name', 'constructor'],
        ['a', 'b'],
      ]),
    });
    const empty = workbookBytes({ Empty: sheet([]), Data: sheet([['a'], ['1']]) });

    expect(await refusal(() => parseSpreadsheet(reserved, 'r.xlsx'))).toMatchObject({
      code: 'reserved_column',
      column: 'constructor',
    });
    expect((await refusal(() => parseSpreadsheet(empty, 'e.xlsx'))).code).toBe('empty');
  });

  it('names the sheet when the first sheet is empty (was: "no header row" alone)', async () => {
    const empty = workbookBytes({ Notes: sheet([]), Data: sheet([['a'], ['1']]) });
    const headerOnly = workbookBytes({ Prices: sheet([['Name', 'Price']]) });

    const emptyError = await refusal(() => parseSpreadsheet(empty, 'e.xlsx'));
    const headerOnlyError = await refusal(() => parseSpreadsheet(headerOnly, 'h.xlsx'));

    expect(emptyError).toMatchObject({ code: 'empty' });
    expect(emptyError.message).toBe(
      "Sheet 'Notes' of 'e.xlsx' has no header row: it is empty or holds only empty lines. Only the first sheet is read: move the table to the first sheet (the workbook's other sheets: 'Data'), then upload it again.",
    );
    expect(headerOnlyError).toMatchObject({ code: 'no_rows', row: 1 });
    expect(headerOnlyError.message).toBe(
      "Sheet 'Prices' of 'h.xlsx' has a header row (row 1) but no data rows below it.",
    );
  });

  it('refuses deflate data that sends SheetJS into an endless loop before SheetJS reads it', async () => {
    // Three bytes of bad deflate data make SheetJS 0.20.3's inflater loop forever; zlib refuses them.
    const bytes = buildZip([
      deflatedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      {
        name: 'xl/workbook.xml',
        compressed: Uint8Array.of(0xff, 0xff, 0xff),
        method: 8,
        crc32: 0,
        uncompressedSize: 64,
      },
    ]);

    const error = await refusal(() => readXlsx(bytes, 'loop.xlsx', { timeoutMs: 5000 }));

    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(
      /^'loop.xlsx' is an inconsistent zip archive: its entry 'xl\/workbook.xml' does not hold what/,
    );
  });

  it('refuses a workbook that needs more memory than the worker may use', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [`name ${i}`, i, `text ${i} `.repeat(3)]);
    const bytes = workbookBytes({ S: sheet([['Name', 'N', 'Text'], ...rows]) });

    const error = await refusal(() => readXlsx(bytes, 'big.xlsx', { heapMb: 8 }));

    expect(error.code).toBe('too_complex');
    expect(error.message).toMatch(/^'big.xlsx' needs too much memory to read/);
  });

  it('refuses a workbook SheetJS cannot read, with its reason', async () => {
    const bytes = buildZip([
      deflatedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      deflatedEntry('xl/workbook.xml', 'not xml'),
    ]);

    const error = await refusal(() => parseSpreadsheet(bytes, 'broken.xlsx'));

    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/^'broken.xlsx' could not be read as an Excel workbook \(.+\)\.$/);
  });
});

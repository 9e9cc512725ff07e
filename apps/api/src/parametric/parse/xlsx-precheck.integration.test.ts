import { utils, write } from '@e965/xlsx';
import {
  denseWorkbook,
  lyingWorkbook,
  sheetOf,
  smallWorkbook,
  workbookOf,
} from '@siteseer/test-support/workbooks/generated-workbooks';
import { buildZip, deflatedEntry } from '@siteseer/test-support/workbooks/zip-writer';
import { describe, expect, it } from 'vitest';
import { refusal } from './expect-refusal.test-kit.ts';
import { parseSpreadsheet } from './parse-spreadsheet.ts';
import { inspectXlsxArchive } from './zip-guard.ts';

/** Two sheets: a small first one, and a second with `bigCells` numbers in one column. */
function twoSheets(bigCells: number): Uint8Array {
  const workbook = utils.book_new();
  utils.book_append_sheet(
    workbook,
    utils.aoa_to_sheet([
      ['Name', 'Qty'],
      ['a', 1],
    ]),
    'Small',
  );
  const big = [['N'], ...Array.from({ length: bigCells - 1 }, (_, i) => [i])];
  utils.book_append_sheet(workbook, utils.aoa_to_sheet(big), 'Big');
  return write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
}

const tiny = { maxCells: 10, maxColumns: 5 };

describe('XLSX precheck (before SheetJS holds the sheet)', () => {
  it('refuses a small workbook of millions of cells by counting them as it inflates, in a small heap', async () => {
    // 1.3 MB inflating ~75:1 to 5.4 million cells passes the zip guard; SheetJS held ~800 MB before
    // the table's cell limit refused it, so in a 96 MB heap it was refused as too complex.
    const bytes = await denseWorkbook(340_000);
    expect((await inspectXlsxArchive(bytes, 'dense.xlsx')).uncompressedBytes).toBeGreaterThan(90e6);

    const error = await refusal(() => parseSpreadsheet(bytes, 'dense.xlsx', { heapMb: 96 }));

    expect(error.code).toBe('too_many_cells');
    expect(error.message).toBe(
      "The file has more than 1,000,000 cells (rows x columns): 'xl/worksheets/sheet1.xml' holds more than " +
        '1,000,200 values; split it or remove columns.',
    );
  });

  it('counts each value once, also where a tag spans two inflated chunks', async () => {
    // 4 headers + 5,000 rows x 4 = 20,004 values over many chunks: exactly the most 20,000 cells allow.
    const bytes = smallWorkbook(['A', 'B', 'C', 'D'], 5000);

    const table = await parseSpreadsheet(bytes, 'edge.xlsx', { limits: { maxCells: 20_000, maxColumns: 4 } });
    const error = await refusal(() =>
      parseSpreadsheet(bytes, 'edge.xlsx', { limits: { maxCells: 19_999, maxColumns: 4 } }),
    );

    expect(table.rows).toHaveLength(5000);
    expect(error.message).toContain('holds more than 20,003 values');
  });

  it('warns of formula cells with no saved result, which are read as empty (was: a silently empty column)', async () => {
    // As openpyxl writes them: a formula, then no value or an empty one; a shared formula too.
    const sheet = sheetOf(
      '<row><c t="inlineStr"><is><t>Qty</t></is></c><c t="inlineStr"><is><t>Total</t></is></c></row>' +
        '<row><c><v>2</v></c><c><f>A2*10</f><v></v></c></row>' +
        '<row><c><v>3</v></c><c><f t="shared" ref="B3:B4" si="0"/></c></row>' +
        '<row><c><v>4</v></c><c><f>A4*10</f><v>40</v></c></row>',
    );

    const table = await parseSpreadsheet(workbookOf(sheet), 'script.xlsx');

    expect(table.rows).toEqual([
      ['2', null],
      ['3', null],
      ['4', '40'],
    ]);
    expect(table.warnings).toEqual([
      '2 formula cell(s) of the sheet have no saved result (the workbook was written by a program that does not ' +
        'calculate formulas); they are read as empty. Open the workbook in Excel or LibreOffice, save it, and upload it again.',
    ]);
  });

  it('counts only the sheet it reads', async () => {
    const bytes = twoSheets(40);

    const table = await parseSpreadsheet(bytes, 'two.xlsx', { limits: tiny });
    const error = await refusal(() => parseSpreadsheet(bytes, 'two.xlsx', { sheet: 'Big', limits: tiny }));

    expect(table.rows).toEqual([['a', '1']]);
    expect(error.code).toBe('too_many_cells');
    expect(error.message).toContain("'xl/worksheets/sheet2.xml' holds more than 15 values");
  });

  it('counts values written with a namespace prefix', async () => {
    const rows = Array.from({ length: 20 }, (_, r) => `<x:row><x:c><x:v>${r}</x:v></x:c></x:row>`).join('');
    const bytes = workbookOf(sheetOf(rows).replace('<worksheet xmlns=', '<worksheet xmlns:x='));

    const error = await refusal(() => parseSpreadsheet(bytes, 'prefixed.xlsx', { limits: tiny }));

    expect(error.message).toContain('holds more than 15 values');
  });

  it('refuses a shared strings table larger than any accepted table needs', async () => {
    const bytes = workbookOf(sheetOf('<row><c t="s"><v>0</v></c></row>'), 16);

    const error = await refusal(() => parseSpreadsheet(bytes, 'strings.xlsx', { limits: tiny }));

    expect(error.code).toBe('too_many_cells');
    expect(error.message).toContain("'xl/strings/table.xml' holds more than 15 shared strings");
  });

  it.each([
    ['smaller', -20, /too many bytes in the stream/],
    ['larger', 20, /not enough bytes in the stream/],
  ])(
    'says the archive is inconsistent when its directory declares a sheet %s than it is (was: no header row)',
    async (_, lie, reason) => {
      const error = await refusal(() => parseSpreadsheet(lyingWorkbook(['Name', 'Qty'], 3, lie), 'lie.xlsx'));

      expect(error.code).toBe('malformed');
      expect(error.message).toMatch(
        /^'lie.xlsx' is an inconsistent zip archive: its entry 'xl\/worksheets\/sheet1.xml' does not hold what the zip directory declares \(.+\)\. Save it again/,
      );
      expect(error.message).toMatch(reason);
    },
  );

  it('says the archive is inconsistent when the workbook part lies about its size (was: a bug, 500)', async () => {
    const workbook = deflatedEntry('xl/workbook.xml', '<?xml version="1.0"?><workbook/>');
    const bytes = buildZip([
      deflatedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      deflatedEntry('xl/_rels/workbook.xml.rels', '<Relationships/>'),
      { ...workbook, uncompressedSize: workbook.uncompressedSize - 5 },
    ]);

    const error = await refusal(() => parseSpreadsheet(bytes, 'wb.xlsx'));

    expect(error.message).toMatch(
      /^'wb.xlsx' is an inconsistent zip archive: its entry 'xl\/workbook.xml' does not hold/,
    );
  });

  it('says the archive is inconsistent when an entry fails its checksum', async () => {
    const good = deflatedEntry('xl/workbook.xml', '<?xml version="1.0"?><workbook/>');
    const bytes = buildZip([
      deflatedEntry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      { ...good, crc32: good.crc32 ^ 1 },
    ]);

    const error = await refusal(() => parseSpreadsheet(bytes, 'crc.xlsx'));

    expect(error.message).toBe(
      "'crc.xlsx' is an inconsistent zip archive: its entry 'xl/workbook.xml' fails its checksum (CRC-32). " +
        'Save it again from Excel (or export it as CSV) and upload it again.',
    );
  });
});

import { utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { refusal } from './expect-refusal.test-kit.ts';
import { parseSpreadsheet } from './parse-spreadsheet.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function utf16(text: string, endian: 'le' | 'be', { bom = true } = {}): Uint8Array {
  const start = bom ? 2 : 0;
  const bytes = new Uint8Array(start + text.length * 2);
  const view = new DataView(bytes.buffer);
  if (bom) view.setUint16(0, 0xfeff, endian === 'le');
  for (let i = 0; i < text.length; i++) view.setUint16(start + i * 2, text.charCodeAt(i), endian === 'le');
  return bytes;
}

function smallWorkbook(): Uint8Array {
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, utils.aoa_to_sheet([['a'], [1]]), 'Sheet1');
  return write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
}

describe('parseSpreadsheet', () => {
  it('reads UTF-8 CSV with a byte order mark, without the mark in the first header', async () => {
    const table = await parseSpreadsheet(utf8('\uFEFFName,Qty\nÉclair,2\n'), 'menu.csv');

    expect(table.headers).toEqual(['Name', 'Qty']);
    expect(table.rows).toEqual([['Éclair', '2']]);
  });

  it.each(['le', 'be'] as const)('reads UTF-16 %s CSV with a byte order mark', async (endian) => {
    const table = await parseSpreadsheet(utf16('Name\tCity\nZoë\t東京\n', endian), 'export.csv');

    expect(table.delimiter).toBe('\t');
    expect(table.rows).toEqual([['Zoë', '東京']]);
  });

  it.each(['le', 'be'] as const)(
    'reads UTF-16 %s CSV without a byte order mark (was: a binary file)',
    async (endian) => {
      const table = await parseSpreadsheet(
        utf16('Name,City\r\nZoë,東京\r\nÅsa,Malmö\r\n', endian, { bom: false }),
        'export.csv',
      );

      expect(table.headers).toEqual(['Name', 'City']);
      expect(table.rows).toEqual([
        ['Zoë', '東京'],
        ['Åsa', 'Malmö'],
      ]);
    },
  );

  it('refuses as binary what has the zero bytes of UTF-16 but holds control characters', async () => {
    const bytes = utf16('a\u0001\u0002\u0003b\u0004\u0005\u0006', 'le', { bom: false });

    const error = await refusal(() => parseSpreadsheet(bytes, 'data.csv'));

    expect(error.code).toBe('unsupported_format');
    expect(error.message).toContain('binary file');
  });

  it('takes the extension case-insensitively', async () => {
    const table = await parseSpreadsheet(utf8('a\n1\n'), 'DATA.CSV');

    expect(table.format).toBe('csv');
  });

  it('refuses CSV that is not UTF-8 (Windows-1252 from an old Excel), saying how to save it', async () => {
    const latin1 = Uint8Array.from([...utf8('name\nCr'), 0xe8, ...utf8('me\n')]);

    const error = await refusal(() => parseSpreadsheet(latin1, 'menu.csv'));

    expect(error.code).toBe('encoding');
    expect(error.message).toContain('CSV UTF-8');
  });

  it('refuses a UTF-8 file with one line in another encoding, naming that line (was: no clue where)', async () => {
    const bytes = Uint8Array.from([
      ...utf8('name,city\r\nitem1,Paris\r\nitem2,K'),
      0xf6,
      ...utf8('ln\r\nitem3,Lyon\r\n'),
    ]);

    const error = await refusal(() => parseSpreadsheet(bytes, 'cities.csv'));

    expect(error.code).toBe('encoding');
    expect(error.message).toBe(
      "'cities.csv' is not UTF-8 text: line 3 ('item2,K\uFFFDln') holds characters in another encoding, such as " +
        'Windows-1252. Save the CSV with the UTF-8 encoding (in Excel: "CSV UTF-8 (Comma delimited)") and upload it again.',
    );
  });

  it('refuses a binary file named .csv', async () => {
    const error = await refusal(() =>
      parseSpreadsheet(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), 'photo.csv'),
    );

    expect(error.code).toBe('unsupported_format');
    expect(error.message).toContain('binary file');
  });

  it('refuses CSV content named .xlsx', async () => {
    const error = await refusal(() => parseSpreadsheet(utf8('a,b\n1,2\n'), 'data.xlsx'));

    expect(error.code).toBe('extension_mismatch');
    expect(error.message).toBe(
      "'data.xlsx' is named .xlsx but is not an Excel workbook (an .xlsx file is a zip archive). If it is CSV text, rename it to .csv.",
    );
  });

  it('refuses a workbook named .csv', async () => {
    const error = await refusal(() => parseSpreadsheet(smallWorkbook(), 'data.csv'));

    expect(error.code).toBe('extension_mismatch');
    expect(error.message).toContain('is named .csv but is a zip archive');
  });

  it('refuses a legacy .xls, by name or by content, saying so', async () => {
    const ole2 = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

    const byContent = await refusal(() => parseSpreadsheet(ole2, 'report.xlsx'));
    const byName = await refusal(() => parseSpreadsheet(utf8('a\n1\n'), 'report.xls'));

    for (const error of [byContent, byName]) {
      expect(error.code).toBe('unsupported_format');
      expect(error.message).toContain('legacy Excel 97-2003 workbook (.xls)');
    }
  });

  it('refuses other extensions and files without one', async () => {
    const txt = await refusal(() => parseSpreadsheet(utf8('a\n1\n'), 'data.txt'));
    const none = await refusal(() => parseSpreadsheet(utf8('a\n1\n'), 'data'));

    expect(txt.message).toBe("The file must be a CSV or XLSX file. 'data.txt' has the extension .txt.");
    expect(none.message).toBe("The file must be a CSV or XLSX file. 'data' has no extension.");
  });

  it('refuses an empty file and one over 10 MB', async () => {
    expect((await refusal(() => parseSpreadsheet(new Uint8Array(0), 'a.csv'))).code).toBe('empty');
    const big = new Uint8Array(10240 * 1024 + 1).fill(0x61);
    expect((await refusal(() => parseSpreadsheet(big, 'a.csv'))).code).toBe('file_too_large');
  });

  it('reads a workbook named .xlsx', async () => {
    const table = await parseSpreadsheet(smallWorkbook(), 'data.xlsx');

    expect(table).toMatchObject({ format: 'xlsx', sheetName: 'Sheet1', headers: ['a'], rows: [['1']] });
  });
});

import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsv } from './csv-reader.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

function refusal(run: () => unknown): SpreadsheetError {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('readCsv', () => {
  it('reads a header row and data rows as trimmed text, empty cells as null', () => {
    const table = readCsv('Name, Price ,Note\nWidget,12.5,\n  Gadget  ,7, ok\n');

    expect(table).toMatchObject({
      format: 'csv',
      delimiter: ',',
      headers: ['Name', 'Price', 'Note'],
      columnIds: ['c0', 'c1', 'c2'],
      rows: [
        ['Widget', '12.5', null],
        ['Gadget', '7', 'ok'],
      ],
      rowNumbers: [2, 3],
      warnings: [],
    });
  });

  it('keeps quoted delimiters, doubled quotes and line breaks inside one value', () => {
    const table = readCsv('a,b\n"x, y","say ""hi"""\n"two\nlines",z\r\n');

    expect(table.rows).toEqual([
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
    expect(table.rowNumbers).toEqual([2, 3]);
  });

  it.each([
    ['semicolon', 'name;price\nA;1,50\nB;2,00\n', ';'],
    ['tab', 'name\tprice\nA\t1.50\nB\t2.00\n', '\t'],
    ['pipe', 'name|note\nA|"x, y; z"\nB|w\n', '|'],
    ['comma', 'name,price\nA,1\n', ','],
  ])('detects a %s delimiter', (_, text, delimiter) => {
    const table = readCsv(text);

    expect(table.delimiter).toBe(delimiter);
    expect(table.headers).toHaveLength(2);
    expect(table.rows[0]).toHaveLength(2);
  });

  it('detects the delimiter even when empty lines come first', () => {
    expect(detectDelimiter('\n\n\na;b\n1;2\n')).toBe(';');
  });

  it("takes a first line sep=; (Excel's delimiter hint) as the delimiter, not as the header row", () => {
    const table = readCsv('sep=;\r\nName;Note\r\nA;x, y\r\nB;z\r\n');

    expect(table).toMatchObject({
      delimiter: ';',
      headers: ['Name', 'Note'],
      rows: [
        ['A', 'x, y'],
        ['B', 'z'],
      ],
      rowNumbers: [2, 3],
    });
  });

  it('follows the sep= hint over detection, whatever its case', () => {
    const table = readCsv('SEP=|\nName|Note\nA|x, y, z; w\n');

    expect(table.delimiter).toBe('|');
    expect(table.headers).toEqual(['Name', 'Note']);
    expect(table.rows).toEqual([['A', 'x, y, z; w']]);
  });

  it('reads a sep= line that is not alone on its line as data', () => {
    const table = readCsv('sep=;,x\n1,2\n');

    expect(table.headers).toEqual(['sep=;', 'x']);
  });

  it('reads a one-column file (papaparse cannot detect its delimiter; that error is ignored)', () => {
    const table = readCsv('sku\nA-1\nB-2\n');

    expect(table.headers).toEqual(['sku']);
    expect(table.rows).toEqual([['A-1'], ['B-2']]);
  });

  it('skips empty and blank lines, keeping the row numbers a spreadsheet shows', () => {
    const table = readCsv('\n\na,b\n\n1,2\n , \n3,4\n\n');

    expect(table.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(table.rowNumbers).toEqual([5, 7]);
  });

  it('keeps emoji, accents and CJK text as they are', () => {
    const table = readCsv('Nom,名前,😀\nCrème brûlée,東京,🎉👍🏽\n');

    expect(table.headers).toEqual(['Nom', '名前', '😀']);
    expect(table.rows).toEqual([['Crème brûlée', '東京', '🎉👍🏽']]);
  });

  it('pads a row with fewer cells than the header with empty cells', () => {
    const table = readCsv('a,b,c\n1\n1,2\n');

    expect(table.rows).toEqual([
      ['1', null, null],
      ['1', '2', null],
    ]);
  });

  it('refuses a row with more cells than the header, naming the row and the counts', () => {
    const error = refusal(() => readCsv('a,b,c\n1,2,3\n\n1,2,3,4\n'));

    expect(error.code).toBe('ragged_row');
    expect(error.row).toBe(4);
    expect(error.message).toBe(
      'Row 4 has 4 cells but the header row (row 1) has 3 columns. Add a header for the extra cells or remove them.',
    );
  });

  it('ignores extra empty cells (trailing delimiters) rather than refusing the row', () => {
    const table = readCsv('a,b\n1,2,,\n');

    expect(table.rows).toEqual([['1', '2']]);
  });

  it('leaves out a column with neither header nor values (a trailing delimiter on every line)', () => {
    const table = readCsv('a,b,\n1,2,\n3,4,\n');

    expect(table.headers).toEqual(['a', 'b']);
    expect(table.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('names empty and repeated headers', () => {
    const table = readCsv('Price,,Price,Price (2)\n1,2,3,4\n');

    expect(table.headers).toEqual(['Price', 'Column 2', 'Price (3)', 'Price (2)']);
    expect(table.warnings).toEqual([
      "Column 2 has no header; it is named 'Column 2'.",
      "Column 3 repeats the header 'Price'; it is named 'Price (3)'.",
    ]);
  });

  it('refuses a reserved header, naming it', () => {
    const error = refusal(() => readCsv('name,__proto__\n1,2\n'));

    expect(error).toMatchObject({ code: 'reserved_column', column: '__proto__', row: 1 });
    expect(error.message).toContain("'__proto__'");
  });

  it('refuses an unterminated quote, naming the row where it opens', () => {
    const error = refusal(() => readCsv('a,b\n1,2\n"open,3\n4,5\n'));

    expect(error).toMatchObject({ code: 'malformed', row: 3 });
    expect(error.message).toMatch(/^Row 3 has a quoted value that is never closed/);
  });

  it('refuses text after a closing quote', () => {
    const error = refusal(() => readCsv('a,b\n"x"y,1\n'));

    expect(error).toMatchObject({ code: 'malformed', row: 2 });
  });

  it('reads the quotes of a tab-separated file as text when they are not CSV quoting, and says so', () => {
    const table = readCsv(
      'name\tsummary\tdownloads\n' +
        'tokens\t"Mooi & Anders": design tokens\t2862\n' +
        'screen\tA 5" screen\t10\n',
    );

    expect(table.rows).toEqual([
      ['tokens', '"Mooi & Anders": design tokens', '2862'],
      ['screen', 'A 5" screen', '10'],
    ]);
    expect(table.warnings).toEqual([
      "Quotes are read as text: this tab-separated file's quotes do not follow CSV quoting (row 2).",
    ]);
  });

  it('reads a short tab-separated file whose text quotes defeat delimiter detection (was: refused as one comma column)', () => {
    const table = readCsv('name\tnote\n"Weird Al" Yankovic\tok\nB\t"quoted"\n');

    expect(table.headers).toEqual(['name', 'note']);
    expect(table.rows).toEqual([
      ['"Weird Al" Yankovic', 'ok'],
      ['B', '"quoted"'],
    ]);
    expect(table.warnings).toEqual([
      "Quotes are read as text: this tab-separated file's quotes do not follow CSV quoting (row 2).",
    ]);
  });

  it('reads a report title above an empty line as a title (was: refused as a ragged row)', () => {
    const table = readCsv('Sales report March 2024\n\nRegion,Sales\nNorth,10\n');

    expect(table.headers).toEqual(['Region', 'Sales']);
    expect(table.rows).toEqual([['North', '10']]);
  });

  it('keeps the CSV quoting of a tab-separated file whose quotes parse', () => {
    const table = readCsv('name\tsummary\nquoted\t"a\tb"\nplain\tx\n');

    expect(table.rows).toEqual([
      ['quoted', 'a\tb'],
      ['plain', 'x'],
    ]);
    expect(table.warnings).toEqual([]);
  });

  it('refuses a tab-separated file whose quotes parse neither as CSV quoting nor as text', () => {
    // Read as text, row 3 has more cells than the header: the quoting error stands.
    const error = refusal(() => readCsv('a\tb\n"x"y\t1\n"p\tq"r\t2\n'));

    expect(error).toMatchObject({ code: 'malformed', row: 2 });
    expect(error.message).toMatch(/^Row 2 has a quoted value followed by more text/);
  });

  it('refuses a file with only empty lines, and one with a header but no rows', () => {
    expect(refusal(() => readCsv('\n\n \n')).code).toBe('empty');
    expect(refusal(() => readCsv('a,b\n\n'))).toMatchObject({ code: 'no_rows', row: 1 });
  });

  it('refuses more columns than allowed', () => {
    const error = refusal(() => readCsv('a,b,c\n1,2,3\n', { maxColumns: 2, maxCells: 100 }));

    expect(error.code).toBe('too_many_columns');
    expect(error.message).toBe('The header row (row 1) has 3 columns; at most 2 are allowed.');
  });

  it('refuses more cells than allowed, stopping at the row that goes over', () => {
    const text = `a,b\n${'1,2\n'.repeat(10)}`;

    const error = refusal(() => readCsv(text, { maxColumns: 10, maxCells: 10 }));

    expect(error).toMatchObject({ code: 'too_many_cells', row: 7 });
  });
});

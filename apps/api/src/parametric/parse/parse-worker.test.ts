import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import type { ParametricConfiguration } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.ts';
import { decodeCsvText } from './decode-text.ts';
import { decideFormat } from './file-format.ts';
import { productCsv } from './generated-csv.test-kit.ts';
import { inferConfiguration } from './infer-configuration.ts';
import type { ParseOptions } from './parse-in-worker.ts';
import { parseAndInfer, parseForStore, parseSpreadsheet } from './parse-spreadsheet.ts';
import type { ParsedTable } from './parsed-table.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';
import { typedRows } from './typed-rows.ts';
import { typedRowsInWorker } from './typed-rows-in-worker.ts';
import { readXlsxWorkbook } from './xlsx-workbook.ts';

/** The parse as it runs on the calling thread: the readers and inference, with no worker. */
function parseInThread(bytes: Uint8Array, fileName: string, options: ParseOptions = {}): ParsedTable {
  if (decideFormat(bytes, fileName) === 'xlsx') return readXlsxWorkbook(bytes, fileName, options);
  return readCsv(decodeCsvText(bytes, fileName), options.limits);
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, true);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), true);
  return bytes;
}

function workbook(sheets: Record<string, unknown[][]>): Uint8Array {
  const book = utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), name);
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array;
}

const fixtures = new URL('../../../test/fixtures/parametric/', import.meta.url);
const spectrum = join(dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json')), 'csvs');
const wide = Array.from({ length: 200 }, (_, c) => `h${c}`).join(',');
const wideRow = (r: number) =>
  Array.from({ length: 200 }, (_, c) => (c % 7 === r % 7 ? '' : `${r * c}`)).join(',');

/** Every file is read both ways; [name, bytes, options]. */
const files: [string, Uint8Array, ParseOptions][] = [
  ['catalogue.csv', readFileSync(new URL('catalogue-semicolon-bom.csv', fixtures)), {}],
  ...readdirSync(spectrum).map((file): [string, Uint8Array, ParseOptions] => [
    file,
    readFileSync(join(spectrum, file)),
    {},
  ]),
  ['tabs-utf16.csv', utf16le('Name\tCity\tQty\nZoë\t東京\t3\n\n\tParis\t-4\n'), {}],
  ['ragged-ends.csv', utf8('a;b;;\n"x\n y";1;;\n\n  ;2\n'), {}],
  ['one-column.csv', utf8('Only\nyes\nno\nYES\n'), {}],
  ['renamed.csv', utf8(',Name,Name,\n1,a,b,c\n'), {}],
  ['wide.csv', utf8([wide, ...Array.from({ length: 120 }, (_, r) => wideRow(r))].join('\r\n')), {}],
  ['products-3k.csv', productCsv(3_000, 7), {}],
  ['products-60k.csv', productCsv(60_000), {}],
  [
    'sheets.xlsx',
    workbook({
      A: [['x'], [1]],
      B: [
        ['Name', 'On'],
        ['a', true],
        ['b', false],
      ],
    }),
    { sheet: 'B' },
  ],
];

describe('parseAndInfer and typedRowsInWorker give what the calling thread would', () => {
  it.each(files)('%s', async (fileName, bytes, options) => {
    const table = parseInThread(bytes, fileName, options);
    const inferred = inferConfiguration(table);

    const worker = await parseAndInfer(bytes, fileName, options);
    const parsed = await parseSpreadsheet(bytes, fileName, options);

    expect(worker.table).toStrictEqual(table);
    expect(Object.keys(worker.table)).toEqual(Object.keys(table));
    expect(parsed).toStrictEqual(table);
    expect(worker.inferred).toStrictEqual(inferred);
    expect(await typedRowsInWorker(worker.table, worker.inferred)).toStrictEqual(typedRows(table, inferred));
  });

  it('leaves the caller its bytes: they are copied, not transferred', async () => {
    const bytes = utf8('a\n1\n');

    await parseAndInfer(bytes, 'a.csv');

    expect(bytes.byteLength).toBe(4);
  });

  it('types a table loaded back from storage (no row numbers) and a table without rows', async () => {
    const table = parseInThread(productCsv(4_000), 'p.csv');
    const configuration = inferConfiguration(table);
    const stored = { headers: table.headers, columnIds: table.columnIds, rows: table.rows };

    expect(await typedRowsInWorker(stored, configuration)).toStrictEqual(typedRows(stored, configuration));
    expect(await typedRowsInWorker({ ...stored, rows: [] }, configuration)).toEqual([]);
  });
});

async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => new Error('expected a rejection'),
    (caught: unknown) => caught,
  );
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** What a caller can see of a refusal (own properties included, so a new field cannot be lost). */
const seen = (error: unknown) =>
  error instanceof SpreadsheetError ? { ...error, message: error.message, name: error.name } : error;

/** [name, bytes, options] of files the parser refuses. */
const refused: [string, Uint8Array, ParseOptions][] = [
  ['ragged.csv', utf8('a,b\n1,2\n3,4,5\n'), {}],
  ['reserved.csv', utf8('name,__proto__\n1,2\n'), {}],
  ['unclosed.csv', utf8('a\n1\n"x\n'), {}],
  ['latin1.csv', Uint8Array.from([...utf8('name\nCr'), 0xe8, ...utf8('me\n')]), {}],
  ['header-only.csv', utf8('a,b\n'), {}],
  ['blank.csv', utf8('\n , \n'), {}],
  ['too-wide.csv', utf8(`${Array.from({ length: 201 }, (_, c) => `h${c}`).join(',')}\n1\n`), {}],
  ['too-many-cells.csv', productCsv(100), { limits: { maxColumns: 200, maxCells: 500 } }],
  ['binary.csv', Uint8Array.from([0x61, 0x0a, 0x00, 0x62]), {}],
  ['named.xlsx', workbook({ A: [['x'], [1]] }), { sheet: 'Nope' }],
];

describe('refusals cross the thread boundary intact', () => {
  it.each(refused)('%s', async (fileName, bytes, options) => {
    const expected = thrown(() => inferConfiguration(parseInThread(bytes, fileName, options)));
    expect(expected).toBeInstanceOf(SpreadsheetError);

    const fromWorker = await rejection(() => parseAndInfer(bytes, fileName, options));
    const fromParse = await rejection(() => parseSpreadsheet(bytes, fileName, options));

    expect(fromWorker).toBeInstanceOf(SpreadsheetError);
    expect(seen(fromWorker)).toEqual(seen(expected));
    expect(seen(fromParse)).toEqual(seen(expected));
  });

  it('an invalid value deep in a large table, with its row and column', async () => {
    const table = parseInThread(productCsv(60_000), 'p.csv');
    const row = [...(table.rows[45_000] ?? [])];
    row[4] = 'many';
    table.rows[45_000] = row;
    const configuration = inferConfiguration({ ...table, rows: table.rows.slice(0, 1) });
    const stored = { headers: table.headers, columnIds: table.columnIds, rows: table.rows };

    for (const input of [table, stored]) {
      const expected = thrown(() => typedRows(input, configuration));
      const fromWorker = await rejection(() => typedRowsInWorker(input, configuration));

      expect(fromWorker).toBeInstanceOf(SpreadsheetError);
      expect(seen(fromWorker)).toEqual(seen(expected));
      expect(fromWorker).toMatchObject({ code: 'invalid_value', row: 45_002, column: 'Stock' });
    }
  });

  it('a configuration column the table lacks is the same plain Error, even without rows', async () => {
    const table = parseInThread(utf8('a\n1\n'), 'a.csv');
    const configuration: ParametricConfiguration = inferConfiguration(
      parseInThread(utf8('a,b\n1,2\n'), 'ab.csv'),
    );

    for (const input of [table, { ...table, rows: [] }]) {
      const expected = thrown(() => typedRows(input, configuration)) as Error;
      const fromWorker = await rejection(() => typedRowsInWorker(input, configuration));

      expect(fromWorker).toBeInstanceOf(Error);
      expect(fromWorker).not.toBeInstanceOf(SpreadsheetError);
      expect((fromWorker as Error).message).toBe(expected.message);
    }
  });
});

describe('parseForStore: the rows as the JSON chunks the store keeps, made in the worker', () => {
  it('given 2,501 rows and chunks of 1,000, then three chunks whose rows are the parse, in order; the table carries no rows', async () => {
    const bytes = productCsv(2501);
    const expected = parseInThread(bytes, 'products.csv');
    const stored = await parseForStore(bytes, 'products.csv', 1000);
    expect(stored.rowCount).toBe(2501);
    expect(stored.table.rows).toEqual([]);
    expect(stored.table.headers).toEqual(expected.headers);
    const chunks = stored.cellChunks.map((json) => JSON.parse(json) as (string | null)[][]);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 501]);
    expect(chunks.flat()).toEqual(expected.rows);
    expect(stored.inferred).toEqual(inferConfiguration(expected));
    expect(Buffer.from(stored.fileBase64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});

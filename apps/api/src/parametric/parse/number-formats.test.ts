import { describe, expect, it } from 'vitest';
import { columnNumberConvention, normaliseNumberColumns, plainNumberText } from './number-formats.ts';
import { parseAndInfer } from './parse-spreadsheet.ts';
import { typedRows } from './typed-rows.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('columnNumberConvention', () => {
  it.each([
    [['1,234', '12,345.67', '-0.5', '7'], 'us'],
    [['1,234,567', '999'], 'us'],
    [['1.000,50', '3,5', '-12'], 'european'],
    [['1 234,5', '12\u00a0345', '0,25'], 'european'],
    [['3,5', '12,25', '1,2345'], 'european'],
    // Ambiguous: only a comma and three digits is US thousands.
    [['1,234', '5,678'], 'us'],
    // A US thousands look-alike with a value only European explains: the whole column is European.
    [['1,234', '3,5'], 'european'],
    [['1.234', '3,5'], 'european'],
    // French amounts: spaced thousands, decimal commas, sizes that vary.
    [['1 234,50', '12 345'], 'european'],
    [['12 345', '999'], 'european'],
    [['1 234 567', '12 345 678'], 'european'],
    // Swiss: an apostrophe (typed or typographic) groups thousands.
    [["1'234.50", "12'345", '7.5'], 'swiss'],
    [['1\u2019234.50', '999'], 'swiss'],
  ] as const)('reads %j as %s', (values, convention) => {
    expect(columnNumberConvention(values)).toBe(convention);
  });

  it.each([
    [['1.234', '2.5']],
    [['12', '-3.5', null]],
    [['1,234', '1.000,50', '12,345.67']],
    [['01,234']],
    [['1,23,456']],
    [['$1,234']],
    [['1,234', 'n/a']],
    [[null, null]],
    [["1'234,50"]],
  ])('leaves %j alone (plain numbers, or not one convention)', (values) => {
    expect(columnNumberConvention(values)).toBeNull();
  });

  it.each([
    [['612 345 678', '912 345 678']],
    [['612 345 678']],
    [['612\u00a0345\u00a0678', '612345678', null]],
    [['06 12 34 56 78', '612 345 678']],
    [['+34 612 345 678', '612 345 678']],
    [['0612 345 678']],
  ])('leaves %j alone (phone numbers, not amounts)', (values) => {
    expect(columnNumberConvention(values)).toBeNull();
  });

  it('gives the plain form a number parser reads', () => {
    expect(plainNumberText('-1.000.000,50', 'european')).toBe('-1000000.50');
    expect(plainNumberText("-1'234'567.25", 'swiss')).toBe('-1234567.25');
    expect(plainNumberText('1\u2019234', 'swiss')).toBe('1234');
    expect(plainNumberText('12,345.67', 'us')).toBe('12345.67');
    expect(plainNumberText('1 234', 'us')).toBeNull();
  });
});

describe('normaliseNumberColumns', () => {
  it('rewrites only the columns of grouped or decimal-comma numbers, with a warning for each', () => {
    const rows = [
      ['A', '1,234', '3,5', '2.5'],
      ['B', null, '1.000,50', '7'],
    ];

    const warnings = normaliseNumberColumns(['Name', 'Units', 'Price', 'Weight'], rows);

    expect(rows).toEqual([
      ['A', '1234', '3.5', '2.5'],
      ['B', null, '1000.50', '7'],
    ]);
    expect(warnings).toEqual([
      "Column 'Units' holds numbers written like 1,234.5; they are read as plain numbers (1234.5).",
      "Column 'Price' holds numbers written like 1.234,5; they are read as plain numbers (1234.5).",
    ]);
  });
});

describe('a column of dot thousands in a European table', () => {
  it('given decimal commas in another column, when the table is read, then 1.000 is a thousand (was: 1)', () => {
    const rows = [
      ['Schraube', '1.000', '0,50', '01.02.2024'],
      ['Mutter', '250', '1.234,99', '15.12.2023'],
      ['Bolzen', '12.500', '7,25', '31.01.2024'],
    ];

    const warnings = normaliseNumberColumns(['Artikel', 'Menge', 'Preis', 'Datum'], rows);

    expect(rows.map((row) => row.slice(1))).toEqual([
      ['1000', '0.50', '01.02.2024'],
      ['250', '1234.99', '15.12.2023'],
      ['12500', '7.25', '31.01.2024'],
    ]);
    expect(warnings).toEqual([
      "Column 'Menge' holds numbers written like 1.234,5; they are read as plain numbers (1234.5).",
      "Column 'Preis' holds numbers written like 1.234,5; they are read as plain numbers (1234.5).",
    ]);
  });

  it('given no European column, or a US one beside it, when the table is read, then 1.234 stays plain', () => {
    const alone = [['1.234'], ['2.500']];
    expect(normaliseNumberColumns(['Weight'], alone)).toEqual([]);
    expect(alone).toEqual([['1.234'], ['2.500']]);

    const mixed = [
      ['1.234', '3,5', '12,345.67'],
      ['2.500', '1.000,50', '1.5'],
    ];
    normaliseNumberColumns(['Weight', 'Price', 'Total'], mixed);
    expect(mixed.map((row) => row[0])).toEqual(['1.234', '2.500']);
  });

  it('given plain decimals beside a European column, when the table is read, then they stay decimals', () => {
    const rows = [
      ['2.5', '3,5'],
      ['1.25', '1.000,50'],
    ];
    normaliseNumberColumns(['Rating', 'Price'], rows);
    expect(rows.map((row) => row[0])).toEqual(['2.5', '1.25']);
  });
});

describe('an upload of numbers with thousands separators or decimal commas (was: text)', () => {
  it('types a European CSV as numbers, filterable by range, sortable by value', async () => {
    const csv = 'sep=;\nName;Price;Stock\nA;1.000,50;1 234\nB;3,5;2\nC;12,25;10\n';

    const { table, inferred } = await parseAndInfer(utf8(csv), 'prices.csv');
    const rows = typedRows(table, inferred);

    expect(inferred.columns.c1).toMatchObject({
      type: 'half_float',
      supports: { filtering: true, sorting: true },
    });
    expect(inferred.columns.c2).toMatchObject({
      type: 'integer',
      supports: { filtering: true, sorting: true },
    });
    expect(inferred.filters.c1?.supports.rangeFilter).toBe(true);
    expect(inferred.filters.c2?.supports.rangeFilter).toBe(true);
    expect(rows.map((row) => [row.c1, row.c2])).toEqual([
      [1000.5, 1234],
      [3.5, 2],
      [12.25, 10],
    ]);
    // What the store keeps and the exports write: one plain number per cell.
    expect(table.rows.map((row) => row[1])).toEqual(['1000.50', '3.5', '12.25']);
  });

  it('types a Swiss column as numbers and leaves a column of phone numbers as text (was: numbers)', async () => {
    const csv = "Name,Price,Phone\nA,1'234.50,612 345 678\nB,99.90,912 345 678\nC,12'000,600 000 001\n";

    const { table, inferred } = await parseAndInfer(utf8(csv), 'shops.csv');

    expect(inferred.columns.c1?.type).toBe('half_float');
    expect(inferred.columns.c2?.type).toBe('keyword');
    expect(typedRows(table, inferred).map((row) => [row.c1, row.c2])).toEqual([
      [1234.5, '612 345 678'],
      [99.9, '912 345 678'],
      [12000, '600 000 001'],
    ]);
  });

  it('types a US CSV, thousands in quotes, as numbers', async () => {
    const csv = 'Name,Amount\nA,"1,234"\nB,"12,345.67"\nC,-0.5\n';

    const { table, inferred } = await parseAndInfer(utf8(csv), 'amounts.csv');

    expect(inferred.columns.c1?.type).toBe('half_float');
    expect(typedRows(table, inferred).map((row) => row.c1)).toEqual([1234, 12345.67, -0.5]);
  });
});

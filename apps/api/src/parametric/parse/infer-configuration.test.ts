import { normaliseParametricConfiguration } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { profileColumn } from './infer-column.ts';
import { inferConfiguration, isFilterableByDefault } from './infer-configuration.ts';
import type { ParsedTable } from './parsed-table.ts';

function table(headers: string[], rows: (string | null)[][]): ParsedTable {
  return {
    format: 'csv',
    headers,
    columnIds: headers.map((_, i) => `c${i}`),
    rows,
    rowNumbers: rows.map((_, i) => i + 2),
    warnings: [],
  };
}

describe('profileColumn', () => {
  it.each([
    [['true', 'False', 'YES', 'no'], 'boolean'],
    [['1', '0', '1'], 'integer'],
    [['-7', '42', '9007199254740991'], 'integer'],
    // Past 15 significant digits a number would be rounded (…993 is …992): kept as text.
    [['9007199254740993'], 'keyword'],
    [['0.30000000000000004', '1e21'], 'half_float'],
    [['12.5', '3', '-0.25'], 'half_float'],
    [['1e3', '2.5E-3', '.5'], 'half_float'],
    [['12.0'], 'half_float'],
    [['08123', '12345'], 'keyword'],
    [['1,234.5'], 'keyword'],
    [['1,5', '2,0'], 'keyword'],
    [['$12'], 'keyword'],
    [['+5'], 'keyword'],
    [['Infinity', 'NaN'], 'keyword'],
    [['1e400'], 'keyword'],
    [['y', 'n'], 'keyword'],
    [['1', 'yes'], 'keyword'],
    [['https://cdn.example.com/a.png', 'http://x.org/B.JPEG?w=200', 'https://x.org/c.webp#top'], 'image'],
    [['https://x.org/a.svg', 'https://x.org/b.avif', 'https://x.org/c.gif', 'https://x.org/d.jpg'], 'image'],
    [['https://example.com/a.png', 'https://example.com/page'], 'hyperlink'],
    [['https://example.com', 'http://example.com/a?b=c'], 'hyperlink'],
    [['https://example.com', 'www.example.com'], 'keyword'],
    [['javascript:alert(1)'], 'keyword'],
    [['https://exa mple.com/a.png'], 'keyword'],
    [['ftp://example.com/a.png'], 'keyword'],
    [['Red', 'Blue'], 'keyword'],
    [[], 'keyword'],
  ] as const)('%j is %s', (values, type) => {
    expect(profileColumn(values, 50).type).toBe(type);
  });

  it('ignores empty cells', () => {
    expect(profileColumn([null, '3', null, '4'], 50)).toEqual({ type: 'integer', filled: 2, distinct: 2 });
  });

  it('counts distinct values only up to the cap plus one', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `v${i}`);

    expect(profileColumn(values, 50).distinct).toBe(51);
  });
});

describe('isFilterableByDefault', () => {
  it.each([
    [{ type: 'integer', filled: 100, distinct: 100 }, true],
    [{ type: 'half_float', filled: 3, distinct: 3 }, true],
    [{ type: 'boolean', filled: 10, distinct: 2 }, true],
    [{ type: 'keyword', filled: 10, distinct: 3 }, true],
    [{ type: 'keyword', filled: 1000, distinct: 50 }, true],
    [{ type: 'keyword', filled: 1000, distinct: 51 }, false],
    [{ type: 'keyword', filled: 10, distinct: 10 }, false],
    [{ type: 'keyword', filled: 0, distinct: 0 }, false],
    [{ type: 'image', filled: 10, distinct: 2 }, false],
    [{ type: 'hyperlink', filled: 10, distinct: 2 }, false],
  ] as const)('%j → %s', (profile, expected) => {
    expect(isFilterableByDefault(profile)).toBe(expected);
  });
});

describe('inferConfiguration', () => {
  const products = table(
    ['Name', 'Colour', 'Price', 'Qty', 'In stock', 'Photo', 'Page', 'Prix (€) / 100%'],
    [
      ['Widget', 'Red', '12.5', '3', 'yes', 'https://x.org/w.png', 'https://x.org/w', 'a'],
      ['Gadget', 'Blue', '7', '10', 'no', 'https://x.org/g.png', 'https://x.org/g', 'b'],
      ['Doohickey', 'Red', null, '1', 'yes', null, 'https://x.org/d', 'c'],
    ],
  );

  it('types every column, enables it, labels it URI-encoded and keeps file order', () => {
    const configuration = inferConfiguration(products);

    expect(
      Object.values(configuration.columns).map((c) => [c.id, c.label, c.position, c.type, c.enabled]),
    ).toEqual([
      ['c0', 'Name', 0, 'keyword', true],
      ['c1', 'Colour', 1, 'keyword', true],
      ['c2', 'Price', 2, 'half_float', true],
      ['c3', 'Qty', 3, 'integer', true],
      ['c4', 'In%20stock', 4, 'boolean', true],
      ['c5', 'Photo', 5, 'image', true],
      ['c6', 'Page', 6, 'hyperlink', true],
      ['c7', 'Prix%20(%E2%82%AC)%20%2F%20100%25', 7, 'keyword', true],
    ]);
  });

  it('makes numbers, booleans and repeating text filterable; images unsortable; links link to themselves', () => {
    const { columns, filters, settings } = inferConfiguration(products);

    expect(Object.values(columns).map((c) => [c.id, c.supports.filtering, c.supports.sorting])).toEqual([
      ['c0', false, true],
      ['c1', true, true],
      ['c2', true, true],
      ['c3', true, true],
      ['c4', true, true],
      ['c5', false, false],
      ['c6', false, true],
      ['c7', false, true],
    ]);
    expect(columns.c6?.settings).toEqual({ linkText: 'Link', linkTarget: 'self', targetColumnId: 'c6' });
    // Core's column schema fills the hyperlink defaults into every column's settings.
    expect(columns.c0?.settings).toEqual({ linkText: 'Link', linkTarget: 'self' });
    expect(filters).toEqual({
      c1: { id: 'c1', label: 'Colour', position: 0, type: 'list', supports: { rangeFilter: false } },
      c2: { id: 'c2', label: 'Price', position: 1, type: 'list', supports: { rangeFilter: true } },
      c3: { id: 'c3', label: 'Qty', position: 2, type: 'list', supports: { rangeFilter: true } },
      c4: { id: 'c4', label: 'In%20stock', position: 3, type: 'list', supports: { rangeFilter: false } },
    });
    expect(settings).toEqual({
      filterFormat: 'list',
      allowDownload: false,
      allowEmptyFilterValues: false,
      autoApplyFilters: true,
      showSearchBar: false,
    });
  });

  it('is already normalised by core', () => {
    const configuration = inferConfiguration(products);

    expect(normaliseParametricConfiguration(configuration)).toEqual(configuration);
  });

  it('types an all-empty column as keyword, not filterable', () => {
    const configuration = inferConfiguration(table(['a', 'b'], [['1', null]]));

    expect(configuration.columns.c1).toMatchObject({ type: 'keyword', supports: { filtering: false } });
  });
});

import { describe, expect, it } from 'vitest';
import { assertNoReservedHeaders, nameHeaders } from './header-names.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

const cells = (...texts: (string | null)[]) => texts.map((text, i) => ({ text, position: i + 1 }));

describe('nameHeaders', () => {
  it('trims headers and keeps unique ones as they are', () => {
    expect(nameHeaders(cells(' Name ', 'Prix (€)', '名前'))).toEqual({
      headers: ['Name', 'Prix (€)', '名前'],
      warnings: [],
    });
  });

  it('names an empty header after its column number in the file', () => {
    const named = nameHeaders([
      { text: 'a', position: 1 },
      { text: '  ', position: 3 },
      { text: null, position: 4 },
    ]);

    expect(named.headers).toEqual(['a', 'Column 3', 'Column 4']);
  });

  it('numbers repeats from (2), skipping names the file already has', () => {
    const named = nameHeaders(cells('Price', 'Price', 'Price (3)', 'Price', 'price'));

    expect(named.headers).toEqual(['Price', 'Price (2)', 'Price (3)', 'Price (4)', 'price']);
    expect(named.warnings).toEqual([
      "Column 2 repeats the header 'Price'; it is named 'Price (2)'.",
      "Column 4 repeats the header 'Price'; it is named 'Price (4)'.",
    ]);
  });

  it('keeps a generated name unique against a real header of the same text', () => {
    expect(nameHeaders(cells('Column 2', null)).headers).toEqual(['Column 2', 'Column 2 (2)']);
  });
});

describe('assertNoReservedHeaders', () => {
  it.each(['__proto__', 'constructor', 'prototype', ' prototype '])('refuses %j, naming it', (header) => {
    let error: unknown;
    try {
      assertNoReservedHeaders(['ok', header], 3);
    } catch (caught) {
      error = caught;
    }

    expect(error).toBeInstanceOf(SpreadsheetError);
    expect(error).toMatchObject({ code: 'reserved_column', row: 3, column: header.trim() });
  });

  it('accepts names that only look alike', () => {
    expect(() => assertNoReservedHeaders(['Constructor', 'proto', '__proto'], 1)).not.toThrow();
  });
});

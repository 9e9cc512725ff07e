import { describe, expect, it } from 'vitest';
import { isEmptyRow, readCsvRows } from './csv-rows.ts';

const delimiterError = {
  type: 'Delimiter',
  code: 'UndetectableDelimiter',
  message: "Unable to auto-detect delimiting character; defaulted to ','",
};
const quoteError = { type: 'Quotes', code: 'MissingQuotes', message: 'Quoted field unterminated', row: 2 };

describe('reading parsed CSV', () => {
  it('Given rows with empty and blank lines, when read, then those lines are skipped', () => {
    const data = [['a', 'b'], [''], [], ['  ', ''], ['c']];
    expect(readCsvRows({ data, errors: [] })).toEqual({ ok: true, value: [['a', 'b'], ['c']] });
  });

  it('Given a sole delimiter-detection error, when read, then it is ignored', () => {
    expect(readCsvRows({ data: [['a'], ['b']], errors: [delimiterError] })).toEqual({
      ok: true,
      value: [['a'], ['b']],
    });
  });

  it('Given a delimiter error together with another error, when read, then both messages are reported', () => {
    expect(readCsvRows({ data: [], errors: [delimiterError, quoteError] })).toEqual({
      ok: false,
      error:
        "Unable to auto-detect delimiting character; defaulted to ','; Quoted field unterminated (row 3)",
    });
  });

  it('Given the same error on several rows, when read, then its message appears once, with its first row', () => {
    const errors = [
      quoteError,
      { ...quoteError, row: 5 },
      { type: 'Quotes', code: 'InvalidQuotes', message: 'Trailing quote on quoted field is malformed' },
    ];
    expect(readCsvRows({ data: [], errors })).toEqual({
      ok: false,
      error: 'Quoted field unterminated (row 3); Trailing quote on quoted field is malformed',
    });
  });

  it('Given no rows, when read, then the result is an empty list', () => {
    expect(readCsvRows({ data: [], errors: [] })).toEqual({ ok: true, value: [] });
  });

  it.each([
    [[], true],
    [[''], true],
    [[' ', '\t'], true],
    [['', 'x'], false],
  ])('Given the row %j, when checked, then empty is %s', (row, expected) => {
    expect(isEmptyRow(row)).toBe(expected);
  });
});

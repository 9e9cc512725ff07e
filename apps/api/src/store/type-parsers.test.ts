import { describe, expect, test } from 'vitest';
import { parsePgArray } from './pg-array.ts';
import { getPgTypeParser, parseBytea, parseInt8, parseTimestamp } from './type-parsers.ts';

describe('parseTimestamp', () => {
  test.each([
    ['2024-02-29 13:14:15+00', '2024-02-29T13:14:15.000Z'],
    ['2024-02-29 13:14:15.678901+05:30', '2024-02-29T07:44:15.678Z'],
    ['1900-01-01 00:00:00+00:53:28', '1899-12-31T23:06:32.000Z'],
    ['2024-02-29 13:14:15-08', '2024-02-29T21:14:15.000Z'],
    ['2024-02-29 13:14:15.5', '2024-02-29T13:14:15.500Z'],
    ['0099-06-01 00:00:00+00', '0099-06-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseTimestamp(text).toISOString()).toBe(iso);
  });

  test('BC years and infinities keep their order', () => {
    expect(parseTimestamp('0044-03-15 00:00:00+00 BC').getUTCFullYear()).toBe(-43);
    expect(parseTimestamp('infinity').getTime()).toBeGreaterThan(Date.UTC(9999, 0));
    expect(parseTimestamp('-infinity').getTime()).toBeLessThan(Date.UTC(-9999, 0));
  });

  test('a DateStyle other than ISO is refused rather than misread', () => {
    expect(() => parseTimestamp('Thu Feb 29 13:14:15 2024 UTC')).toThrow(/DateStyle ISO/);
  });
});

describe('parseInt8 and parseBytea', () => {
  test('int8 within the safe range is a number, beyond it an error', () => {
    expect(parseInt8('-9007199254740991')).toBe(-9007199254740991);
    expect(() => parseInt8('9007199254740992')).toThrow(RangeError);
  });

  test('bytea hex becomes a plain Uint8Array of its own', () => {
    const bytes = parseBytea('\\x00ff');
    expect(bytes).toStrictEqual(new Uint8Array([0, 255]));
    expect(bytes.buffer.byteLength).toBe(2);
  });
});

describe('parsePgArray', () => {
  test('quoted, escaped, NULL and nested elements', () => {
    expect(parsePgArray('{a,"b,c","d\\"e","f\\\\g",NULL,"NULL",""}', String)).toEqual([
      'a',
      'b,c',
      'd"e',
      'f\\g',
      null,
      'NULL',
      '',
    ]);
    expect(parsePgArray('{{1,2},{3,NULL}}', Number)).toEqual([
      [1, 2],
      [3, null],
    ]);
    expect(parsePgArray('{}', Number)).toEqual([]);
    expect(parsePgArray('[0:1]={7,8}', Number)).toEqual([7, 8]);
  });

  test('a malformed literal is an error', () => {
    expect(() => parsePgArray('1,2', Number)).toThrow(SyntaxError);
    expect(() => parsePgArray('{1,2', Number)).toThrow(SyntaxError);
  });

  test('the pg parser reads arrays of listed types with their element parser, others as text', () => {
    expect(getPgTypeParser(1016)('{1,NULL}')).toEqual([1, null]);
    expect(getPgTypeParser(1185)('{"2024-01-01 00:00:00+00"}')).toEqual([new Date('2024-01-01T00:00:00Z')]);
    expect(getPgTypeParser(600)('(1,2)')).toBe('(1,2)');
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  readUrlFilterFile,
  urlFiltersFromRows,
  urlFiltersToRows,
  validateCsvFile,
} from './url-filters-csv.ts';

describe('URL filter CSV', () => {
  it.each([
    ['filters.csv', undefined],
    ['FILTERS.CSV', undefined],
    ['filters.txt', MESSAGES.fileMustBeCsv],
    ['filters.xlsx', MESSAGES.fileMustBeCsv],
    ['filters', MESSAGES.fileMustBeCsv],
  ])('Given the file %j, when checked, then the message is %j', (name, expected) => {
    expect(validateCsvFile({ name })).toBe(expected);
  });

  it.each([
    ['no rows', [], []],
    ['one row', [['/blog/*', ' /news/* ', '']], ['/blog/*', '/news/*']],
    [
      'several rows',
      [['/blog/*', 'ignored'], ['/news/*'], [' /shop/* ', 'x']],
      ['/blog/*', '/news/*', '/shop/*'],
    ],
    ['several rows with an empty first cell', [['/a'], ['', '/b']], ['/a']],
  ])('Given %s, when read as URL filters, then they are %j', (_case, rows, expected) => {
    expect(urlFiltersFromRows(rows)).toEqual(expected);
  });

  it.each([[['/a']], [['/a', '/b', '/c']], [[]]])(
    'Given the filters %j, when written as rows and read back, then they are unchanged',
    (filters) => {
      expect(urlFiltersFromRows(urlFiltersToRows(filters))).toEqual(filters);
    },
  );

  it('Given filters, when written as rows, then each filter is its own row', () => {
    expect(urlFiltersToRows(['/a', '/b'])).toEqual([['/a'], ['/b']]);
  });

  it('Given a non-CSV file, when read, then it is refused before parsing', () => {
    expect(readUrlFilterFile({ name: 'f.txt' }, { data: [['/a']], errors: [] })).toEqual({
      ok: false,
      error: 'File must be CSV.',
    });
  });

  it('Given a one-column CSV that papaparse could not detect a delimiter for, when read, then the filters load', () => {
    const parsed = {
      data: [['/a'], ['/b'], ['']],
      errors: [{ type: 'Delimiter', code: 'UndetectableDelimiter', message: 'Unable to auto-detect' }],
    };
    expect(readUrlFilterFile({ name: 'f.csv' }, parsed)).toEqual({ ok: true, value: ['/a', '/b'] });
  });

  it('Given parse errors, when read, then their messages are joined', () => {
    const parsed = {
      data: [],
      errors: [
        { type: 'Quotes', code: 'MissingQuotes', message: 'Quoted field unterminated' },
        { type: 'Quotes', code: 'InvalidQuotes', message: 'Trailing quote on quoted field is malformed' },
      ],
    };
    expect(readUrlFilterFile({ name: 'f.csv' }, parsed)).toEqual({
      ok: false,
      error: 'Quoted field unterminated; Trailing quote on quoted field is malformed',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-rows.ts';
import { formatCsv, parseCsv } from './csv-text.ts';
import { readResultRankingFile, resultRankingToRows } from './result-ranking-csv.ts';

describe('CSV text', () => {
  it.each([
    [
      'plain cells',
      'a,b\nc,d\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['CRLF line ends', 'a,b\r\nc\r\nd', [['a', 'b'], ['c'], ['d']]],
    [
      'quoted cells with commas, quotes and line breaks',
      '"a, b","say ""hi""","x\ny"\n',
      [['a, b', 'say "hi"', 'x\ny']],
    ],
    ['empty cells and an empty line', 'a,,\n\nb', [['a', '', ''], [''], ['b']]],
    ['a byte order mark', '\uFEFFq,u', [['q', 'u']]],
    ['semicolons and no comma', 'q;/a;/b\n', [['q', '/a', '/b']]],
    ['tabs and no comma', 'q\t/a\n', [['q', '/a']]],
    ['a semicolon inside a comma file', 'q,/a;b\n', [['q', '/a;b']]],
    ['no text', '', []],
  ])('Given %s, when parsed, then the rows are %j', (_case, text, rows) => {
    expect(parseCsv(text)).toEqual({ data: rows, errors: [] });
  });

  it('Given an unterminated quote, when parsed, then papaparse’s message names it', () => {
    const parsed = parseCsv('a,b\n"c,d\n');
    expect(parsed.errors).toEqual([
      { type: 'Quotes', code: 'MissingQuotes', message: 'Quoted field unterminated', row: 1 },
    ]);
    expect(readCsvRows(parsed)).toEqual({ ok: false, error: 'Quoted field unterminated (row 2)' });
  });

  it('Given text after a closing quote, when parsed, then the malformed quote is reported', () => {
    const parsed = parseCsv('"a"b,c\n');
    expect(parsed.errors.map((error) => error.code)).toContain('InvalidQuotes');
    expect(readCsvRows(parsed).ok).toBe(false);
  });

  it('Given cells that need quoting, when written and read back, then they are the same', () => {
    const rows = [
      ['pricing, plans', 'https://a.test/p?x="1"', ' padded '],
      ['semi;colon', 'tab\there', 'line\nbreak'],
      ['plain'],
    ];
    const text = formatCsv(rows);
    expect(text).toBe(
      '"pricing, plans","https://a.test/p?x=""1"""," padded "\r\n"semi;colon","tab\there","line\nbreak"\r\nplain\r\n',
    );
    expect(parseCsv(text)).toEqual({ data: rows, errors: [] });
  });

  it('Given a cell a spreadsheet would run as a formula, when written, then it is escaped', () => {
    expect(formatCsv([['=HYPERLINK("x")', '+1', 'https://a.test/']])).toBe(
      `"'=HYPERLINK(""x"")","'+1",https://a.test/\r\n`,
    );
  });

  it('Given a formula after a semicolon, when written, then the cell is quoted whole (was: split by European Excel)', () => {
    expect(formatCsv([['https://a.test/;=HYPERLINK("x")', 'b']])).toBe(
      `"https://a.test/;=HYPERLINK(""x"")",b\r\n`,
    );
  });

  it('Given a formula followed by a line break, when written, then it is escaped (was: papaparse missed it)', () => {
    expect(formatCsv([['=HYPERLINK("x")\nmore']])).toBe(`"'=HYPERLINK(""x"")\nmore"\r\n`);
  });

  it('Given result ranking entries, when written as CSV and loaded again, then the entries come back', () => {
    const entries = [
      { query: 'pricing', results: ['https://a.test/pricing', 'https://a.test/plans'] },
      { query: 'install, quick', results: ['https://a.test/install'] },
    ];
    const text = formatCsv(resultRankingToRows(entries));
    expect(readResultRankingFile({ name: 'current-result-ranking.csv' }, parseCsv(text))).toEqual({
      ok: true,
      value: entries,
    });
  });
});

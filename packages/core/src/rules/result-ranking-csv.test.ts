import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { readResultRankingFile, resultRankingFromRows, resultRankingToRows } from './result-ranking-csv.ts';

describe('result ranking CSV', () => {
  it.each([
    [
      'a query with URLs',
      [['pricing', 'https://a.com/p', 'https://a.com/q']],
      [{ query: 'pricing', results: ['https://a.com/p', 'https://a.com/q'] }],
    ],
    ['a row with one cell', [['lonely']], []],
    ['a row whose URLs are all empty', [['query', '', '  ']], []],
    ['a row without a query', [['', 'https://a.com']], []],
    [
      'padded cells and empty URLs between',
      [[' docs ', '', ' https://a.com/d ', '']],
      [{ query: 'docs', results: ['https://a.com/d'] }],
    ],
    [
      'a repeated query',
      [
        ['Docs', '/a', '/b'],
        ['docs', '/b', '/c'],
      ],
      [{ query: 'Docs', results: ['/a', '/b', '/c'] }],
    ],
    ['no rows', [], []],
  ])('Given %s, when read, then the entries are %j', (_case, rows, expected) => {
    expect(resultRankingFromRows(rows)).toEqual(expected);
  });

  it('Given entries, when written as rows and read back, then they are unchanged', () => {
    const entries = [
      { query: 'pricing', results: ['/p'] },
      { query: 'support', results: ['/s', '/help'] },
    ];
    expect(resultRankingToRows(entries)).toEqual([
      ['pricing', '/p'],
      ['support', '/s', '/help'],
    ]);
    expect(resultRankingFromRows(resultRankingToRows(entries))).toEqual(entries);
  });

  it('Given entries that hide URLs, when written, then every row ends with the hidden column and reads back the same', () => {
    const entries = [
      { query: 'pricing', results: ['/p', '/plans'], hidden: ['/old-pricing', '/2019'] },
      { query: 'support', results: ['/s'] },
      { query: 'legacy', results: [], hidden: ['/legacy'] },
    ];
    const rows = resultRankingToRows(entries);
    expect(rows).toEqual([
      ['pricing', '/p', '/plans', 'hidden: /old-pricing /2019'],
      ['support', '/s', '', ''],
      ['legacy', '', '', 'hidden: /legacy'],
    ]);
    expect(resultRankingFromRows(rows)).toEqual(entries);
  });

  it('Given an older file without the hidden column, when read, then every URL is pinned and nothing hidden', () => {
    expect(resultRankingFromRows([['pricing', '/p', '/plans']])).toEqual([
      { query: 'pricing', results: ['/p', '/plans'] },
    ]);
  });

  it('Given a hidden cell in any case, over lines, repeated rows and a URL also pinned, when read, then hidden wins', () => {
    expect(
      resultRankingFromRows([
        ['Docs', '/a', '/old', 'HIDDEN:  /old\n/older '],
        ['docs', '/b', 'hidden: /oldest'],
      ]),
    ).toEqual([{ query: 'Docs', results: ['/a', '/b'], hidden: ['/old', '/older', '/oldest'] }]);
  });

  it.each(['ranking.txt', 'ranking.xlsx'])('Given %j, when read, then only CSV is accepted', (name) => {
    expect(readResultRankingFile({ name }, { data: [], errors: [] })).toEqual({
      ok: false,
      error: MESSAGES.fileMustBeCsv,
    });
  });

  it('Given a CSV with a blank line, when read, then the entries load', () => {
    expect(readResultRankingFile({ name: 'r.CSV' }, { data: [['q', '/u'], ['']], errors: [] })).toEqual({
      ok: true,
      value: [{ query: 'q', results: ['/u'] }],
    });
  });

  it('Given a parse error, when read, then its message is returned', () => {
    const parsed = {
      data: [],
      errors: [{ type: 'Quotes', code: 'MissingQuotes', message: 'Quoted field unterminated' }],
    };
    expect(readResultRankingFile({ name: 'r.csv' }, parsed)).toEqual({
      ok: false,
      error: 'Quoted field unterminated',
    });
  });
});

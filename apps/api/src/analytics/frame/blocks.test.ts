import { describe, expect, it } from 'vitest';
import type { AnalyticsReader } from '../reports.ts';
import { type ReportTable, tableCsv, tablesOf } from './blocks.ts';
import type { FrameContext } from './card-parts.ts';
import { filterUse } from './use-cards.ts';

const table = (rows: ReportTable['rows']): ReportTable => ({
  id: 'filter-use',
  caption: 'Filter use',
  columns: [
    { label: 'Filter' },
    { label: 'Searches using it', numeric: true },
    { label: 'Most selected values' },
  ],
  rows,
  empty: 'No search used a filter in this period.',
});

describe('tableCsv', () => {
  it('given cells a spreadsheet would run, then each starts with an apostrophe', () => {
    const csv = tableCsv(
      table([
        [{ text: '=1+1' }, { text: '1', value: 1 }, { text: '@sum(a1)' }],
        [{ text: '+x' }, { text: '2', value: -2 }, { text: '\tx' }],
      ]),
    );
    expect(csv).toBe(
      "\uFEFFFilter,Searches using it,Most selected values\r\n'=1+1,1,'@sum(a1)\r\n'+x,-2,\"'\tx\"\r\n",
    );
  });

  it('given a visitor value with a formula after a semicolon, then that part is escaped too', () => {
    // A spreadsheet splitting lines at ';' would read `=1+1 (1)"` as a cell of its own.
    const csv = tableCsv(
      table([[{ text: 'created' }, { text: '1', value: 1 }, { text: 'x;=1+1 (1), a; @b;-c;-5' }]]),
    );
    expect(csv.split('\r\n')[1]).toBe(`created,1,"x;'=1+1 (1), a; @b;'-c;-5"`);
  });
});

describe('the Filter use download', () => {
  it("given a range filter (no values), then its values cell is empty, not the screen's dash", async () => {
    const reader = {
      range: { from: '2031-05-07', to: '2031-05-07' },
      filters: async () => [
        { filterId: 'c0', searches: 2, zeroResultSearches: 0, values: [] },
        { filterId: 'c3', searches: 1, zeroResultSearches: 1, values: [{ value: '2017', searches: 1 }] },
      ],
    } as unknown as AnalyticsReader;
    const ctx: FrameContext = {
      reader,
      target: { accountId: 'a', engineId: 'e', engineName: 'Releases', engineType: 'pm', clientId: 'c' },
      abilities: { editKeyword: null },
      filterLabels: async () => new Map([['c0', 'version']]),
      rows: 1000,
      width: 700,
      charts: false,
    };
    const [table] = tablesOf(await filterUse(ctx));
    expect(table?.rows.map((row) => row[3]?.text)).toEqual(['–', '2017 (1)']);
    expect(
      tableCsv(table as ReportTable)
        .split('\r\n')
        .slice(1, 3),
    ).toEqual(['version,2,0,', 'c3,1,1,2017 (1)']);
  });
});

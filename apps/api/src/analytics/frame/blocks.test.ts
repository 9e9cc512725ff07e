import { describe, expect, it } from 'vitest';
import { type ReportTable, tableCsv } from './blocks.ts';

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

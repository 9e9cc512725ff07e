import { describe, expect, it } from 'vitest';
import type { SearchEventRow } from './search-events.ts';
import { filterCounts } from './search-filter-counts.ts';

const row = (at: string, filters: unknown, resultCount = 3, clientId = 'c1'): SearchEventRow => ({
  accountId: 'a1',
  clientId,
  id: `s-${at}`,
  at: new Date(at),
  engineId: 'e1',
  engineType: 'pm',
  query: '',
  tab: null,
  filters: filters === null ? null : JSON.stringify(filters),
  page: 1,
  resultCount,
  latencyMs: 1,
  visitorId: 'v',
});

/** The parameters as rows [client, day, filter, value, searches, zero], sorted as strings (null first). */
function counted(rows: SearchEventRow[]): unknown[][] {
  const [, clients, days, filters, values, searches, zero] = filterCounts(rows);
  return clients.map((c, i) => [c, days[i], filters[i], values[i], searches[i], zero[i]]).sort();
}

describe('filterCounts', () => {
  it('given list and range filters over two days, then each search counted once per filter and per value', () => {
    expect(
      counted([
        // A value selected twice counts once; a null value is skipped.
        row('2031-05-06T23:59:59Z', { colour: { values: ['red', 'red', null, 'blue'] } }),
        row('2031-05-06T10:00:00Z', { colour: { values: ['red'] }, price: { min: 1, max: 5 } }, 0),
        // The next UTC day; another client.
        row('2031-05-07T00:00:01Z', { colour: { values: ['red'] } }),
        row('2031-05-06T10:00:00Z', { colour: { values: [7] } }, 3, 'c2'),
        // No filters, or not an object: nothing.
        row('2031-05-06T10:00:00Z', null),
        row('2031-05-06T10:00:00Z', ['colour']),
      ]),
    ).toEqual([
      ['c1', '2031-05-06', 'colour', null, 2, 1],
      ['c1', '2031-05-06', 'colour', 'blue', 1, 0],
      ['c1', '2031-05-06', 'colour', 'red', 2, 1],
      ['c1', '2031-05-06', 'price', null, 1, 1],
      ['c1', '2031-05-07', 'colour', null, 1, 0],
      ['c1', '2031-05-07', 'colour', 'red', 1, 0],
      ['c2', '2031-05-06', 'colour', null, 1, 0],
      ['c2', '2031-05-06', 'colour', '7', 1, 0],
    ]);
  });
});

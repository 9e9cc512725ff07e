import { describe, expect, it } from 'vitest';
import { visiblePages } from './pager.ts';
import { pageCount, resultCountText } from './result-count.ts';

describe('paging', () => {
  it('shows every page when there are few', () => {
    expect(visiblePages(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('elides long runs around the current page, keeping the first and the last', () => {
    expect(visiblePages(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(visiblePages(20, 20)).toEqual([1, null, 18, 19, 20]);
  });

  it('counts at least one page', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10)]).toEqual([1, 1, 2]);
  });

  it('words a total for the live region, with a text of its own for none', () => {
    expect([resultCountText(1), resultCountText(0), resultCountText(0, 'Nothing here.')]).toEqual([
      '1 result',
      'No results',
      'Nothing here.',
    ]);
  });
});

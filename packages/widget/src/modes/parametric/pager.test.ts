import { describe, expect, it } from 'vitest';
import { visiblePages } from './pager.ts';

describe('visiblePages', () => {
  it('shows every page when there are few', () => {
    expect(visiblePages(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('elides long runs around the current page, keeping the first and the last', () => {
    expect(visiblePages(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(visiblePages(20, 20)).toEqual([1, null, 18, 19, 20]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  crawlReportPaging,
  crawlReportSearch,
  fromIndex,
  pageCount,
  pageWindow,
} from './crawl-report-paging.ts';

describe('crawl report page count and fromIndex', () => {
  it.each([
    [0, 0],
    [1, 1],
    [10, 1],
    [11, 2],
    [70, 7],
    [71, 8],
  ])('Given %i results, when paged by 10, then there are %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it.each([
    [1, 0],
    [2, 10],
    [7, 60],
    [0, 0],
  ])('Given page %i, when the report is requested, then fromIndex is %i', (page, index) => {
    expect(fromIndex(page)).toBe(index);
  });
});

describe('crawl report page window', () => {
  it.each([
    ['no pages', 1, 0, []],
    ['one page', 1, 1, [1]],
    ['exactly 7 pages', 5, 7, [1, 2, 3, 4, 5, 6, 7]],
    ['8 pages, at the start', 1, 8, [1, 2, 3, 4, 5, 6, 7]],
    ['8 pages, at the end', 8, 8, [2, 3, 4, 5, 6, 7, 8]],
    ['20 pages, on page 1', 1, 20, [1, 2, 3, 4, 5, 6, 7]],
    ['20 pages, on page 4 (first centred)', 4, 20, [1, 2, 3, 4, 5, 6, 7]],
    ['20 pages, on page 5', 5, 20, [2, 3, 4, 5, 6, 7, 8]],
    ['20 pages, in the middle', 10, 20, [7, 8, 9, 10, 11, 12, 13]],
    ['20 pages, on page 17 (last centred)', 17, 20, [14, 15, 16, 17, 18, 19, 20]],
    ['20 pages, on page 18', 18, 20, [14, 15, 16, 17, 18, 19, 20]],
    ['20 pages, on the last page', 20, 20, [14, 15, 16, 17, 18, 19, 20]],
    ['20 pages, past the end', 99, 20, [14, 15, 16, 17, 18, 19, 20]],
    ['20 pages, before the start', 0, 20, [1, 2, 3, 4, 5, 6, 7]],
  ])('Given %s, when the window is built, then it shows %j', (_case, current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('crawl report pager', () => {
  it.each([
    [0, 1, { pageCount: 0, pages: [], fromIndex: 0, hasPrevious: false, hasNext: false }],
    [25, 1, { pageCount: 3, pages: [1, 2, 3], fromIndex: 0, hasPrevious: false, hasNext: true }],
    [25, 2, { pageCount: 3, pages: [1, 2, 3], fromIndex: 10, hasPrevious: true, hasNext: true }],
    [25, 3, { pageCount: 3, pages: [1, 2, 3], fromIndex: 20, hasPrevious: true, hasNext: false }],
  ])('Given %i results on page %i, when paged, then the pager is %j', (total, page, expected) => {
    expect(crawlReportPaging(total, page)).toEqual(expected);
  });
});

describe('crawl report search trigger', () => {
  it.each([
    ['', { search: true, searchTerm: '', page: 1 }],
    ['   ', { search: true, searchTerm: '', page: 1 }],
    ['a', { search: false }],
    ['abc', { search: false }],
    [' abc ', { search: false }],
    ['abcd', { search: true, searchTerm: 'abcd', page: 1 }],
    ['  /docs  ', { search: true, searchTerm: '/docs', page: 1 }],
    ['日本語', { search: false }],
    ['日本語版', { search: true, searchTerm: '日本語版', page: 1 }],
  ])('Given the filter text %j, when it changes, then %j', (text, expected) => {
    expect(crawlReportSearch(text)).toEqual(expected);
  });
});

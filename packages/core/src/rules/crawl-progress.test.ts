import { describe, expect, it } from 'vitest';
import { crawlFetchProgress, crawlStateOf, crawlStatusCounts } from './crawl-progress.ts';

describe('crawl progress from the report counts', () => {
  it('Given counts of every kind, then fetched leaves out Created, Pending Fetch and Interrupted', () => {
    expect(crawlFetchProgress({ '0': 2, '3': 10, '4': 1, '5': 2, '8': 3, '9': 4 })).toEqual({
      known: 22,
      fetched: 13,
    });
    expect(crawlFetchProgress({})).toEqual({ known: 0, fetched: 0 });
  });

  it("Given counts keyed by code, then the statuses with URLs come in code order with their display text, '404' after Success", () => {
    expect(crawlStatusCounts({ '9': 4, '4': 1, '3': 10, '0': 0, '12': 1 })).toEqual([
      { code: 3, label: 'Success', count: 10 },
      { code: 4, label: '404', count: 1 },
      { code: 9, label: 'Pending Fetch', count: 4 },
      { code: 12, label: 'Unknown', count: 1 },
    ]);
  });

  it('Given a report without a state (an older server), then finalized tells finished from crawling', () => {
    expect(crawlStateOf({ finalized: true })).toBe('finished');
    expect(crawlStateOf({ finalized: false })).toBe('crawling');
    expect(crawlStateOf({ finalized: true, state: 'failed' })).toBe('failed');
  });
});

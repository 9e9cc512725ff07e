import { describe, expect, it } from 'vitest';
import {
  crawlFetchProgress,
  crawlPace,
  crawlStateOf,
  crawlStatusCounts,
  durationText,
} from './crawl-progress.ts';

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

describe('crawlPace', () => {
  const run = (checked: number, seconds: number | null) => ({
    startedAt: '2026-03-01T10:00:00.000Z',
    checked,
    lastCheckAt:
      seconds === null
        ? null
        : new Date(Date.parse('2026-03-01T10:00:00.000Z') + seconds * 1000).toISOString(),
  });

  it('given 40 URLs fetched in 20 s and 60 waiting, then 2 pages a second and 30 s left', () => {
    expect(crawlPace({ run: run(40, 20), counts: { 3: 38, 4: 2, 0: 50, 9: 10 } })).toEqual({
      pagesPerSecond: 2,
      secondsLeft: 30,
    });
  });

  it('given too few URLs or too short a time, then a rate but no estimate', () => {
    expect(crawlPace({ run: run(3, 20), counts: { 3: 3, 0: 10 } })?.secondsLeft).toBeUndefined();
    expect(crawlPace({ run: run(40, 1), counts: { 3: 40, 0: 10 } })?.secondsLeft).toBeUndefined();
    expect(crawlPace({ run: run(40, 1), counts: { 3: 40, 0: 10 } })?.pagesPerSecond).toBe(40);
  });

  it('given no fetch yet or no run, then no pace', () => {
    expect(crawlPace({ run: run(0, null), counts: { 0: 10 } })).toBeUndefined();
    expect(crawlPace({ counts: { 0: 10 } })).toBeUndefined();
  });
});

describe('durationText', () => {
  it('says seconds, minutes, then hours and minutes', () => {
    expect([
      durationText(0.2),
      durationText(45),
      durationText(150),
      durationText(3600),
      durationText(4800),
    ]).toEqual(['1 s', '45 s', '3 min', '1 h', '1 h 20 min']);
  });
});
